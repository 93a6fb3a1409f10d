import type pg from 'pg';
import type { Actor } from '../../event-schemas';
import { auditConfigChange, inTransaction } from '../db/config-audit';
import { notFound, Problem, validationProblem } from '../core/problem';
import { decideEnd } from './end-campaign';
import type { CampaignOfferCounts } from '../../event-schemas/contract/campaigns';
import { checkCampaign, type Campaign, type CampaignFields } from './campaign';

interface CampaignRow {
  id: string;
  campaign_name: string;
  status_type_code: Campaign['statusTypeCode'];
  mk_code: string | null;
  from_date: string | null;
  thru_date: string | null;
  certificate_category_code: string | null;
  certificate_amount: string | null;
  allow_reissuance: boolean;
  days_before_expiration_to_send_reminder: number | null;
  login_notification_required: boolean;
  templates: Record<string, string | null>;
  is_patient_event: boolean;
  group_id: string | null;
}

const COLUMNS = `id, campaign_name, status_type_code, mk_code, to_char(from_date, 'YYYY-MM-DD') AS from_date, to_char(thru_date, 'YYYY-MM-DD') AS thru_date,
  certificate_category_code, certificate_amount, allow_reissuance, days_before_expiration_to_send_reminder, login_notification_required, templates,
  is_patient_event, group_id`;
const TEMPLATES = ['createAccountTemplateId', 'expirationReminderTemplateId', 'newMemberTemplateId', 'existingMemberTemplateId'] as const;

const toCampaign = (r: CampaignRow): Campaign => ({
  id: Number(r.id),
  campaignName: r.campaign_name,
  statusTypeCode: r.status_type_code,
  mkCode: r.mk_code,
  fromDate: r.from_date,
  thruDate: r.thru_date,
  certificateCategoryCode: r.certificate_category_code,
  certificateAmount: r.certificate_amount === null ? null : Number(r.certificate_amount),
  allowReissuance: r.allow_reissuance,
  daysBeforeExpirationToSendReminder: r.days_before_expiration_to_send_reminder,
  loginNotificationRequired: r.login_notification_required,
  createAccountTemplateId: r.templates.createAccountTemplateId ?? null,
  expirationReminderTemplateId: r.templates.expirationReminderTemplateId ?? null,
  newMemberTemplateId: r.templates.newMemberTemplateId ?? null,
  existingMemberTemplateId: r.templates.existingMemberTemplateId ?? null,
  isPatientEvent: r.is_patient_event,
  groupId: r.group_id === null ? null : Number(r.group_id),
});

const values = (c: CampaignFields) => [
  c.campaignName,
  c.statusTypeCode,
  c.mkCode,
  c.fromDate,
  c.thruDate,
  c.certificateCategoryCode,
  c.certificateAmount,
  c.allowReissuance,
  c.daysBeforeExpirationToSendReminder,
  c.loginNotificationRequired,
  JSON.stringify(Object.fromEntries(TEMPLATES.map((k) => [k, c[k]]))),
  c.isPatientEvent,
  c.groupId,
];

/** Checks that need the database: the category and group must exist, and a marketing code belongs to one campaign. */
async function checkReferences(db: pg.PoolClient, c: CampaignFields, id: number | null) {
  const errors = checkCampaign(c);
  if (c.certificateCategoryCode !== null) {
    const r = await db.query('SELECT 1 FROM certificate_categories WHERE code = $1', [c.certificateCategoryCode]);
    if (!r.rowCount) errors.push({ path: 'body.certificateCategoryCode', message: 'must be the code of an existing certificate category' });
  }
  if (c.groupId !== null) {
    const r = await db.query('SELECT 1 FROM participant_groups WHERE id = $1 AND deleted_at IS NULL', [c.groupId]);
    if (!r.rowCount) errors.push({ path: 'body.groupId', message: 'must be the id of an existing participant group' });
  }
  if (c.mkCode !== null) {
    // Serialises writers of marketing codes: two admins saving the same new code at once get one 400, not a 500.
    await db.query("SELECT pg_advisory_xact_lock(hashtext('dr_campaigns:mk_code'))");
    const r = await db.query('SELECT 1 FROM dr_campaigns WHERE upper(mk_code) = upper($1) AND id IS DISTINCT FROM $2', [c.mkCode, id]);
    if (r.rowCount) errors.push({ path: 'body.mkCode', message: 'is already used by another campaign' });
  }
  if (errors.length) throw validationProblem(errors);
}

export async function listCampaigns(db: pg.Pool): Promise<Campaign[]> {
  const r = await db.query<CampaignRow>(`SELECT ${COLUMNS} FROM dr_campaigns ORDER BY id DESC`);
  return r.rows.map(toCampaign);
}

export async function findCampaign(db: pg.Pool | pg.PoolClient, id: number): Promise<Campaign | undefined> {
  const r = await db.query<CampaignRow>(`SELECT ${COLUMNS} FROM dr_campaigns WHERE id = $1`, [id]);
  return r.rows[0] ? toCampaign(r.rows[0]) : undefined;
}

export async function createCampaign(pool: pg.Pool, fields: CampaignFields, actor: Actor): Promise<Campaign> {
  return inTransaction(pool, async (db) => {
    await checkReferences(db, fields, null);
    const r = await db.query<CampaignRow>(
      `INSERT INTO dr_campaigns (campaign_name, status_type_code, mk_code, from_date, thru_date, certificate_category_code, certificate_amount, allow_reissuance,
         days_before_expiration_to_send_reminder, login_notification_required, templates, is_patient_event, group_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${COLUMNS}`,
      values(fields),
    );
    const created = toCampaign(r.rows[0]);
    await auditConfigChange(db, { entity: 'dr-campaign', entityId: created.id, action: 'create', actor, before: null, after: created });
    return created;
  });
}

/** Replaces a campaign's fields under a row lock, auditing before and after in the same transaction. */
export async function updateCampaign(pool: pg.Pool, id: number, fields: CampaignFields, actor: Actor): Promise<Campaign> {
  return inTransaction(pool, async (db) => {
    const r = await db.query<CampaignRow>(`SELECT ${COLUMNS} FROM dr_campaigns WHERE id = $1 FOR UPDATE`, [id]);
    if (!r.rows[0]) throw notFound(`Campaign ${id}`);
    const before = toCampaign(r.rows[0]);
    await checkReferences(db, fields, id);
    const u = await db.query<CampaignRow>(
      `UPDATE dr_campaigns SET campaign_name = $1, status_type_code = $2, mk_code = $3, from_date = $4, thru_date = $5, certificate_category_code = $6,
         certificate_amount = $7, allow_reissuance = $8, days_before_expiration_to_send_reminder = $9, login_notification_required = $10, templates = $11,
         is_patient_event = $12, group_id = $13, updated_at = now()
       WHERE id = $14 RETURNING ${COLUMNS}`,
      [...values(fields), id],
    );
    const after = toCampaign(u.rows[0]);
    await auditConfigChange(db, { entity: 'dr-campaign', entityId: id, action: 'update', actor, before, after });
    return after;
  });
}

/** Ends a campaign under a row lock: two admins ending it at once end it once, with one history entry. */
export async function endCampaign(pool: pg.Pool, id: number, actor: Actor): Promise<Campaign> {
  return inTransaction(pool, async (db) => {
    const r = await db.query<CampaignRow>(`SELECT ${COLUMNS} FROM dr_campaigns WHERE id = $1 FOR UPDATE`, [id]);
    if (!r.rows[0]) throw notFound(`Campaign ${id}`);
    const before = toCampaign(r.rows[0]);
    const decision = decideEnd(before.statusTypeCode);
    if (decision.kind === 'refuse') throw new Problem('invalid-state', decision.detail);
    if (decision.kind === 'already-ended') return before;
    const u = await db.query<CampaignRow>(`UPDATE dr_campaigns SET status_type_code = 'ENDED', updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
    const after = toCampaign(u.rows[0]);
    await auditConfigChange(db, { entity: 'dr-campaign', entityId: id, action: 'end', actor, before, after });
    return after;
  });
}

/** ACTIVE patient-event campaigns created by `at`: a treatment processed before a campaign existed never earns its offer (a replay must not either). */
export async function patientEventCampaigns(db: pg.Pool | pg.PoolClient, at: string): Promise<Campaign[]> {
  const r = await db.query<CampaignRow>(
    `SELECT ${COLUMNS} FROM dr_campaigns WHERE is_patient_event AND status_type_code = 'ACTIVE' AND created_at <= $1 ORDER BY id`,
    [at],
  );
  return r.rows.map(toCampaign);
}

export type { CampaignOfferCounts };

/**
 * Per campaign, its offers from the certificates read model (it may lag the log by moments), those a patient event
 * issued (dr_campaign_patient_offers), and the reminders in the outbox (keyed by certificate, so each counts once).
 */
export async function campaignOfferCounts(db: pg.Pool): Promise<CampaignOfferCounts[]> {
  const r = await db.query<{ id: string; issued: number; patient: number; reminded: number }>(
    `SELECT d.id,
       (SELECT count(*)::int FROM rm_certificates c WHERE c.campaign_id = d.id) AS issued,
       (SELECT count(*)::int FROM dr_campaign_patient_offers p JOIN rm_certificates c ON c.certificate_id = p.certificate_id WHERE p.campaign_id = d.id) AS patient,
       (SELECT count(*)::int FROM rm_certificates c JOIN outbox o ON o.idempotency_key = 'campaign-reminder:' || c.certificate_id WHERE c.campaign_id = d.id) AS reminded
     FROM dr_campaigns d ORDER BY d.id DESC`,
  );
  return r.rows.map((row) => ({
    campaignId: Number(row.id),
    issued: row.issued,
    claimed: row.issued - row.patient,
    patientEvents: row.patient,
    reminded: row.reminded,
  }));
}
