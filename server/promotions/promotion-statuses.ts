import type { StatusOption } from '../../event-schemas/contract/promotions';
import type { PromotionStatus } from '../../event-schemas';

/** GET /promotions/options/promotion-statuses. This programme has no approval process, so no status is approval-only. */
export const promotionStatusOptions: StatusOption[] = [
  { code: 'NEW', description: 'New', applicableOnlyToApprovalProcess: false },
  { code: 'DRAFT', description: 'Draft', applicableOnlyToApprovalProcess: false },
  { code: 'ACTIVE', description: 'Active', applicableOnlyToApprovalProcess: false },
  { code: 'ENDED', description: 'Ended', applicableOnlyToApprovalProcess: false },
  { code: 'PAYMENTS_STOPPED', description: 'Payments stopped', applicableOnlyToApprovalProcess: false },
];

export type StatusAction = 'publish' | 'revert-to-draft' | 'end' | 'stop-payments' | 'delete';

/**
 * The allowed transitions, one row per admin action (the spec leaves them open; README.md says why these). Anything
 * else is a 409: an ended promotion is never reopened (copy it instead) and PAYMENTS_STOPPED is final.
 */
export const statusActions: Record<StatusAction, { from: readonly PromotionStatus[]; to: PromotionStatus; label: string }> = {
  publish: { from: ['NEW', 'DRAFT'], to: 'ACTIVE', label: 'publish' },
  'revert-to-draft': { from: ['NEW', 'ACTIVE'], to: 'DRAFT', label: 'revert to draft' },
  end: { from: ['ACTIVE'], to: 'ENDED', label: 'end' },
  'stop-payments': { from: ['ACTIVE', 'ENDED'], to: 'PAYMENTS_STOPPED', label: 'stop payments on' },
  // Only what never paid or showed: a published promotion is ended or copied, never deleted. DELETED is final.
  delete: { from: ['NEW', 'DRAFT'], to: 'DELETED', label: 'delete' },
};
