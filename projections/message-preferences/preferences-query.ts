import type pg from 'pg';

/** A member's marketing consent as the read model has it; the defaults when they never changed it. */
export async function readMessagePreferences(db: pg.Pool | pg.PoolClient, paxId: number): Promise<{ emailMarketing: boolean; smsMarketing: boolean }> {
  const r = await db.query<{ email_marketing: boolean; sms_marketing: boolean }>(
    'SELECT email_marketing, sms_marketing FROM rm_message_preferences WHERE pax_id = $1',
    [paxId],
  );
  const row = r.rows[0];
  return row ? { emailMarketing: row.email_marketing, smsMarketing: row.sms_marketing } : { emailMarketing: true, smsMarketing: false };
}
