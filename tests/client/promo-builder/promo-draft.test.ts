import type { AuditEntry } from '../../../client/src/features/promo-builder/api/promo-api';
import type { WizardRecordOut } from '../../../client/src/features/promo-builder/api/wizard-api';
import { auditRows } from '../../../client/src/features/promo-builder/audit-rows';
import {
  draftOfRecord,
  errorCountBySection,
  errorsAfterEdit,
  fieldErrorsOf,
  fieldLabel,
  newDraft,
  pageEntries,
  richTextParagraphs,
  toWizardRecord,
} from '../../../client/src/features/promo-builder/promo-draft';

const ID = '6a0f3b52-9a1c-4a52-8d6e-1f2a3b4c5d6e';
const draft = {
  ...newDraft(ID),
  name: 'Spring Sparkle',
  promotionCode: ' SPARKLE-1 ',
  fromDate: '2026-04-01',
  thruDate: '2026-04-30',
  groupId: 7,
  rewardDailyCap: '300',
  rules: [{ name: ' Neuromodulator ', metricIds: [3, 4], tiers: [{ target: '10', award: '2', payMethod: 'units' as const, min: '', max: ' 100 ' }] }],
  pages: {
    OVERVIEW: { active: true, title: '', text: 'First paragraph.\n\n  Second paragraph. \n\n', questions: [], entryId: null },
    RULES: { active: false, title: 'Rules', text: '   ', questions: [], entryId: null },
    FAQ: {
      active: true,
      title: '',
      text: '',
      questions: [
        { question: 'Who?', answer: 'Everyone.' },
        { question: 'Half', answer: ' ' },
      ],
      entryId: 'promo-glow-faq',
    },
  },
};

describe('the wizard record', () => {
  it('is FLAT_PAYOUT with the first group, whole numbers as numbers, and a new promotion’s id and draft status', () => {
    expect(toWizardRecord(draft, true)).toEqual({
      overview: {
        id: ID,
        statusTypeCode: 'DRAFT',
        name: 'Spring Sparkle',
        description: '',
        promotionCode: 'SPARKLE-1',
        typeCode: 'FLAT_PAYOUT',
        fromDate: '2026-04-01',
        thruDate: '2026-04-30',
      },
      participants: { groupIds: [7] },
      payoutAndRules: {
        awardType: 'POINT',
        certificateCategoryCode: null,
        rewardDailyCap: 300,
        retro: false,
        rules: [{ name: 'Neuromodulator', metricIds: [3, 4], tiers: [{ target: 10, award: 2, compareOp: 'gteq', payMethod: 'units', min: null, max: 100 }] }],
      },
      website: {
        tile: {},
        webPages: {
          OVERVIEW: { contentValue: `promo-${ID.slice(0, 8)}-overview`, active: true },
          RULES: { contentValue: null, active: false },
          FAQ: { contentValue: 'promo-glow-faq', active: true },
        },
      },
    });
    // A PUT names the promotion in its path and leaves the status to finalize and the actions.
    expect(toWizardRecord({ ...draft, groupId: null }, false).overview).not.toHaveProperty('id');
    expect(toWizardRecord({ ...draft, groupId: null }, false).overview).not.toHaveProperty('statusTypeCode');
    expect(toWizardRecord({ ...draft, groupId: null }, false).participants).toEqual({ groupIds: [] });
  });

  it('leaves out what a new promotion has not filled in (the server answers "is required" for each), and an empty target', () => {
    const blank = toWizardRecord(
      { ...newDraft(ID), rules: [{ name: 'R', metricIds: [], tiers: [{ target: ' ', award: '1', payMethod: 'units', min: '', max: '' }] }] },
      true,
    );
    expect(blank.overview).toEqual({ id: ID, statusTypeCode: 'DRAFT', description: '', typeCode: 'FLAT_PAYOUT' });
    expect(blank.payoutAndRules!.rules[0].tiers[0]).not.toHaveProperty('target');
    // An edit sends an emptied name as it is: the server refuses it rather than keeping the old one silently.
    expect(toWizardRecord({ ...draft, name: '' }, false).overview!.name).toBe('');
  });

  it('sends what is not a whole number as typed, so the server names the field', () => {
    const odd = { ...draft, rewardDailyCap: 'lots', rules: [{ ...draft.rules[0], tiers: [{ ...draft.rules[0].tiers[0], target: '2.5' }] }] };
    const payout = toWizardRecord(odd, true).payoutAndRules!;
    expect(payout.rewardDailyCap).toBe('lots');
    expect(payout.rules[0].tiers[0].target).toBe('2.5');
  });

  it('writes each page with copy as a promotionWebsite entry filed under the promotion, and no entry for an empty one', () => {
    expect(pageEntries(draft)).toEqual([
      {
        id: `promo-${ID.slice(0, 8)}-overview`,
        contentType: 'promotionWebsite',
        fields: { promotionId: ID, page: 'OVERVIEW', title: 'Spring Sparkle', paragraphs: ['First paragraph.', 'Second paragraph.'] },
      },
      {
        id: 'promo-glow-faq',
        contentType: 'promotionWebsite',
        fields: { promotionId: ID, page: 'FAQ', title: 'Questions and answers', questions: [{ question: 'Who?', answer: 'Everyone.' }] },
      },
    ]);
  });

  it('loads a saved record back into the form, the copy of its pages included (rich text as paragraphs)', () => {
    const record: WizardRecordOut = {
      overview: {
        id: ID,
        name: 'Glow',
        description: 'd',
        promotionCode: 'GLOW',
        fromDate: '2026-04-01',
        thruDate: '2026-04-30',
        typeCode: 'FLAT_PAYOUT',
        statusTypeCode: 'DRAFT',
        promotionCategory: 'PROMOTION',
      },
      participants: { groupIds: [] },
      payoutAndRules: {
        awardType: 'CERTIFICATE',
        certificateCategoryCode: 'GLOW_OFFER',
        rewardDailyCap: null,
        retro: true,
        programActivityId: 1362,
        rules: [{ ruleId: 'r1', name: 'Filler', metricIds: [2], tiers: [{ target: 1, award: 1, compareOp: 'gteq', payMethod: 'flat', min: null, max: 5 }] }],
      },
      website: {
        tile: { title: 'Glow tile', contentfulId: null },
        webPages: {
          OVERVIEW: { contentValue: null, active: false },
          RULES: { contentValue: 'rules-1', active: true },
          FAQ: { contentValue: null, active: false },
        },
        isCopy: false,
      },
      revision: 2,
    };
    const body = {
      nodeType: 'document',
      content: [
        {
          nodeType: 'ordered-list',
          content: [{ nodeType: 'list-item', content: [{ nodeType: 'paragraph', content: [{ nodeType: 'text', value: 'One rule.' }] }] }],
        },
      ],
    };
    const loaded = draftOfRecord(record, { 'rules-1': { entryId: 'rules-1', promotionId: ID, page: 'RULES', title: 'Rules', body } });
    expect(loaded).toEqual(
      expect.objectContaining({
        awardType: 'CERTIFICATE',
        certificateCategoryCode: 'GLOW_OFFER',
        retro: true,
        rewardDailyCap: '',
        groupId: null,
        tileTitle: 'Glow tile',
      }),
    );
    expect(loaded.rules).toEqual([
      { ruleId: 'r1', name: 'Filler', metricIds: [2], tiers: [{ target: '1', award: '1', payMethod: 'flat', min: '', max: '5' }] },
    ]);
    expect(loaded.pages.RULES).toEqual({ active: true, entryId: 'rules-1', title: 'Rules', text: 'One rule.', questions: [] });
    expect(toWizardRecord(loaded, false).payoutAndRules!.rules[0]).toEqual(expect.objectContaining({ ruleId: 'r1' }));
    expect(
      richTextParagraphs({
        nodeType: 'document',
        content: [
          { nodeType: 'heading-2', content: [{ nodeType: 'text', value: 'Title' }] },
          { nodeType: 'paragraph', content: [] },
        ],
      }),
    ).toEqual(['Title']);
  });
});

describe('field errors of a 400', () => {
  it('are keyed by record path: body. dropped, group indexes folded, unknown sections under ""', () => {
    const errors = fieldErrorsOf({
      errors: [
        { path: 'body.overview.name', message: 'is required' },
        { path: 'body.overview.thruDate', message: 'must not be before the start date' },
        { path: 'body.participants.groupIds.0', message: 'is not a participant group' },
        { path: 'body.payoutAndRules.rules.0.tiers.1.target', message: 'must differ from the other tiers' },
        { path: 'body.payoutAndRules.certificateCategoryCode', message: 'is not a certificate category' },
        { path: 'body.somethingElse', message: 'odd' },
      ],
    });
    expect(errors).toEqual({
      'overview.name': 'is required',
      'overview.thruDate': 'must not be before the start date',
      'participants.groupIds': 'is not a participant group',
      'payoutAndRules.rules.0.tiers.1.target': 'must differ from the other tiers',
      'payoutAndRules.certificateCategoryCode': 'is not a certificate category',
      '': 'odd',
    });
    expect(errorCountBySection(errors)).toEqual({ overview: 2, participants: 1, payoutAndRules: 2, website: 0 });
  });

  it('joins two messages for one field, and are empty for a problem without fields', () => {
    expect(
      fieldErrorsOf({
        errors: [
          { path: 'body.overview.fromDate', message: 'a' },
          { path: 'body.overview.fromDate', message: 'b' },
        ],
      }),
    ).toEqual({ 'overview.fromDate': 'a; b' });
    expect(fieldErrorsOf(null)).toEqual({});
  });

  it('are named in words, never as API paths', () => {
    expect(fieldLabel('overview.thruDate')).toBe('End date');
    expect(fieldLabel('payoutAndRules.rules.0.tiers.1.target')).toBe('Rule 1, tier 2, at least (units)');
    expect(fieldLabel('payoutAndRules.rules.2.metricIds')).toBe('Rule 3, products');
    expect(fieldLabel('payoutAndRules.rules.1.tiers')).toBe('Rule 2, tiers');
    expect(fieldLabel('website.webPages.FAQ.contentValue')).toBe('FAQ page');
    expect(fieldLabel('participants.groupIds')).toBe('Participant group');
  });
});

describe('editing a field with an error', () => {
  it('drops the errors under the edited keys only (a rule’s edit drops its tiers’ errors)', () => {
    const errors = {
      'overview.name': 'a',
      'participants.groupIds': 'b',
      'payoutAndRules.rules.0.tiers.1.target': 'c',
      'payoutAndRules.rules.1.metricIds': 'd',
      'overview.fromDate': 'f',
    };
    expect(errorsAfterEdit(errors, ['overview.name', 'participants.groupIds'])).toEqual({
      'payoutAndRules.rules.0.tiers.1.target': 'c',
      'payoutAndRules.rules.1.metricIds': 'd',
      'overview.fromDate': 'f',
    });
    expect(errorsAfterEdit(errors, ['payoutAndRules.rules.0'])).toEqual({
      'overview.name': 'a',
      'participants.groupIds': 'b',
      'payoutAndRules.rules.1.metricIds': 'd',
      'overview.fromDate': 'f',
    });
  });
});

describe('the audit history', () => {
  it('says who did what and when, for a copy, its revisions and its status changes, naming people where the answer names them', () => {
    const entries: AuditEntry[] = [
      {
        type: 'PromotionCreated',
        data: { name: 'Glow - Copy', promotionCode: 'GLOW-1776279600000', copiedFrom: 'abc' },
        actor: { kind: 'admin', adminId: 1 },
        actorNames: { admin: 'Avery Admin', member: null },
        occurredAt: '2026-04-15T19:00:00.000Z',
        position: '1',
      },
      {
        type: 'PromotionStatusChanged',
        data: { from: 'NEW', to: 'DRAFT', reason: 'Copy of GLOW' },
        actor: { kind: 'admin', adminId: 2 },
        actorNames: { admin: null, member: null },
        occurredAt: '2026-04-15T19:00:00.000Z',
        position: '2',
      },
      {
        type: 'PromotionRevised',
        data: { sections: ['overview', 'payoutAndRules'], changes: {} },
        actor: { kind: 'admin', adminId: 2 },
        actorNames: { admin: null, member: null },
        occurredAt: '2026-04-15T19:02:00.000Z',
        position: '3',
      },
      {
        type: 'PromotionStatusChanged',
        data: { from: 'DRAFT', to: 'ACTIVE', reason: null },
        actor: { kind: 'system', job: 'end-promotions' },
        actorNames: { admin: null, member: null },
        occurredAt: '2026-04-15T19:05:00.000Z',
        position: '4',
      },
    ];
    expect(auditRows(entries, 'UTC')).toEqual([
      { key: '1', when: '04/15/2026, 7:00 PM', who: 'Avery Admin', what: 'Created "Glow - Copy" (GLOW-1776279600000), copied from promotion abc' },
      { key: '2', when: '04/15/2026, 7:00 PM', who: 'Admin #2', what: 'New → Draft (Copy of GLOW)' },
      { key: '3', when: '04/15/2026, 7:02 PM', who: 'Admin #2', what: 'Changed the overview, the payout and rules' },
      { key: '4', when: '04/15/2026, 7:05 PM', who: 'System job (end-promotions)', what: 'Draft → Active' },
    ]);
  });
});
