import type pg from 'pg';
import {
  decodeStreamEvent,
  enrollmentStream,
  memberStream,
  streamName,
  type DecodedEvent,
  type DomainEvent,
  type EnrollmentEvent,
  type MemberEvent,
} from '../../event-schemas';
import type { EventStore, StoredEvent } from '../../event-schemas/store/event-store';
import { CERTIFICATE_COLUMNS, giftsSent, rowToFacts, type CertificateRow } from '../../projections/certificates/certificates-query';
import { readMessagePreferences } from '../../projections/message-preferences/preferences-query';
import { auditEntry, memberTimeline, type AuditEntry, type HistoryEvent } from '../audit/timeline';
import { readConfigAudit } from '../db/config-audit';
import { CONTACTS_ENTITY } from '../participants/contact-changes';
import { PROFILE_ENTITY } from '../participants/profile-routes';
import { readAccessLog } from './access-log-query';

/*
 * Everything held about one member, as one JSON document (issue 25 item 3, CONTRACT.md "Privacy"): what
 * server/privacy/README.md marks "exported". Read from the tables and the member's streams as they are now; the
 * member's own view of it, so no password hash, token hash or other member's data beyond what the member's pages show
 * (a referred friend's first name, a gift recipient they named).
 */

const decoded = <E extends DomainEvent = DomainEvent>(s: StoredEvent): HistoryEvent<E> & DecodedEvent<E> => ({
  ...decodeStreamEvent<E>(s.streamName, s.type, s.data, s.metadata),
  position: s.position,
});

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export interface ExportDeps {
  pool: pg.Pool;
  store: EventStore;
  timeZone: string;
  now: Date;
}

async function profileOf(pool: pg.Pool, paxId: number) {
  const r = await pool.query<{
    first_name: string;
    last_name: string;
    username: string;
    postal_code: string | null;
    date_of_birth: string | null;
    ref_code: string | null;
    referred_by: string | null;
    is_admin: boolean;
    created_at: Date;
    enrolled_campaign_id: string | null;
  }>(
    `SELECT first_name, last_name, username, postal_code, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, ref_code, referred_by, is_admin, created_at,
            enrolled_campaign_id
       FROM participants WHERE pax_id = $1`,
    [paxId],
  );
  const p = r.rows[0]!;
  return {
    paxId,
    firstName: p.first_name,
    lastName: p.last_name,
    signInEmail: p.username,
    postalCode: p.postal_code,
    dateOfBirth: p.date_of_birth,
    refCode: p.ref_code,
    referredBy: p.referred_by === null ? null : Number(p.referred_by),
    isAdmin: p.is_admin,
    enrolledAt: p.created_at.toISOString(),
    enrolledThroughCampaign: p.enrolled_campaign_id === null ? null : Number(p.enrolled_campaign_id),
  };
}

async function contactsOf(pool: pg.Pool, paxId: number) {
  const [emails, phones, pending, history] = await Promise.all([
    pool.query<{ email_address: string; preferred: string }>('SELECT email_address, preferred FROM participant_emails WHERE pax_id = $1 ORDER BY id', [paxId]),
    pool.query<{ phone: string; preferred: string }>('SELECT phone, preferred FROM participant_phones WHERE pax_id = $1 ORDER BY id', [paxId]),
    pool.query<{ email_address: string; expires_at: Date; used_at: Date | null }>(
      'SELECT email_address, expires_at, used_at FROM email_confirmations WHERE pax_id = $1 ORDER BY expires_at',
      [paxId],
    ),
    readConfigAudit(pool, CONTACTS_ENTITY, paxId),
  ]);
  return {
    emails: emails.rows.map((e) => ({ emailAddress: e.email_address, preferred: e.preferred === 'Y' })),
    phones: phones.rows.map((p) => ({ phone: p.phone, preferred: p.preferred === 'Y' })),
    confirmationsSent: pending.rows.map((c) => ({ emailAddress: c.email_address, expiresAt: iso(c.expires_at), usedAt: iso(c.used_at) })),
    changes: history,
  };
}

/** A financed treatment's approval request keeps the hash of its link's token: a credential, not data about the member. */
const withoutSecrets = (entry: AuditEntry): AuditEntry => {
  if (entry.type !== 'TreatmentApprovalRequested') return entry;
  const { tokenHash: _secret, ...data } = entry.data as Record<string, unknown>;
  return { ...entry, data };
};

/** The member's treatments as the practices recorded them (their streams are the authority: practitioner, products). */
async function treatmentsOf(pool: pg.Pool, store: EventStore, paxId: number) {
  const ids = await pool.query<{ treatment_id: string; status: string }>(
    'SELECT treatment_id, status FROM rm_treatments WHERE pax_id = $1 ORDER BY date_of_service, recorded_at',
    [paxId],
  );
  return Promise.all(
    ids.rows.map(async (t) => ({
      treatmentId: t.treatment_id,
      status: t.status,
      history: (await store.readStream(streamName('treatment', t.treatment_id))).map((s) => withoutSecrets(auditEntry(decoded(s)))),
    })),
  );
}

async function referralsOf(pool: pg.Pool, paxId: number) {
  const friends = await pool.query<{ first_name: string; created_at: Date }>(
    'SELECT first_name, created_at FROM participants WHERE referred_by = $1 ORDER BY created_at, pax_id',
    [paxId],
  );
  return friends.rows.map((f) => ({ firstName: f.first_name, enrolledAt: f.created_at.toISOString() }));
}

async function sessionsOf(pool: pg.Pool, paxId: number) {
  const r = await pool.query<{ created_at: Date; expires_at: Date; revoked_at: Date | null; admin_pax_id: string | null }>(
    'SELECT created_at, expires_at, revoked_at, admin_pax_id FROM sessions WHERE pax_id = $1 ORDER BY created_at',
    [paxId],
  );
  return r.rows.map((s) => ({
    startedAt: s.created_at.toISOString(),
    expiresAt: s.expires_at.toISOString(),
    endedAt: iso(s.revoked_at),
    impersonatedBy: s.admin_pax_id === null ? null : Number(s.admin_pax_id),
  }));
}

/** The export document of `paxId` (who exists: the caller has checked). */
export async function memberExport(deps: ExportDeps, paxId: number) {
  const { pool, store } = deps;
  const [profile, contacts, history, certificates, gifts, treatments, referrals, preferences, profileChanges, sessions, accessLog, agreed] = await Promise.all([
    profileOf(pool, paxId),
    contactsOf(pool, paxId),
    store.readStream(memberStream(paxId)).then((events) => events.map((s) => decoded<MemberEvent>(s))),
    pool.query<CertificateRow>(`SELECT ${CERTIFICATE_COLUMNS} FROM rm_certificates WHERE pax_id = $1 ORDER BY issued_at`, [paxId]),
    giftsSent(pool, paxId),
    treatmentsOf(pool, store, paxId),
    referralsOf(pool, paxId),
    readMessagePreferences(pool, paxId),
    readConfigAudit(pool, PROFILE_ENTITY, paxId),
    sessionsOf(pool, paxId),
    readAccessLog(pool, paxId, { page: 0, size: null }),
    store.readStream(enrollmentStream(paxId)).then((events) => events.map((s) => decoded<EnrollmentEvent>(s))),
  ]);
  const timeline = memberTimeline(history, deps.timeZone);
  const surveys = history.flatMap((h) =>
    h.event.type === 'SurveySubmitted'
      ? [
          {
            surveyId: h.event.data.surveyId,
            surveyName: h.event.data.surveyName,
            submittedAt: h.metadata.occurredAt,
            answers: h.event.data.answers,
            pointsAwarded: h.event.data.pointsAwarded,
          },
        ]
      : [],
  );
  return {
    exportedAt: deps.now.toISOString(),
    paxId,
    profile: { ...profile, changes: profileChanges },
    contacts,
    messagePreferences: preferences,
    // What they agreed to on joining: the terms version and when, and the marketing consent they gave (issue 54, item 10).
    termsAccepted: agreed.flatMap(({ event }) =>
      event.type === 'TermsAccepted' ? [{ termsVersion: event.data.termsVersion, acceptedAt: event.data.acceptedAt }] : [],
    ),
    marketingConsentOnJoining: agreed.flatMap(({ event }) =>
      event.type === 'MarketingConsentGiven' ? [{ emailMarketing: event.data.emailMarketing, smsMarketing: event.data.smsMarketing }] : [],
    ),
    ledger: { balance: timeline.balanceAsOf, entries: timeline.events },
    certificates: certificates.rows.map(rowToFacts),
    giftsSent: gifts,
    treatments,
    surveys,
    referrals,
    sessions,
    accessLog,
  };
}
