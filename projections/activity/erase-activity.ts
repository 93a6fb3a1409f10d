import type pg from 'pg';
import { ERASED_TEXT } from '../../event-schemas/erased';
import { deferWrite } from '../batch-buffer';

/**
 * What the activity holds about an erased member beyond amounts and causes, blanked to what the sealed events read
 * as once their key is gone (ERASED_TEXT): a treatment's practitioner and injectors (they say where the patient was
 * treated) and an award's free-text description. Dates, products, points and certificates stay: they are the ledger.
 */
export const eraseActivity = async (db: pg.PoolClient, paxId: number): Promise<void> => {
  const erased = JSON.stringify(ERASED_TEXT);
  await deferWrite(db, {
    sql: `UPDATE rm_activity SET description = 'Treatment with ' || $2::text,
            detail = jsonb_set(detail, '{hcpName}', $3::jsonb) || jsonb_build_object('treatmentLineItems',
              (SELECT coalesce(jsonb_agg(jsonb_set(line, '{injector}', jsonb_build_object('firstName', $2::text, 'lastName', $2::text)) ORDER BY n), '[]'::jsonb)
                 FROM jsonb_array_elements(detail->'treatmentLineItems') WITH ORDINALITY AS x(line, n)))
          WHERE pax_id = $1 AND detail ? 'hcpName'`,
    values: [paxId, ERASED_TEXT, erased],
  });
  await deferWrite(db, {
    sql: `UPDATE rm_activity SET description = $2::text, detail = jsonb_set(detail, '{description}', $3::jsonb)
          WHERE pax_id = $1 AND activity_type = 'BONUS POINTS EARNED'`,
    values: [paxId, ERASED_TEXT, erased],
  });
};
