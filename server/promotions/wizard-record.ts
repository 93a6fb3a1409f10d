import { promotionRecordProblems } from '../../event-schemas/contract/promotion-rules';
import { randomUUID } from 'node:crypto';
import type { WizardRecordIn, WizardRecordOut } from '../../event-schemas/contract/promotions';
import type { AcceptedBody, Answers } from '../../event-schemas/contract/wire-checks';
import * as t from 'io-ts';
import type { PromotionWebPage, PromotionWebsite } from '../../event-schemas';
import { noPayoutRules, PayMethod, PromotionAwardType, type PayoutAndRules, type PayoutRule, type PayoutTier } from '../../event-schemas/promotion-payout';
import {
  boundedAmount,
  boundedString,
  code,
  IsoDate,
  maxText,
  NonNegativeInteger,
  numberFrom,
  PositiveInteger,
  refined,
  Uuid,
  withRule,
} from '../../event-schemas/primitives';
import type { FieldError } from '../core/problem';
import { DEFAULT_TYPE_CODE } from './create-promotion';
import type { Promotion, PromotionFacts } from './promotion-state';

/*
 * The promo builder wizard's record (admin spec section 3, CONTRACT.md "Promotions: the wizard and payouts"), section
 * by section, with the spec's defaults: typeCode FLAT_PAYOUT, programActivityId 1362, statusTypeCode NEW, tier award 1,
 * compareOp gteq, payMethod units, retro false. Every section is optional in the input: a PUT changes the sections it
 * carries and keeps the others; a POST needs the overview's name, code and dates.
 */

export const DEFAULT_PROGRAM_ACTIVITY_ID = 1362;
export { MAX_METRIC_IDS, MAX_RULES, MAX_TIERS } from '../../event-schemas/contract/promotion-rules';

const PromotionCode = code('PromotionCode');
const CategoryCode = code('CategoryCode');
const EntryId = code('EntryId', 64);
const Description = maxText(2000);
const nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null]);
/** An empty entry field in the form means "no page": the builder sends '' for a page it has not written yet. */
const OptionalEntryId = t.union([EntryId, t.literal(''), t.null]);

/**
 * A tier's target: any number here, documented as the whole number above 0 it must be; the record's rule
 * (event-schemas/contract/promotion-rules.ts) refuses any other on every wizard path, together with the record's other
 * problems (issue 54, item 2: a target of -5 was refused alone, then a minimum above the maximum on the next attempt).
 */
const TierTarget = refined(t.number, 'TierTarget', 'must be a whole number above 0', () => true, {
  type: 'integer',
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
});

const TierIn = t.partial({
  award: boundedAmount('promotionAward'),
  compareOp: withRule(t.literal('gteq'), 'must be gteq (at least the target)'),
  target: TierTarget,
  targetInt: TierTarget,
  targetDbl: nullable(numberFrom('TierTargetDbl', 0, 1_000_000)),
  targetBool: nullable(t.boolean),
  payMethod: withRule(PayMethod, 'must be units or flat'),
  min: nullable(boundedAmount('promotionTierLimit')),
  max: nullable(boundedAmount('promotionTierLimit')),
});

const RuleIn = t.partial({
  ruleId: boundedString(64),
  name: boundedString(120),
  ruleType: withRule(t.literal('payout'), 'must be payout'),
  ruleStructure: withRule(t.literal('flat_payout'), 'must be flat_payout'),
  measureType: withRule(t.literal('UNITS'), 'must be UNITS'),
  metricType: withRule(t.literal('product'), 'must be product'),
  rewardBase: withRule(t.literal('rank_number'), 'must be rank_number'),
  // The spec lists these without a meaning for product rules; they are accepted and answered empty.
  roleType: t.unknown,
  qualifierTargets: t.unknown,
  qualifierType: t.unknown,
  metricIds: t.array(PositiveInteger),
  tiers: t.array(TierIn),
});

export const WizardRecord = t.partial({
  overview: t.partial({
    id: Uuid,
    name: boundedString(120),
    typeCode: withRule(t.literal(DEFAULT_TYPE_CODE), `must be ${DEFAULT_TYPE_CODE}`),
    description: Description,
    fromDate: IsoDate,
    thruDate: IsoDate,
    promotionCode: PromotionCode,
    statusTypeCode: withRule(t.keyof({ NEW: null, DRAFT: null, ACTIVE: null, ENDED: null, PAYMENTS_STOPPED: null }), 'must be a promotion status'),
    promotionCategory: withRule(t.literal('PROMOTION'), 'must be PROMOTION'),
  }),
  participants: t.partial({ groupIds: t.array(PositiveInteger) }),
  payoutAndRules: t.partial({
    programActivityId: PositiveInteger,
    payoutFrequency: nullable(boundedString(40)),
    payoutDays: nullable(NonNegativeInteger),
    payoutStartDate: nullable(IsoDate),
    payoutEndDate: nullable(IsoDate),
    awardType: withRule(PromotionAwardType, 'must be POINT or CERTIFICATE'),
    awardSubTypeId: nullable(PositiveInteger),
    /** The certificate category a CERTIFICATE promotion issues (and whose offer its tile shows). */
    certificateCategoryCode: nullable(CategoryCode),
    gameId: nullable(boundedString(64)),
    gameAwardType: nullable(boundedString(64)),
    retro: t.boolean,
    rewardDailyCap: nullable(boundedAmount('promotionDailyCap')),
    rules: t.array(RuleIn),
  }),
  website: t.partial({
    tile: t.partial({ title: boundedString(120), contentfulId: OptionalEntryId }),
    webPages: t.partial({
      OVERVIEW: t.partial({ contentValue: OptionalEntryId, active: t.boolean }),
      RULES: t.partial({ contentValue: OptionalEntryId, active: t.boolean }),
      FAQ: t.partial({ contentValue: OptionalEntryId, active: t.boolean }),
    }),
    isCopy: t.boolean,
  }),
});
export type WizardRecord = t.TypeOf<typeof WizardRecord>;
/** The wizard sends the contract's record; the codec accepts it. */
export type WizardRecordAccepted = AcceptedBody<typeof WizardRecord, WizardRecordIn>;
type RuleIn = t.TypeOf<typeof RuleIn>;
type TierIn = t.TypeOf<typeof TierIn>;

const PAGES = ['OVERVIEW', 'RULES', 'FAQ'] as const;

const tierOf = (tier: TierIn): PayoutTier => ({
  award: tier.award ?? 1,
  compareOp: 'gteq',
  target: tier.target ?? tier.targetInt ?? 0,
  payMethod: tier.payMethod ?? 'units',
  min: tier.min ?? null,
  max: tier.max ?? null,
});

const ruleOf = (rule: RuleIn, index: number): PayoutRule => ({
  ruleId: rule.ruleId ?? randomUUID(),
  name: rule.name?.trim() || `Rule ${index + 1}`,
  ruleType: 'payout',
  ruleStructure: 'flat_payout',
  measureType: 'UNITS',
  metricType: 'product',
  rewardBase: 'rank_number',
  metricIds: rule.metricIds ?? [],
  tiers: (rule.tiers ?? []).map(tierOf),
});

/** The payout section with its defaults, over what the promotion had (a PUT changes only the fields it carries). */
const payoutOf = (given: NonNullable<WizardRecord['payoutAndRules']>, base: PayoutAndRules): PayoutAndRules => ({
  programActivityId: given.programActivityId ?? base.programActivityId,
  awardType: given.awardType ?? base.awardType,
  awardSubTypeId: given.awardSubTypeId !== undefined ? given.awardSubTypeId : base.awardSubTypeId,
  retro: given.retro ?? base.retro,
  rewardDailyCap: given.rewardDailyCap !== undefined ? given.rewardDailyCap : base.rewardDailyCap,
  payoutFrequency: given.payoutFrequency !== undefined ? given.payoutFrequency : base.payoutFrequency,
  payoutDays: given.payoutDays !== undefined ? given.payoutDays : base.payoutDays,
  payoutStartDate: given.payoutStartDate !== undefined ? given.payoutStartDate : base.payoutStartDate,
  payoutEndDate: given.payoutEndDate !== undefined ? given.payoutEndDate : base.payoutEndDate,
  gameId: given.gameId !== undefined ? given.gameId : base.gameId,
  gameAwardType: given.gameAwardType !== undefined ? given.gameAwardType : base.gameAwardType,
  rules: given.rules ? given.rules.map(ruleOf) : base.rules,
});

const websiteOf = (given: NonNullable<WizardRecord['website']>, base: PromotionWebsite, name: string): PromotionWebsite => {
  const pages: PromotionWebPage[] = PAGES.flatMap((page) => {
    const input = given.webPages?.[page];
    const before = base.pages.find((p) => p.page === page);
    if (!given.webPages || input === undefined) return before ? [before] : [];
    const entry = input.contentValue !== undefined ? input.contentValue : before?.contentEntryId;
    return entry ? [{ page, contentEntryId: entry, active: input.active ?? before?.active ?? true }] : [];
  });
  const tileEntry = given.tile?.contentfulId !== undefined ? given.tile.contentfulId : base.tileContentfulId;
  return {
    tileTitle: given.tile?.title?.trim() || base.tileTitle || name,
    pages,
    ...(tileEntry ? { tileContentfulId: tileEntry } : {}),
  };
};

/** What a new promotion starts from before the record's sections are laid over it. */
export const blankFacts = (promotionId: string): PromotionFacts => ({
  promotionId,
  name: '',
  description: '',
  promotionCode: '',
  typeCode: DEFAULT_TYPE_CODE,
  fromDate: '',
  thruDate: '',
  groupIds: [],
  certificateCategoryCode: null,
  website: { tileTitle: '', pages: [] },
  // The spec's payout defaults (programActivityId 1362, points, retro false), with no rules yet.
  payoutAndRules: { ...noPayoutRules, programActivityId: DEFAULT_PROGRAM_ACTIVITY_ID, rules: [] },
});

/** The record's sections laid over `base` (a blank promotion for a POST, the stored one for a PUT). */
export function applyRecord(base: PromotionFacts, record: WizardRecord): PromotionFacts {
  const o = record.overview ?? {};
  const name = o.name !== undefined ? o.name.trim() : base.name;
  const payout = record.payoutAndRules;
  return {
    ...base,
    name,
    description: o.description ?? base.description,
    promotionCode: o.promotionCode ?? base.promotionCode,
    typeCode: o.typeCode ?? base.typeCode,
    fromDate: o.fromDate ?? base.fromDate,
    thruDate: o.thruDate ?? base.thruDate,
    groupIds: record.participants?.groupIds ?? base.groupIds,
    certificateCategoryCode: payout?.certificateCategoryCode !== undefined ? payout.certificateCategoryCode : base.certificateCategoryCode,
    website: record.website ? websiteOf(record.website, base.website, name) : { ...base.website, tileTitle: base.website.tileTitle || name },
    payoutAndRules: payout ? payoutOf(payout, base.payoutAndRules) : base.payoutAndRules,
  };
}

/**
 * The checks io-ts cannot express, each naming its field in the record: the shared rule the promo builder checks
 * with too (event-schemas/contract/promotion-rules.ts).
 */
export function recordErrors(f: PromotionFacts, purpose: 'save' | 'publish' | 'forecast', today: string): FieldError[] {
  return promotionRecordProblems(f, purpose, today).map((e) => ({ path: `body.${e.path}`, message: e.message }));
}

/** The record as the wizard loads it, section by section (dates as YYYY-MM-DD, the spec's ISO form). */
export const recordOf = (p: Promotion) => ({
  overview: {
    id: p.promotionId,
    name: p.name,
    typeCode: p.typeCode,
    description: p.description,
    fromDate: p.fromDate,
    thruDate: p.thruDate,
    promotionCode: p.promotionCode,
    statusTypeCode: p.status,
    promotionCategory: 'PROMOTION' as const,
  },
  participants: { groupIds: p.groupIds },
  payoutAndRules: {
    ...p.payoutAndRules,
    certificateCategoryCode: p.certificateCategoryCode,
    rules: p.payoutAndRules.rules.map((r) => ({
      ...r,
      roleType: null,
      qualifierTargets: [],
      qualifierType: null,
      tiers: r.tiers.map((tier) => ({ ...tier, targetInt: tier.target, targetDbl: null, targetBool: null })),
    })),
  },
  website: {
    tile: { title: p.website.tileTitle, contentfulId: p.website.tileContentfulId ?? null },
    webPages: Object.fromEntries(
      PAGES.map((page) => {
        const found = p.website.pages.find((x) => x.page === page);
        return [page, { contentValue: found?.contentEntryId ?? null, active: found?.active ?? false }];
      }),
      // PAGES names every page, so each of the contract's keys is there.
    ) as WizardRecordOut['website']['webPages'],
    isCopy: p.copiedFrom !== undefined,
  },
  revision: p.revision,
});
export type RecordOut = ReturnType<typeof recordOf>;
/** The wizard's answer carries every field of the contract's record (event-schemas/contract/promotions.ts). */
export type RecordOutAnswer = Answers<RecordOut, WizardRecordOut>;
export type WizardSection = 'overview' | 'participants' | 'payoutAndRules' | 'website';
