import type pg from 'pg';
import type { Actor } from '../../event-schemas';
import { auditConfigChange, inTransaction } from '../db/config-audit';
import { notFound, Problem, validationProblem, type FieldError } from '../core/problem';
import type { FindCardArt } from '../gift-certificates/card-art-catalogue';
import { applyChange, categoryDefaults, categoryErrors, type CategoryChange, type CategoryRecord } from './category-fields';
import { defaultTerms, KEPT_KEYS, type KeptFields } from './category-terms';
import type { LogicalExpression } from '../groups/group-expression';

interface Row {
  code: string;
  name: string;
  description: string;
  terms_and_conditions: string;
  certificate_category_type: 'PURCHASABLE' | null;
  nullify_awards: boolean;
  active: boolean;
  default_expiration_days: number;
  card_art_id: string | null;
  max_purchase_quantity: number | null;
  id: string;
  start_date: string | null;
  end_date: string | null;
  group_id: string | null;
  transferable: boolean;
  quantity_in_one_treatment: number | null;
  days_to_restrict_redemption: number;
  show_activation_date: boolean;
  is_promo: boolean;
  promo_type: string | null;
  promo_name: string | null;
  kept_fields: Partial<KeptFields>;
  variants: { amount: number | string; purchaseAmount: number; redemptionCriteria: LogicalExpression | null }[];
}

const SELECT = `
  SELECT c.code, c.name, c.description, c.terms_and_conditions, c.certificate_category_type, c.nullify_awards, c.active,
         c.default_expiration_days, c.card_art_id, c.max_purchase_quantity, c.id, to_char(c.start_date, 'YYYY-MM-DD') AS start_date,
         to_char(c.end_date, 'YYYY-MM-DD') AS end_date, c.group_id, c.transferable, c.quantity_in_one_treatment, c.days_to_restrict_redemption,
         c.show_activation_date, c.is_promo, c.promo_type, c.promo_name, c.kept_fields,
         COALESCE(json_agg(json_build_object('amount', v.amount, 'purchaseAmount', v.purchase_price, 'redemptionCriteria', v.redemption_criteria) ORDER BY v.position, v.amount)
                  FILTER (WHERE v.category_code IS NOT NULL), '[]') AS variants
    FROM certificate_categories c LEFT JOIN certificate_category_variants v ON v.category_code = c.code`;

const keptFields = (stored: Partial<KeptFields>): KeptFields => {
  const defaults = defaultTerms();
  return Object.fromEntries(KEPT_KEYS.map((k) => [k, stored[k] ?? defaults[k]])) as KeptFields;
};

const toRecord = (r: Row): CategoryRecord => {
  const variants = r.variants.map((v) => ({ amount: Number(v.amount), purchaseAmount: Number(v.purchaseAmount), redemptionCriteria: v.redemptionCriteria }));
  return {
    ...keptFields(r.kept_fields),
    id: Number(r.id),
    startDate: r.start_date,
    endDate: r.end_date,
    groupId: r.group_id === null ? null : Number(r.group_id),
    transferable: r.transferable,
    quantityInOneTreatment: r.quantity_in_one_treatment,
    daysToRestrictRedemption: r.days_to_restrict_redemption,
    showActivationDate: r.show_activation_date,
    isPromo: r.is_promo,
    promoType: r.promo_type,
    promoName: r.promo_name,
    certificateCategoryCode: r.code,
    certificateCategoryName: r.name,
    certificateCategoryDesc: r.description,
    termsAndConditions: r.terms_and_conditions,
    certificateCategoryType: r.certificate_category_type,
    nullifyAwards: r.nullify_awards,
    displayStatusTypeCode: r.active ? 'ACTIVE' : 'INACTIVE',
    defaultExpirationLengthDays: r.default_expiration_days,
    cardArtId: r.card_art_id,
    maxPurchaseQuantity: r.max_purchase_quantity,
    variants,
    purchaseAmount: r.certificate_category_type === 'PURCHASABLE' ? (variants[0]?.purchaseAmount ?? null) : null,
  };
};

type Db = pg.Pool | pg.PoolClient;

export async function listCategories(db: Db): Promise<CategoryRecord[]> {
  const r = await db.query<Row>(`${SELECT} GROUP BY c.code ORDER BY c.code`);
  return r.rows.map(toRecord);
}

export async function readCategory(db: Db, code: string): Promise<CategoryRecord | null> {
  const r = await db.query<Row>(`${SELECT} WHERE c.code = $1 GROUP BY c.code`, [code]);
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

export async function readCategoryById(db: Db, id: number): Promise<CategoryRecord | null> {
  const r = await db.query<Row>(`${SELECT} WHERE c.id = $1 GROUP BY c.code`, [id]);
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

async function write(db: pg.PoolClient, record: CategoryRecord, exists: boolean): Promise<void> {
  const values = [
    record.certificateCategoryCode,
    record.certificateCategoryName,
    record.certificateCategoryDesc,
    record.termsAndConditions,
    record.certificateCategoryType,
    record.nullifyAwards,
    record.displayStatusTypeCode === 'ACTIVE',
    record.defaultExpirationLengthDays,
    record.cardArtId,
    record.maxPurchaseQuantity,
    record.startDate,
    record.endDate,
    record.groupId,
    record.transferable,
    record.quantityInOneTreatment,
    record.daysToRestrictRedemption,
    record.showActivationDate,
    record.isPromo,
    record.promoType,
    record.promoName,
    JSON.stringify(Object.fromEntries(KEPT_KEYS.map((k) => [k, record[k]]))),
  ];
  const columns =
    'name, description, terms_and_conditions, certificate_category_type, nullify_awards, active, default_expiration_days, card_art_id, max_purchase_quantity, ' +
    'start_date, end_date, group_id, transferable, quantity_in_one_treatment, days_to_restrict_redemption, show_activation_date, is_promo, promo_type, promo_name, kept_fields';
  const names = columns.split(', ');
  await db.query(
    exists
      ? `UPDATE certificate_categories SET ${names.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now() WHERE code = $1`
      : `INSERT INTO certificate_categories (code, ${columns}) VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')})`,
    values,
  );
  // Variants are replaced as a list: their order is the position the gift shop shows them in.
  await db.query('DELETE FROM certificate_category_variants WHERE category_code = $1', [record.certificateCategoryCode]);
  await db.query(
    `INSERT INTO certificate_category_variants (category_code, amount, purchase_price, redemption_criteria, position)
     SELECT $1, x.amount, x.price, x.criteria, x.n - 1 FROM unnest($2::numeric[], $3::int[], $4::jsonb[]) WITH ORDINALITY AS x(amount, price, criteria, n)`,
    [
      record.certificateCategoryCode,
      record.variants.map((v) => v.amount),
      record.variants.map((v) => v.purchaseAmount),
      record.variants.map((v) => (v.redemptionCriteria ? JSON.stringify(v.redemptionCriteria) : null)),
    ],
  );
}

/** A new card art id must be a gift card design; an unchanged one is not checked again (content may be down). */
async function assertCardArt(pool: pg.Pool, code: string, cardArtId: string | null | undefined, findCardArt: FindCardArt): Promise<void> {
  if (typeof cardArtId !== 'string') return;
  const current = await readCategory(pool, code);
  if (current?.cardArtId === cardArtId) return;
  const known = await findCardArt([cardArtId]);
  if (!known.has(cardArtId)) throw validationProblem([{ path: 'body.cardArtId', message: 'must be the id of a gift card design (eGiftCardArt), or null' }]);
}

export type SaveMode = 'create' | 'update' | 'upsert';

/**
 * Creates or changes a category and its variants, audited in the same transaction. Codes differ by more than case,
 * since treatments match a certificate to its category ignoring case. A refused change writes nothing.
 */
export async function saveCategory(
  pool: pg.Pool,
  input: { code: string; change: Omit<CategoryChange, 'certificateCategoryCode'>; mode: SaveMode; actor: Actor; findCardArt: FindCardArt },
): Promise<CategoryRecord> {
  const { code, change, mode } = input;
  await assertCardArt(pool, code, change.cardArtId, input.findCardArt);
  return inTransaction(pool, async (db) => {
    // Creations are serialised so that two codes differing only by case cannot both slip in.
    if (mode !== 'update') await db.query("SELECT pg_advisory_xact_lock(hashtext('certificate_categories:create'))");
    const locked = await db.query('SELECT code FROM certificate_categories WHERE code = $1 FOR UPDATE', [code]);
    const exists = (locked.rowCount ?? 0) > 0;
    if (exists && mode === 'create') throw duplicate(code, code);
    if (!exists && mode === 'update') throw notFound(`Certificate category ${code}`);
    if (!exists) {
      const similar = await db.query<{ code: string }>('SELECT code FROM certificate_categories WHERE lower(code) = lower($1)', [code]);
      if (similar.rows[0]) throw duplicate(code, similar.rows[0].code);
    }
    const before = exists ? await readCategory(db, code) : null;
    const after = applyChange(before ?? categoryDefaults(code), change);
    const errors = [...categoryErrors(after), ...(await referenceErrors(db, after))];
    if (errors.length) throw validationProblem(errors);
    await write(db, after, exists);
    const saved = (await readCategory(db, code))!;
    await auditConfigChange(db, {
      entity: 'certificate-category',
      entityId: code,
      action: before ? 'update' : 'create',
      actor: input.actor,
      before,
      after: saved,
    });
    return saved;
  });
}

/** The group and the associated categories a record names must exist (a deleted group admits nobody). */
async function referenceErrors(db: pg.PoolClient, record: CategoryRecord): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (record.groupId !== null) {
    const group = await db.query('SELECT 1 FROM participant_groups WHERE id = $1 AND deleted_at IS NULL', [record.groupId]);
    if (group.rowCount === 0) errors.push({ path: 'body.groupId', message: 'must be the id of a participant group, or null for every member' });
  }
  const codes = record.associatedCategoryCodeIds;
  if (codes.length > 0) {
    const known = await db.query<{ code: string }>('SELECT code FROM certificate_categories WHERE code = ANY($1)', [codes]);
    const found = new Set(known.rows.map((r) => r.code));
    codes.forEach((c, i) => {
      if (!found.has(c)) errors.push({ path: `body.associatedCategoryCodeIds.${i}`, message: `must be the code of a certificate category (${c} is not one)` });
    });
  }
  return errors;
}

const duplicate = (code: string, existing: string) =>
  new Problem('conflict', `Certificate category ${existing} already exists`, [
    { path: 'body.certificateCategoryCode', message: existing === code ? 'is already used' : `is already used as ${existing} (codes ignore case)` },
  ]);

/** What a certificate issued from a category (not bought) is: its name, value (the first variant's amount; null with no variant) and life. */
export interface IssuedCertificateTerms {
  name: string;
  amount: number | null;
  expirationDays: number;
}

/** The terms of a certificate the programme issues from a category: welcome certificates, promotion awards. */
export async function issuedCertificateTerms(db: Db, code: string): Promise<IssuedCertificateTerms | undefined> {
  const r = await db.query<{ name: string; default_expiration_days: number; amount: string | null }>(
    `SELECT c.name, c.default_expiration_days, (SELECT v.amount FROM certificate_category_variants v WHERE v.category_code = c.code ORDER BY v.position LIMIT 1) AS amount
       FROM certificate_categories c WHERE c.code = $1`,
    [code],
  );
  const row = r.rows[0];
  return row && { name: row.name, amount: row.amount === null ? null : Number(row.amount), expirationDays: row.default_expiration_days };
}
