// The promo builder's wire shapes (CONTRACT.md "Promotions": /promotions..., /wizard/promotions...), declared once:
// the promotion views, the wizard record and the forecast build them, and the promo builder reads and sends them.

export type PromotionStatus = 'NEW' | 'DRAFT' | 'ACTIVE' | 'ENDED' | 'PAYMENTS_STOPPED' | 'DELETED';
export type PageName = 'OVERVIEW' | 'RULES' | 'FAQ';

export interface WebPage {
  page: PageName;
  contentEntryId: string;
  active: boolean;
}

/** A promotion as the admin calls answer it (list rows, the single record, and every command). */
export interface AdminPromotion {
  id: string;
  promotionCategory: 'PROMOTION';
  name: string;
  description: string;
  promotionCode: string;
  typeCode: string;
  statusTypeCode: PromotionStatus;
  fromDate: string;
  thruDate: string;
  groupIds: number[];
  certificateCategoryCode: string | null;
  website: { tileTitle: string; pages: WebPage[] };
  copiedFrom?: string;
  /** Where a command's events sit in the log; a later read waits for it. */
  position?: string;
}

/** GET /promotions: one page of the admin list. */
export interface PromotionListPage {
  items: AdminPromotion[];
  page: number;
  size: number;
  totalElements: number;
}

/** The query of GET /promotions the admin list sends (page is 0-based). */
export interface PromotionListQuery {
  status: PromotionStatus | 'ALL';
  searchName: string;
  page: number;
  size: number;
}

/** GET /promotions/options/statuses. */
export interface StatusOption {
  code: PromotionStatus;
  description: string;
  applicableOnlyToApprovalProcess: boolean;
}

/** A choice the payout-and-rules step offers (GET /promotions/options/award-types, /measure-types). */
export interface RuleOption {
  code: string;
  description: string;
}

/** GET /promotions/product-list/trees: category, then brand, then the products a rule's metricIds pick from. */
export interface ProductTreeNode {
  id: string;
  name: string;
  children: { id: string; name: string; products: { id: number; name: string }[] }[];
}

export type AwardType = 'POINT' | 'CERTIFICATE';
export type PayMethod = 'units' | 'flat';

export interface TierRecord {
  award: number;
  compareOp: 'gteq';
  target: number;
  payMethod: PayMethod;
  min: number | null;
  max: number | null;
}

/** A tier as sent: its target may be left out (not filled in). */
export type TierRecordIn = Omit<TierRecord, 'target'> & { target?: number };

export interface RuleRecord {
  ruleId?: string;
  name: string;
  metricIds: number[];
  tiers: TierRecord[];
}

/** The wizard's record as sent (POST/PUT /wizard/promotions, .../forecast): each section optional (a PUT keeps the rest). */
export interface WizardRecordIn {
  overview?: {
    id?: string;
    name?: string;
    description?: string;
    promotionCode?: string;
    fromDate?: string;
    thruDate?: string;
    typeCode?: 'FLAT_PAYOUT';
    statusTypeCode?: 'NEW' | 'DRAFT';
  };
  participants?: { groupIds: number[] };
  payoutAndRules?: {
    awardType: AwardType;
    certificateCategoryCode: string | null;
    rewardDailyCap: number | null;
    retro: boolean;
    rules: (Omit<RuleRecord, 'tiers'> & { tiers: TierRecordIn[] })[];
  };
  website?: { tile: { title?: string }; webPages: Partial<Record<PageName, { contentValue: string | null; active: boolean }>> };
}

/** The record as the server answers it (every section, defaults applied). */
export interface WizardRecordOut {
  overview: {
    id: string;
    name: string;
    description: string;
    promotionCode: string;
    fromDate: string;
    thruDate: string;
    typeCode: string;
    statusTypeCode: string;
    promotionCategory: 'PROMOTION';
  };
  participants: { groupIds: number[] };
  payoutAndRules: {
    awardType: AwardType;
    certificateCategoryCode: string | null;
    rewardDailyCap: number | null;
    retro: boolean;
    programActivityId: number;
    rules: (RuleRecord & { ruleId: string })[];
  };
  website: {
    tile: { title: string; contentfulId: string | null };
    webPages: Record<PageName, { contentValue: string | null; active: boolean }>;
    isCopy: boolean;
  };
  revision: number;
  position?: string;
}

export interface BusyDay {
  date: string;
  treatments: number;
  points: number;
  certificates: number;
}

/** POST /wizard/promotions/forecast: what the promotion would have paid over its window (or the last 90 days). */
export interface Forecast {
  from: string;
  to: string;
  /** True when the window is still ahead and the last 90 days stood in for it. */
  lookback: boolean;
  members: number;
  treatments: number;
  points: number;
  certificates: number;
  busiestDays: BusyDay[];
}

/** One item of GET /promotions/tiles: the member spec's promotion tile (`programCode` is the promotion's code). */
export interface PromotionTile {
  promoId: string;
  programCode: string;
  name: string;
  description: string;
  fromDate: string;
  thruDate: string;
  certificateCategoryCode?: string;
  /** What the member has earned from it so far (zeros before its first payout; absent from an older server). */
  earned?: { points: number; certificates: number; treatments: number };
}
/** GET /promotions/tiles. */
export interface PromotionTiles {
  items: PromotionTile[];
}

/** GET /promotions/{id}/website: the tile title and the active pages, in the spec's order, with their content entries. */
export interface PromotionWebsite {
  promoId: string;
  tile: { title: string };
  pages: { page: PageName; contentEntryId: string }[];
}
