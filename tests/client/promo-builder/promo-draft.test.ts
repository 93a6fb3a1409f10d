import type { AuditEntry } from '../../../client/src/features/promo-builder/api/promo-api';
import { auditRows } from '../../../client/src/features/promo-builder/audit-rows';
import { errorCountBySection, errorsAfterEdit, fieldErrorsOf, newDraft, toCreateBody } from '../../../client/src/features/promo-builder/promo-draft';

const draft = {
  ...newDraft(),
  name: 'Spring Sparkle',
  promotionCode: ' SPARKLE-1 ',
  fromDate: '2026-04-01',
  thruDate: '2026-04-30',
  groupId: 7,
  pages: { OVERVIEW: { contentEntryId: '', active: true }, RULES: { contentEntryId: 'rules-1 ', active: false }, FAQ: { contentEntryId: 'faq-1', active: true } },
};

describe('the create body', () => {
  it('is FLAT_PAYOUT with the first group, the given pages only, and no tile title or category when left empty', () => {
    expect(toCreateBody(draft, true)).toEqual({
      name: 'Spring Sparkle',
      description: '',
      promotionCode: 'SPARKLE-1',
      typeCode: 'FLAT_PAYOUT',
      fromDate: '2026-04-01',
      thruDate: '2026-04-30',
      groupIds: [7],
      certificateCategoryCode: null,
      website: { pages: [{ page: 'RULES', contentEntryId: 'rules-1', active: false }, { page: 'FAQ', contentEntryId: 'faq-1', active: true }] },
      finalize: true,
    });
    expect(toCreateBody({ ...draft, groupId: null, tileTitle: ' Tile ', certificateCategoryCode: 'GLOW' }, false)).toMatchObject({
      groupIds: [],
      certificateCategoryCode: 'GLOW',
      website: { tileTitle: 'Tile' },
      finalize: false,
    });
  });
});

describe('field errors of a 400', () => {
  const body = toCreateBody(draft, false);

  it('are keyed by form field: body. dropped, group indexes folded, page indexes turned back into page names', () => {
    const errors = fieldErrorsOf(
      {
        errors: [
          { path: 'body.name', message: 'must be 1 to 120 characters' },
          { path: 'body.thruDate', message: 'must not be before fromDate' },
          { path: 'body.groupIds.0', message: 'is not a participant group' },
          { path: 'body.website.pages.1.contentEntryId', message: 'must be 1 to 64 letters' },
          { path: 'body.certificateCategoryCode', message: 'is not a certificate category' },
          { path: 'body.somethingElse', message: 'odd' },
        ],
      },
      body,
    );
    expect(errors).toEqual({
      name: 'must be 1 to 120 characters',
      thruDate: 'must not be before fromDate',
      groupIds: 'is not a participant group',
      'website.pages.FAQ.contentEntryId': 'must be 1 to 64 letters',
      certificateCategoryCode: 'is not a certificate category',
      '': 'odd',
    });
    expect(errorCountBySection(errors)).toEqual({ overview: 2, participants: 1, payoutAndRules: 1, website: 1 });
  });

  it('joins two messages for one field, and are empty for a problem without fields', () => {
    expect(fieldErrorsOf({ errors: [{ path: 'body.fromDate', message: 'a' }, { path: 'body.fromDate', message: 'b' }] }, body)).toEqual({ fromDate: 'a; b' });
    expect(fieldErrorsOf(null, body)).toEqual({});
  });
});

describe('editing a field with an error', () => {
  it('drops that field’s error only (a page edit drops every error of the pages)', () => {
    const errors = { name: 'a', groupIds: 'b', 'website.tileTitle': 'c', 'website.pages.FAQ.contentEntryId': 'd', 'website.pages': 'e', fromDate: 'f' };
    expect(errorsAfterEdit(errors, { name: 'x', groupId: 3 })).toEqual({ 'website.tileTitle': 'c', 'website.pages.FAQ.contentEntryId': 'd', 'website.pages': 'e', fromDate: 'f' });
    expect(errorsAfterEdit(errors, { pages: newDraft().pages, tileTitle: 't' })).toEqual({ name: 'a', groupIds: 'b', fromDate: 'f' });
  });
});

describe('the audit history', () => {
  it('says who did what and when, for a copy and its status changes', () => {
    const entries: AuditEntry[] = [
      { type: 'PromotionCreated', data: { name: 'Glow - Copy', promotionCode: 'GLOW-1776279600000', copiedFrom: 'abc' }, actor: { kind: 'admin', adminId: 1 }, occurredAt: '2026-04-15T19:00:00.000Z', position: '1' },
      { type: 'PromotionStatusChanged', data: { from: 'NEW', to: 'DRAFT', reason: 'Copy of GLOW' }, actor: { kind: 'admin', adminId: 2 }, occurredAt: '2026-04-15T19:00:00.000Z', position: '2' },
      { type: 'PromotionStatusChanged', data: { from: 'DRAFT', to: 'ACTIVE', reason: null }, actor: { kind: 'system', job: 'x' } as AuditEntry['actor'], occurredAt: '2026-04-15T19:05:00.000Z', position: '3' },
    ];
    expect(auditRows(entries, 'en-US', 'UTC')).toEqual([
      { key: '1', when: '4/15/26, 7:00:00 PM', who: 'Admin 1', what: 'Created "Glow - Copy" (GLOW-1776279600000), copied from promotion abc' },
      { key: '2', when: '4/15/26, 7:00:00 PM', who: 'Admin 2', what: 'New → Draft (Copy of GLOW)' },
      { key: '3', when: '4/15/26, 7:05:00 PM', who: 'System', what: 'Draft → Active' },
    ]);
  });
});
