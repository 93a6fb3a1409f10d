import type pg from 'pg';
import type { PresentedCertificate } from '../certificate-categories/redemption-rules';
import type { LogicalExpression } from '../groups/group-expression';
import type { RedeemedCertificate, TreatmentLineItem } from '../../event-schemas/treatment-recorded';
import { validationProblem, type FieldError } from '../core/problem';
import { productsByIds } from '../products/product-repository';
import type { RecordTreatmentBody } from './record-treatment';

/**
 * Checks what the body's shape cannot: the member and products exist, the date is not in the future. All problems
 * are answered together, each naming its field. An unknown paxId is a 400 on body.paxId (it is a field of the body,
 * not the resource addressed), like an unknown productId.
 */
export async function resolveLineItems(db: pg.Pool, body: RecordTreatmentBody, today: string): Promise<TreatmentLineItem[]> {
  const errors: FieldError[] = [];
  if (body.dateOfService > today) errors.push({ path: 'body.dateOfService', message: `must not be in the future (today is ${today})` });
  const member = await db.query<{ erased: boolean }>('SELECT erased_at IS NOT NULL AS erased FROM participants WHERE pax_id = $1', [body.paxId]);
  if (!member.rowCount) errors.push({ path: 'body.paxId', message: 'must be an enrolled participant' });
  // An erased member's record takes nothing new (their points would never be awarded; issue 25).
  else if (member.rows[0].erased) errors.push({ path: 'body.paxId', message: 'was erased at their request: record nothing more for them' });
  const products = await productsByIds(db, [...new Set(body.lineItems.map((l) => l.productId))]);
  const lines: TreatmentLineItem[] = [];
  body.lineItems.forEach((l, i) => {
    const p = products.get(l.productId);
    if (!p || p.retired) {
      errors.push({ path: `body.lineItems.${i}.productId`, message: 'must be an active product' });
      return;
    }
    lines.push({
      productId: p.id,
      productName: p.name,
      category: p.category,
      brand: p.brand,
      msrpPerUnit: p.msrpPerUnit,
      pointsPerUnit: p.pointsPerUnit,
      quantity: l.quantity,
      isPriviPlan: l.isPriviPlan ?? false,
      injector: { firstName: l.injector.firstName.trim(), lastName: l.injector.lastName.trim() },
    });
  });
  if (body.practiceId !== undefined) {
    const practice = await db.query('SELECT 1 FROM practices WHERE practice_id = $1', [body.practiceId]);
    if (!practice.rowCount) errors.push({ path: 'body.practiceId', message: 'must be a known practice' });
  }
  if (errors.length) throw validationProblem(errors);
  return lines;
}

/** A presented code that is a certificate the member holds: the treatment uses it (server/treatments/redeem-certificates.ts). */
export interface HeldCertificate {
  /** Its place in the body's redeemedCertificateCodes, the field a refusal names. */
  index: number;
  certificateId: string;
}

/**
 * Snapshots each presented code from the certificates read model. A certificate's category is the certificate
 * category whose code equals its displayCategory; a code or category we do not know is kept, but cannot nullify.
 * The certificates a treatment reports as redeemed, as the treated member holds them: a code is only theirs to use
 * when the certificate is theirs (a gift they sent, or anyone else's certificate, reads as unknown), so one code is
 * used by one person.
 */
export async function resolveCertificates(
  db: pg.Pool,
  codes: readonly string[],
  paxId: number,
  timeZone: string,
): Promise<{ redeemed: RedeemedCertificate[]; presented: PresentedCertificate[]; held: HeldCertificate[] }> {
  if (codes.length === 0) return { redeemed: [], presented: [], held: [] };
  const r = await db.query<{
    certificate_id: string | null;
    code: string;
    name: string | null;
    amount: string | null;
    category_type: string | null;
    category_code: string | null;
    nullify_awards: boolean | null;
    issued_on: string | null;
    category_name: string | null;
    quantity_in_one_treatment: number | null;
    days_to_restrict_redemption: number | null;
    criteria: LogicalExpression | null;
  }>(
    `SELECT c.certificate_id, x.code, c.name, c.amount, c.category_type, cc.code AS category_code, cc.nullify_awards,
            to_char(c.issued_at AT TIME ZONE $3, 'YYYY-MM-DD') AS issued_on, cc.name AS category_name, cc.quantity_in_one_treatment,
            cc.days_to_restrict_redemption,
            (SELECT v.redemption_criteria FROM certificate_category_variants v WHERE v.category_code = cc.code AND v.amount = c.amount LIMIT 1) AS criteria
       FROM unnest($1::text[]) WITH ORDINALITY AS x(code, n)
       LEFT JOIN LATERAL (
         SELECT * FROM rm_certificates
          WHERE code = x.code AND pax_id = $2 AND NOT (gift_recipient_email IS NOT NULL AND claimed_at IS NULL)
          LIMIT 1
       ) c ON true
       LEFT JOIN certificate_categories cc ON lower(cc.code) = lower(COALESCE(c.category_code, c.display_category))
      ORDER BY x.n`,
    [codes.map((c) => c.trim()), paxId, timeZone],
  );
  const amountOf = (a: string | null) => (a === null ? null : Number(a));
  return {
    held: r.rows.flatMap((row, index) => (row.certificate_id === null ? [] : [{ index, certificateId: row.certificate_id }])),
    redeemed: r.rows.map((row) => ({
      code: row.code,
      name: row.name,
      amount: amountOf(row.amount),
      certificateCategoryType: row.category_type === 'PURCHASABLE' ? 'PURCHASABLE' : null,
      categoryCode: row.category_code,
      nullifyAwards: row.nullify_awards === true,
    })),
    presented: r.rows.map((row) => ({
      code: row.code,
      amount: amountOf(row.amount),
      issuedOn: row.issued_on,
      category:
        row.category_code === null
          ? null
          : {
              code: row.category_code,
              name: row.category_name ?? row.category_code,
              quantityInOneTreatment: row.quantity_in_one_treatment,
              daysToRestrictRedemption: row.days_to_restrict_redemption ?? 0,
              criteria: row.criteria,
            },
    })),
  };
}
