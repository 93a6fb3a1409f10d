import type pg from 'pg';
import type { GiftCategory as WireGiftCategory, GiftVariant } from '../../event-schemas/contract/gift-certificates';
import type { Answers } from '../../event-schemas/contract/wire-checks';
import type { LogicalExpression } from '../groups/group-expression';
import { onSale } from '../certificate-categories/category-terms';
import type { MemberEligibility } from '../certificate-categories/member-eligibility';

export type { GiftVariant };

/** What the gift shop shows of a category; `criteria` and `groupId` decide who is offered it and never leave the server. */
export interface GiftCategory {
  id: number;
  certificateCategoryCode: string;
  certificateCategoryName: string;
  certificateCategoryDesc: string;
  certificateCategoryType: 'PURCHASABLE';
  displayCategory: 'gift';
  termsAndConditions: string;
  cardArtId: string | null;
  defaultExpirationLengthDays: number;
  /** The most of this category one order may hold (spec maxPurchaseQuantity); null: only the cart's limit. */
  maxPurchaseQuantity: number | null;
  /** How many more of it the gift shop may sell (spec totalUseable less what is sold); null: no limit. */
  left: number | null;
  /** Whether it may be bought as a gift for someone else (spec transferable). */
  transferable: boolean;
  startDate: string | null;
  endDate: string | null;
  /** A promotion's category shows its promoName on the card (spec isPromo, promoName). */
  promoName: string | null;
  variants: GiftVariant[];
}
/** GET /certificate-categories/list answers the contract's category (event-schemas/contract/gift-certificates.ts). */
export type GiftCategoryAnswer = Answers<GiftCategory, WireGiftCategory>;

/** The catalogue as the server holds it: each category with the group and variant criteria that decide eligibility. */
export interface CatalogueEntry extends Omit<GiftCategory, 'left'> {
  groupId: number | null;
  /** The most of it ever sold through the gift shop (spec totalUseable); null: no limit. */
  totalUseable: number | null;
  criteria: (LogicalExpression | null)[];
}

interface Row {
  id: string;
  code: string;
  name: string;
  description: string;
  terms_and_conditions: string;
  card_art_id: string | null;
  default_expiration_days: number;
  max_purchase_quantity: number | null;
  total_useable: number | null;
  transferable: boolean;
  start_date: string | null;
  end_date: string | null;
  group_id: string | null;
  is_promo: boolean;
  promo_name: string | null;
  amount: string | null;
  purchase_price: number | null;
  redemption_criteria: LogicalExpression | null;
}

/** Active purchasable categories with at least one variant, variants in their configured order, whoever asks. */
export async function readGiftCatalogue(db: pg.Pool): Promise<CatalogueEntry[]> {
  const r = await db.query<Row>(
    `SELECT c.id, c.code, c.name, c.description, c.terms_and_conditions, c.card_art_id, c.default_expiration_days, c.max_purchase_quantity,
            (c.kept_fields->>'totalUseable')::int AS total_useable, c.transferable, to_char(c.start_date, 'YYYY-MM-DD') AS start_date, to_char(c.end_date, 'YYYY-MM-DD') AS end_date, c.group_id,
            c.is_promo, c.promo_name, v.amount, v.purchase_price, v.redemption_criteria
       FROM certificate_categories c JOIN certificate_category_variants v ON v.category_code = c.code
      WHERE c.certificate_category_type = 'PURCHASABLE' AND c.active
      ORDER BY c.code, v.position, v.amount`,
  );
  const byCode = new Map<string, CatalogueEntry>();
  for (const row of r.rows) {
    let c = byCode.get(row.code);
    if (!c) {
      c = {
        id: Number(row.id),
        certificateCategoryCode: row.code,
        certificateCategoryName: row.name,
        certificateCategoryDesc: row.description,
        certificateCategoryType: 'PURCHASABLE',
        displayCategory: 'gift',
        termsAndConditions: row.terms_and_conditions,
        cardArtId: row.card_art_id,
        defaultExpirationLengthDays: row.default_expiration_days,
        maxPurchaseQuantity: row.max_purchase_quantity,
        transferable: row.transferable,
        startDate: row.start_date,
        endDate: row.end_date,
        promoName: row.is_promo ? row.promo_name : null,
        groupId: row.group_id === null ? null : Number(row.group_id),
        totalUseable: row.total_useable,
        variants: [],
        criteria: [],
      };
      byCode.set(row.code, c);
    }
    c.variants.push({ amount: Number(row.amount), purchasePrice: Number(row.purchase_price) });
    c.criteria.push(row.redemption_criteria);
  }
  return [...byCode.values()];
}

const shown = ({ groupId: _g, criteria: _c, totalUseable, ...category }: CatalogueEntry, left: ReadonlyMap<string, number>): GiftCategory => ({
  ...category,
  left: totalUseable === null ? null : (left.get(category.certificateCategoryCode) ?? totalUseable),
});

/**
 * What the shop offers on `today`: categories on sale and not sold out (`left`: how many of each limited category
 * may still be sold), and for a member only those whose group holds them, each with only the variants whose criteria
 * admit them (a category left with none is not offered).
 */
export function offeredCatalogue(
  catalogue: CatalogueEntry[],
  today: string,
  member: MemberEligibility | null,
  left: ReadonlyMap<string, number> = new Map(),
): GiftCategory[] {
  return catalogue
    .filter((c) => onSale(c, today) && (member === null || member.inGroup(c.groupId)))
    .map((c) => (member === null ? shown(c, left) : { ...shown(c, left), variants: c.variants.filter((_, i) => member.admittedBy(c.criteria[i])) }))
    .filter((c) => c.variants.length > 0 && c.left !== 0);
}
