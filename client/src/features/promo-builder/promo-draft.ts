import type { Problem } from '../../lib/problem';
import { PAGE_NAMES, type CreatePromotionBody, type PageName } from './api/promo-api';

export type SectionName = 'overview' | 'participants' | 'payoutAndRules' | 'website';
export const SECTIONS: readonly { name: SectionName; label: string }[] = [
  { name: 'overview', label: 'Overview' },
  { name: 'participants', label: 'Participants' },
  { name: 'payoutAndRules', label: 'Payout and rules' },
  { name: 'website', label: 'Website' },
];

/** The builder's editable sections as the form holds them; empty text means "not given". */
export interface PromotionDraft {
  name: string;
  description: string;
  promotionCode: string;
  fromDate: string;
  thruDate: string;
  /** Admin spec: promotions, like surveys, work with their first group. */
  groupId: number | null;
  certificateCategoryCode: string;
  tileTitle: string;
  pages: Record<PageName, { contentEntryId: string; active: boolean }>;
}

export const newDraft = (): PromotionDraft => ({
  name: '',
  description: '',
  promotionCode: '',
  fromDate: '',
  thruDate: '',
  groupId: null,
  certificateCategoryCode: '',
  tileTitle: '',
  pages: { OVERVIEW: { contentEntryId: '', active: true }, RULES: { contentEntryId: '', active: true }, FAQ: { contentEntryId: '', active: true } },
});

/** Pages with no entry id are left out (the server would refuse an empty one); their order is the body's order. */
const pagesOf = (d: PromotionDraft) => PAGE_NAMES.filter((p) => d.pages[p].contentEntryId.trim()).map((page) => ({ page, contentEntryId: d.pages[page].contentEntryId.trim(), active: d.pages[page].active }));

/** POST /admin/promotions; finalize true publishes at once (the wizard's finalize flag), false leaves it NEW. */
export const toCreateBody = (d: PromotionDraft, finalize: boolean): CreatePromotionBody => ({
  name: d.name,
  description: d.description,
  promotionCode: d.promotionCode.trim(),
  typeCode: 'FLAT_PAYOUT',
  fromDate: d.fromDate,
  thruDate: d.thruDate,
  groupIds: d.groupId === null ? [] : [d.groupId],
  certificateCategoryCode: d.certificateCategoryCode.trim() || null,
  website: { ...(d.tileTitle.trim() ? { tileTitle: d.tileTitle.trim() } : {}), pages: pagesOf(d) },
  finalize,
});

/** Form field keys: `name`, `groupIds`, `website.pages.RULES.contentEntryId`, ... */
export type FieldErrors = Record<string, string>;

/**
 * The 400's field errors keyed by form field: `body.` dropped, a group index folded into `groupIds`, and a page index
 * turned back into its page name (the body holds only the pages given). Paths no field shows go under ''.
 */
export const fieldErrorsOf = (problem: Problem | null, body: CreatePromotionBody): FieldErrors => {
  const out: FieldErrors = {};
  for (const { path, message } of problem?.errors ?? []) {
    let key = path.replace(/^body\.?/, '');
    key = key.replace(/^groupIds\.\d+$/, 'groupIds');
    const page = /^website\.pages\.(\d+)(\..+)?$/.exec(key);
    if (page) {
      const name = body.website?.pages[Number(page[1])]?.page;
      key = name ? `website.pages.${name}${page[2] ?? '.contentEntryId'}` : 'website.pages';
    }
    if (!sectionOf(key)) key = '';
    out[key] = out[key] ? `${out[key]}; ${message}` : message;
  }
  return out;
};

const OVERVIEW_FIELDS = ['name', 'description', 'promotionCode', 'typeCode', 'fromDate', 'thruDate'];

/** Which section shows a field, so the form can open it and count its errors. */
export const sectionOf = (key: string): SectionName | null => {
  if (OVERVIEW_FIELDS.includes(key)) return 'overview';
  if (key === 'groupIds') return 'participants';
  if (key === 'certificateCategoryCode') return 'payoutAndRules';
  if (key.startsWith('website.') || key === 'website') return 'website';
  return null;
};

export const errorCountBySection = (errors: FieldErrors): Record<SectionName, number> => {
  const counts: Record<SectionName, number> = { overview: 0, participants: 0, payoutAndRules: 0, website: 0 };
  for (const key of Object.keys(errors)) {
    const section = sectionOf(key);
    if (section) counts[section] += 1;
  }
  return counts;
};

/** Editing a field drops its error: the summary then counts only what is still to fix. */
export const errorsAfterEdit = (errors: FieldErrors, patch: Partial<PromotionDraft>): FieldErrors => {
  const edited = (key: string) =>
    Object.keys(patch).some((field) => {
      if (field === 'groupId') return key === 'groupIds';
      if (field === 'tileTitle') return key === 'website.tileTitle';
      if (field === 'pages') return key.startsWith('website.pages');
      return key === field;
    });
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !edited(key)));
};
