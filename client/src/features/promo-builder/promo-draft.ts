import type { Problem } from '../../lib/problem';
import type { PromotionPage } from '../../stores/content';
import { PAGE_NAMES, type PageName } from './api/promo-api';
import type { AwardType, PageEntry, PayMethod, WizardRecordIn, WizardRecordOut } from './api/wizard-api';

/*
 * The promo builder wizard's form state, pure: what the four steps edit, how it becomes the wizard record and the
 * page copy's content entries, and how the server's 400 (paths in the record) comes back to fields and steps with
 * words a person reads. Numbers are held as typed; the server's checks (one source of truth) name what is wrong.
 */

export const PAGE_LABELS: Record<PageName, string> = { OVERVIEW: 'Overview', RULES: 'Rules', FAQ: 'FAQ' };

export type SectionName = 'overview' | 'participants' | 'payoutAndRules' | 'website';
export const SECTIONS: readonly { name: SectionName; label: string }[] = [
  { name: 'overview', label: 'Overview' },
  { name: 'participants', label: 'Participants' },
  { name: 'payoutAndRules', label: 'Payout and rules' },
  { name: 'website', label: 'Website' },
];

export interface TierDraft {
  target: string;
  award: string;
  payMethod: PayMethod;
  min: string;
  max: string;
}

export interface RuleDraft {
  /** Kept from the server once saved, so a rule keeps its id across edits (payouts name it). */
  ruleId?: string;
  name: string;
  metricIds: number[];
  tiers: TierDraft[];
}

export interface PageDraft {
  active: boolean;
  title: string;
  /** OVERVIEW and RULES: paragraphs, separated by a blank line. */
  text: string;
  /** FAQ: question and answer pairs. */
  questions: { question: string; answer: string }[];
  /** The content entry the page already has (a loaded promotion), kept so its copy is updated in place. */
  entryId: string | null;
}

export interface PromotionDraft {
  /** Chosen here for a new promotion: a retried save finds the promotion it made, and page entries name it. */
  id: string;
  name: string;
  description: string;
  promotionCode: string;
  fromDate: string;
  thruDate: string;
  /** Admin spec: promotions, like surveys, work with their first group; none means every member. */
  groupId: number | null;
  awardType: AwardType;
  certificateCategoryCode: string;
  rewardDailyCap: string;
  retro: boolean;
  rules: RuleDraft[];
  tileTitle: string;
  pages: Record<PageName, PageDraft>;
}

export const newTier = (): TierDraft => ({ target: '', award: '1', payMethod: 'units', min: '', max: '' });
export const newRule = (index: number): RuleDraft => ({ name: `Rule ${index + 1}`, metricIds: [], tiers: [newTier()] });
/** Whether a rule holds anything set beyond a new rule's blanks (products, tiers, targets, limits): removing it asks first. */
export const ruleHasContent = (rule: RuleDraft): boolean =>
  rule.metricIds.length > 0 || rule.tiers.length > 1 || rule.tiers.some((t) => t.target.trim() || t.min.trim() || t.max.trim() || t.award.trim() !== '1');
/** Whether an FAQ question has text in it (question or answer): removing it asks first, as in the survey builder. */
export const faqHasText = (q: { question: string; answer: string }): boolean => q.question.trim() !== '' || q.answer.trim() !== '';
const newPage = (): PageDraft => ({ active: true, title: '', text: '', questions: [], entryId: null });

export const newDraft = (id: string): PromotionDraft => ({
  id,
  name: '',
  description: '',
  promotionCode: '',
  fromDate: '',
  thruDate: '',
  groupId: null,
  awardType: 'POINT',
  certificateCategoryCode: '',
  rewardDailyCap: '',
  retro: false,
  rules: [newRule(0)],
  tileTitle: '',
  pages: { OVERVIEW: newPage(), RULES: newPage(), FAQ: newPage() },
});

/** The text of rich text (a loaded page written as `body`): one paragraph per block, list items included. */
export const richTextParagraphs = (node: unknown): string[] => {
  const blocks: string[] = [];
  const textOf = (n: unknown): string => {
    if (!n || typeof n !== 'object') return '';
    const o = n as { nodeType?: string; value?: unknown; content?: unknown[] };
    if (o.nodeType === 'text') return typeof o.value === 'string' ? o.value : '';
    return (o.content ?? []).map(textOf).join('');
  };
  const walk = (n: unknown) => {
    if (!n || typeof n !== 'object') return;
    const o = n as { nodeType?: string; content?: unknown[] };
    if (o.nodeType === 'paragraph' || o.nodeType?.startsWith('heading')) {
      const text = textOf(o).trim();
      if (text) blocks.push(text);
      return;
    }
    (o.content ?? []).forEach(walk);
  };
  walk(node);
  return blocks;
};

const pageOf = (saved: { contentValue: string | null; active: boolean }, copy: PromotionPage | undefined): PageDraft => ({
  active: saved.active,
  entryId: saved.contentValue,
  title: copy?.title ?? '',
  text: (copy?.paragraphs ?? (copy?.body ? richTextParagraphs(copy.body) : [])).join('\n\n'),
  questions: copy?.questions ? copy.questions.map((q) => ({ ...q })) : [],
});

const numberText = (n: number | null) => (n === null ? '' : String(n));

/** A saved promotion as the form holds it; `copies` are its pages' entries, read by id. */
export const draftOfRecord = (r: WizardRecordOut, copies: Record<string, PromotionPage>): PromotionDraft => ({
  id: r.overview.id,
  name: r.overview.name,
  description: r.overview.description,
  promotionCode: r.overview.promotionCode,
  fromDate: r.overview.fromDate,
  thruDate: r.overview.thruDate,
  groupId: r.participants.groupIds[0] ?? null,
  awardType: r.payoutAndRules.awardType,
  certificateCategoryCode: r.payoutAndRules.certificateCategoryCode ?? '',
  rewardDailyCap: numberText(r.payoutAndRules.rewardDailyCap),
  retro: r.payoutAndRules.retro,
  rules: r.payoutAndRules.rules.map((rule) => ({
    ruleId: rule.ruleId,
    name: rule.name,
    metricIds: [...rule.metricIds],
    tiers: rule.tiers.map((t) => ({
      target: String(t.target),
      award: String(t.award),
      payMethod: t.payMethod,
      min: numberText(t.min),
      max: numberText(t.max),
    })),
  })),
  tileTitle: r.website.tile.title,
  pages: Object.fromEntries(
    PAGE_NAMES.map((p) => [p, pageOf(r.website.webPages[p], r.website.webPages[p].contentValue ? copies[r.website.webPages[p].contentValue!] : undefined)]),
  ) as Record<PageName, PageDraft>,
});

/** A whole number as typed goes as a number; anything else goes as typed, so the server names the field. */
const wholeOr = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : (text.trim() as unknown as number));
const optionalWhole = (text: string): number | null => (text.trim() === '' ? null : wholeOr(text));

const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** Whether the admin wrote anything for the page (a page with no copy is no page). */
export const hasCopy = (p: PageDraft, page: PageName) =>
  page === 'FAQ' ? p.questions.some((q) => q.question.trim() && q.answer.trim()) : paragraphsOf(p.text).length > 0;

/** A page's entry id: the one it has, or one named after the promotion and the page (letters, digits and hyphens). */
export const pageEntryId = (d: Pick<PromotionDraft, 'id' | 'pages'>, page: PageName) =>
  d.pages[page].entryId ?? `promo-${d.id.slice(0, 8)}-${page.toLowerCase()}`;

/** The content entries the website step writes once the record is saved (content type promotionWebsite). */
export const pageEntries = (d: PromotionDraft): PageEntry[] =>
  PAGE_NAMES.filter((page) => hasCopy(d.pages[page], page)).map((page) => {
    const p = d.pages[page];
    const title = p.title.trim() || (page === 'FAQ' ? 'Questions and answers' : page === 'RULES' ? 'Promotion rules' : d.name.trim());
    const copy =
      page === 'FAQ'
        ? { questions: p.questions.filter((q) => q.question.trim() && q.answer.trim()).map((q) => ({ question: q.question.trim(), answer: q.answer.trim() })) }
        : { paragraphs: paragraphsOf(p.text) };
    return { id: pageEntryId(d, page), contentType: 'promotionWebsite', fields: { promotionId: d.id, page, title, ...copy } };
  });

/** The wizard record of the form; `isNew` adds the chosen id to the overview (a PUT names it in the path). */
/** A new promotion leaves out what is not filled in, so the server answers "is required" for each at once. */
const given = (isNew: boolean, value: string) => (isNew && value.trim() === '' ? undefined : value);

export const toWizardRecord = (d: PromotionDraft, isNew: boolean): WizardRecordIn => ({
  overview: {
    // The spec: a save without finalize saves a draft. A PUT leaves the status alone (finalize and the actions move it).
    ...(isNew ? { id: d.id, statusTypeCode: 'DRAFT' as const } : {}),
    name: given(isNew, d.name),
    description: d.description,
    promotionCode: given(isNew, d.promotionCode.trim()),
    typeCode: 'FLAT_PAYOUT',
    fromDate: given(isNew, d.fromDate),
    thruDate: given(isNew, d.thruDate),
  },
  participants: { groupIds: d.groupId === null ? [] : [d.groupId] },
  payoutAndRules: {
    awardType: d.awardType,
    certificateCategoryCode: d.certificateCategoryCode.trim() || null,
    rewardDailyCap: optionalWhole(d.rewardDailyCap),
    retro: d.retro,
    rules: d.rules.map((r) => ({
      ...(r.ruleId ? { ruleId: r.ruleId } : {}),
      name: r.name.trim(),
      metricIds: r.metricIds,
      // An empty target is left out: the server then says it is required, in words, rather than "not a number".
      tiers: r.tiers.map((t) => ({
        ...(t.target.trim() === '' ? {} : { target: wholeOr(t.target) }),
        award: wholeOr(t.award),
        compareOp: 'gteq' as const,
        payMethod: t.payMethod,
        min: optionalWhole(t.min),
        max: optionalWhole(t.max),
      })),
    })),
  },
  website: {
    // No title: the server uses the name.
    tile: d.tileTitle.trim() ? { title: d.tileTitle.trim() } : {},
    webPages: Object.fromEntries(
      PAGE_NAMES.map((page) => [page, { contentValue: hasCopy(d.pages[page], page) ? pageEntryId(d, page) : null, active: d.pages[page].active }]),
    ),
  },
});

/** Field errors keyed by the record path without `body.` (`payoutAndRules.rules.0.tiers.1.target`); '' for the rest. */
export type FieldErrors = Record<string, string>;

/** The key a server path is shown under: a group's index folds into the one group field. */
const keyOf = (path: string) => path.replace(/^body\.?/, '').replace(/^participants\.groupIds\.\d+$/, 'participants.groupIds');

export const sectionOf = (key: string): SectionName | null => {
  const first = key.split('.')[0];
  return SECTIONS.some((s) => s.name === first) ? (first as SectionName) : null;
};

export const fieldErrorsOf = (problem: Problem | null): FieldErrors => {
  const out: FieldErrors = {};
  for (const { path, message } of problem?.errors ?? []) {
    const found = keyOf(path);
    const key = sectionOf(found) ? found : '';
    out[key] = out[key] ? `${out[key]}; ${message}` : message;
  }
  return out;
};

export const errorCountBySection = (errors: FieldErrors): Record<SectionName, number> => {
  const counts: Record<SectionName, number> = { overview: 0, participants: 0, payoutAndRules: 0, website: 0 };
  for (const key of Object.keys(errors)) {
    const section = sectionOf(key);
    if (section) counts[section] += 1;
  }
  return counts;
};

/** Editing drops the errors under the edited keys (a rule's edit drops its tiers' errors too). */
export const errorsAfterEdit = (errors: FieldErrors, editedKeys: readonly string[]): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => !editedKeys.some((edited) => key === edited || key.startsWith(`${edited}.`))));

const FIELD_LABELS: Record<string, string> = {
  'overview.name': 'Name',
  'overview.description': 'Description',
  'overview.promotionCode': 'Promotion code',
  'overview.fromDate': 'Start date',
  'overview.thruDate': 'End date',
  'participants.groupIds': 'Participant group',
  'payoutAndRules.awardType': 'Award',
  'payoutAndRules.certificateCategoryCode': 'Certificate category',
  'payoutAndRules.rewardDailyCap': 'Daily cap',
  'payoutAndRules.rules': 'Rules',
  'website.tile.title': 'Tile title',
};
const TIER_FIELDS: Record<string, string> = { target: 'at least (units)', award: 'award', payMethod: 'pay', min: 'minimum', max: 'maximum' };

/** A field key in words, for the summary of what needs attention ("Rule 1, tier 2, at least (units)"). */
export const fieldLabel = (key: string): string => {
  if (FIELD_LABELS[key]) return FIELD_LABELS[key];
  const rule = /^payoutAndRules\.rules\.(\d+)(?:\.(\w+))?(?:\.(\d+))?(?:\.(\w+))?/.exec(key);
  if (rule) {
    const [, r, field, index, tierField] = rule;
    const parts = [`Rule ${Number(r) + 1}`];
    if (field === 'tiers')
      parts.push(index === undefined ? 'tiers' : `tier ${Number(index) + 1}${tierField ? `, ${TIER_FIELDS[tierField] ?? tierField}` : ''}`);
    else if (field === 'metricIds') parts.push('products');
    else if (field) parts.push(field === 'name' ? 'name' : field);
    return parts.join(', ');
  }
  const page = /^website\.webPages\.(OVERVIEW|RULES|FAQ)/.exec(key);
  if (page) return `${PAGE_LABELS[page[1] as PageName]} page`;
  return 'This promotion';
};
