import type { PromotionStatus } from '../../../../event-schemas/contract/promotions';

export type { PromotionStatus };
export type StatusAction = 'publish' | 'revert-to-draft' | 'end' | 'stop-payments' | 'delete';

export interface StatusActionRule {
  from: readonly PromotionStatus[];
  to: PromotionStatus;
  label: string;
  /** Every action is confirmed first (issue 10): each changes what members see or what the rules pay. */
  confirm: ((name: string) => { title: string; message: string; yesLabel: string }) | null;
}

/**
 * The transitions of server/promotions/promotion-statuses.ts (a client test keeps the two equal). The server still
 * decides: this only leaves out buttons that could not work, and a 409 from a stale row is shown as a message.
 */
export const statusActionRules: Record<StatusAction, StatusActionRule> = {
  publish: {
    from: ['NEW', 'DRAFT'],
    to: 'ACTIVE',
    label: 'Publish',
    confirm: (name) => ({
      title: 'Publish this promotion?',
      message: `Members it targets will see "${name}", and its rules will pay their processed treatments. A published promotion can no longer be edited (revert it to draft first).`,
      yesLabel: 'Publish',
    }),
  },
  'revert-to-draft': {
    from: ['NEW', 'ACTIVE'],
    to: 'DRAFT',
    label: 'Revert to draft',
    confirm: (name) => ({
      title: 'Revert to draft?',
      message: `Members will no longer see "${name}" until it is published again.`,
      yesLabel: 'Revert to draft',
    }),
  },
  end: {
    from: ['ACTIVE'],
    to: 'ENDED',
    label: 'End',
    confirm: (name) => ({
      title: 'End this promotion?',
      message: `"${name}" ends now and can never be published again (copy it to run it again).`,
      yesLabel: 'End promotion',
    }),
  },
  'stop-payments': {
    from: ['ACTIVE', 'ENDED'],
    to: 'PAYMENTS_STOPPED',
    label: 'Stop payments',
    confirm: (name) => ({ title: 'Stop payments?', message: `No more payments will be made for "${name}". This is final.`, yesLabel: 'Stop payments' }),
  },
  delete: {
    from: ['NEW', 'DRAFT'],
    to: 'DELETED',
    label: 'Delete',
    confirm: (name) => ({
      title: 'Delete this draft?',
      message: `"${name}" leaves the list and can never be published. Its history is kept.`,
      yesLabel: 'Delete draft',
    }),
  },
};

const ACTION_ORDER: readonly StatusAction[] = ['publish', 'revert-to-draft', 'end', 'stop-payments', 'delete'];

/** The actions a promotion in `status` allows, in the order the screen shows them; none for a status not known. */
export const actionsFor = (status: string): StatusAction[] => ACTION_ORDER.filter((a) => (statusActionRules[a].from as readonly string[]).includes(status));

const STATUS_LABELS: Record<PromotionStatus, string> = {
  NEW: 'New',
  DRAFT: 'Draft',
  ACTIVE: 'Active',
  ENDED: 'Ended',
  PAYMENTS_STOPPED: 'Payments stopped',
  DELETED: 'Deleted',
};
export const statusLabel = (status: string): string => STATUS_LABELS[status as PromotionStatus] ?? status;
