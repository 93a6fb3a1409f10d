import type pg from 'pg';
import type { SubmittedAnswer } from '../../../event-schemas/survey-submitted';
import type { ProgrammeSettings } from '../../config';
import { issuedCertificateTerms } from '../../certificate-categories/category-repository';
import type { AwardCertificate } from '../../promotions/pay-promotion';
import type { Promotion } from '../../promotions/promotion-state';
import { addApiKey } from '../../practices/api-keys';
import { randomBytes } from 'node:crypto';

export interface SyntheticProduct {
  id: number;
  name: string;
  brand: string;
  category: 'TREATMENT' | 'PARTNER';
  msrpPerUnit: number;
  pointsPerUnit: number;
}

/** What the synthetic history is made of: the programme's own catalogue, read once, so the events name real rows. */
export interface SyntheticCatalogue {
  today: string;
  settings: Pick<ProgrammeSettings, 'timeZone' | 'pointsExpiryMonths' | 'partnerDailyPointsLimit' | 'redemptionDivisor' | 'welcomeCertificateCategory'>;
  practice: { practiceId: number; apiKeyId: number };
  products: SyntheticProduct[];
  /** The admin who gives bonuses; none in a programme without one (then no bonuses). */
  adminId: number | undefined;
  welcome: { code: string; name: string; amount: number; expirationDays: number } | undefined;
  survey: { id: number; name: string; points: number; fromDate: string; answers: SubmittedAnswer[] } | undefined;
  promotion: { promotion: Promotion; certificate: AwardCertificate | null } | undefined;
  gift: { code: string; name: string; amount: number; price: number } | undefined;
}

const DEMO_PRACTICE = `INSERT INTO practices (name, address, postal_code, phone, latitude, longitude)
  VALUES ('Harbor Aesthetics Demo Practice', '100 Example Way, Irvine, CA', '92612', '9495550100', 33.6846, -117.8265) RETURNING practice_id`;

/** The practice whose treatments the history reports, with an API key (a new random one when the practice has none). */
async function practiceWithKey(db: pg.Pool): Promise<{ practiceId: number; apiKeyId: number }> {
  const existing = await db.query<{ practice_id: string; api_key_id: string | null }>(
    `SELECT p.practice_id, (SELECT min(k.api_key_id) FROM practice_api_keys k WHERE k.practice_id = p.practice_id AND k.revoked_at IS NULL) AS api_key_id
       FROM practices p ORDER BY p.practice_id LIMIT 1`,
  );
  const practiceId = Number(existing.rows[0]?.practice_id ?? (await db.query<{ practice_id: string }>(DEMO_PRACTICE)).rows[0].practice_id);
  if (existing.rows[0]?.api_key_id) return { practiceId, apiKeyId: Number(existing.rows[0].api_key_id) };
  // A key nobody knows: the history needs a key id for its actors, and no secret is written anywhere.
  return { practiceId, apiKeyId: await addApiKey(db, practiceId, randomBytes(24).toString('base64url'), 'synthetic history') };
}

async function surveyOf(db: pg.Pool): Promise<SyntheticCatalogue['survey']> {
  const s = await db.query<{ id: string; name: string; survey_points_amount: number; from_date: string }>(
    `SELECT id, name, survey_points_amount, to_char(from_date, 'YYYY-MM-DD') AS from_date FROM surveys
      WHERE status_type_code = 'ACTIVE' AND test_type_code = 'SURVEY' ORDER BY id LIMIT 1`,
  );
  const survey = s.rows[0];
  if (!survey) return undefined;
  const q = await db.query<{ id: string; first_answer: string | null }>(
    `SELECT q.id, (SELECT min(a.id) FROM survey_answers a WHERE a.question_id = q.id) AS first_answer
       FROM survey_questions q JOIN survey_sections s ON s.id = q.section_id WHERE s.survey_id = $1 ORDER BY s.id, q.position`,
    [survey.id],
  );
  const answers = q.rows.map((r): SubmittedAnswer =>
    r.first_answer === null
      ? { questionId: Number(r.id), answerIds: [], userResponse: 'Friendly staff and great results.' }
      : { questionId: Number(r.id), answerIds: [Number(r.first_answer)], userResponse: null },
  );
  return { id: Number(survey.id), name: survey.name, points: survey.survey_points_amount, fromDate: survey.from_date, answers };
}

/**
 * The first promotion that pays (ACTIVE, with rules), as the payouts process holds it (its own table, folded in log
 * order, with the revision a payout names), and the certificate it awards.
 */
async function payingPromotion(db: pg.Pool): Promise<SyntheticCatalogue['promotion']> {
  const r = await db.query<{ state: Promotion }>(
    `SELECT state FROM promotion_payout_promotions WHERE status = 'ACTIVE' AND has_rules ORDER BY from_date, promotion_id`,
  );
  for (const { state: promotion } of r.rows) {
    if (promotion.payoutAndRules.awardType !== 'CERTIFICATE') return { promotion, certificate: null };
    const code = promotion.certificateCategoryCode;
    const terms = code ? await issuedCertificateTerms(db, code) : undefined;
    if (!code || !terms || terms.amount === null) continue;
    return { promotion, certificate: { categoryCode: code, name: terms.name, value: terms.amount, expirationDays: terms.expirationDays } };
  }
  return undefined;
}

async function giftOf(db: pg.Pool): Promise<SyntheticCatalogue['gift']> {
  const r = await db.query<{ code: string; name: string; amount: string; points: number }>(
    `SELECT c.code, c.name, v.amount, v.purchase_price AS points FROM certificate_categories c JOIN certificate_category_variants v ON v.category_code = c.code
      WHERE c.certificate_category_type = 'PURCHASABLE' AND v.purchase_price > 0 ORDER BY c.code, v.position LIMIT 1`,
  );
  const row = r.rows[0];
  return row && { code: row.code, name: `$${Number(row.amount)} ${row.name}`, amount: Number(row.amount), price: row.points };
}

export async function readCatalogue(db: pg.Pool, settings: ProgrammeSettings, today: string): Promise<SyntheticCatalogue> {
  const products = await db.query<{
    id: string;
    name: string;
    brand: string;
    category: 'TREATMENT' | 'PARTNER';
    msrp_per_unit: string;
    points_per_unit: number;
  }>('SELECT id, name, brand, category, msrp_per_unit, points_per_unit FROM products WHERE NOT retired ORDER BY id');
  if (!products.rowCount) throw new Error('the programme has no products: start the server once (it seeds the demo catalogue) or add products');
  const admin = await db.query<{ pax_id: string }>('SELECT min(pax_id) AS pax_id FROM participants WHERE is_admin');
  const welcomeCode = settings.welcomeCertificateCategory;
  const welcomeTerms = welcomeCode ? await issuedCertificateTerms(db, welcomeCode) : undefined;
  return {
    today,
    settings,
    practice: await practiceWithKey(db),
    products: products.rows.map((p) => ({
      id: Number(p.id),
      name: p.name,
      brand: p.brand,
      category: p.category,
      msrpPerUnit: Number(p.msrp_per_unit),
      pointsPerUnit: p.points_per_unit,
    })),
    adminId: admin.rows[0]?.pax_id ? Number(admin.rows[0].pax_id) : undefined,
    welcome:
      welcomeCode && welcomeTerms
        ? { code: welcomeCode, name: welcomeTerms.name, amount: welcomeTerms.amount ?? 20, expirationDays: welcomeTerms.expirationDays }
        : undefined,
    survey: await surveyOf(db),
    promotion: await payingPromotion(db),
    gift: await giftOf(db),
  };
}
