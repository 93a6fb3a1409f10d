import type pg from 'pg';
import { setImmediate as yieldToIo } from 'node:timers/promises';
import { from as copyFrom, type CopyStreamQuery } from 'pg-copy-streams';
import { randomBytes } from 'node:crypto';
import { encodeEvent } from '../../../event-schemas';
import { ownerOf, sealsPersonalFields } from '../../../event-schemas/personal-fields';
import { sealed } from '../../privacy/sealing/sealing-store';
import type { SyntheticMember } from './member-history';

/** COPY's text format: a backslash starts an escape, so one in the JSON must be doubled; tabs and newlines never occur raw in JSON. */
const copyText = (s: string) => (s.includes('\\') ? s.replace(/\\/g, '\\\\') : s);

const finished = (stream: CopyStreamQuery) =>
  new Promise<void>((resolve, reject) => {
    stream.on('error', reject);
    stream.on('finish', resolve);
  });

/** Rows of one table as COPY text, written with one COPY statement on the chunk's transaction. */
async function copyRows(db: pg.PoolClient, table: string, columns: string, rows: string): Promise<void> {
  if (!rows) return;
  const stream = db.query(copyFrom(`COPY ${table} (${columns}) FROM STDIN`));
  const done = finished(stream);
  stream.end(rows);
  await done;
}

/** Members made a few at a time, so the database parses one slice while the next is made (the seed's two halves overlap). */
const SLICE = 100;

/**
 * Writes members `from`..`to` in the caller's transaction: their events through the store's codecs (encodeEvent
 * checks each against its codec, exactly as a live append does) into the log with COPY, in the order each member
 * lived them; their participant rows, e-mails and phones; and the treatments the promotion payouts process
 * remembers (its own table, written as it would have written it while following the log). Answers the events written.
 */
export async function writeMembers(db: pg.PoolClient, from: number, to: number, make: (n: number) => SyntheticMember, passwordHash: string): Promise<number> {
  const log = db.query(copyFrom('COPY es_events (event_id, stream_name, revision, type, data, metadata, created_at) FROM STDIN'));
  const logDone = finished(log);
  let count = 0;
  let participants = '';
  let emails = '';
  let phones = '';
  let treatments = '';
  // Each member's key, made as their first event with personal fields is written (as the keyring makes it live), and
  // written to member_keys in the same transaction: the seeded log is sealed exactly as a live one (issue 25).
  const keys = new Map<number, Buffer>();
  const keyOf = (paxId: number) => {
    let key = keys.get(paxId);
    if (!key) keys.set(paxId, (key = randomBytes(32)));
    return key;
  };
  for (let first = from; first <= to; first += SLICE) {
    let events = '';
    for (let n = first; n < first + SLICE && n <= to; n++) {
      const m = make(n);
      participants += `${m.paxId}\t${copyText(m.firstName)}\t${copyText(m.lastName)}\t${m.email}\t${passwordHash}\t${m.postalCode}\t${m.dateOfBirth}\t${m.refCode}\t${m.enrolledAt}\n`;
      emails += `${m.paxId}\t${m.email}\tY\n`;
      if (m.phone) phones += `${m.paxId}\t${m.phone}\tY\n`;
      const processed = new Set<string>();
      for (const e of m.events) {
        const meta = { actor: e.actor, correlationId: e.correlationId, causationId: e.causationId, occurredAt: e.occurredAt };
        const encoded = encodeEvent(e.eventId, e.event, meta);
        const data = sealsPersonalFields(e.event.type, encoded.data as Record<string, unknown>)
          ? sealed(
              { eventId: e.eventId, type: e.event.type, data: encoded.data, metadata: encoded.metadata },
              keyOf(ownerOf(encoded.data as Record<string, unknown>)),
            ).data
          : encoded.data;
        events += `${e.eventId}\t${e.stream}\t${e.revision}\t${e.event.type}\t${copyText(JSON.stringify(data))}\t${copyText(JSON.stringify(encoded.metadata))}\t${e.occurredAt}\n`;
        count++;
        if (e.event.type === 'TreatmentProcessed') processed.add(e.event.data.treatmentId);
      }
      for (const e of m.events) {
        if (e.event.type !== 'TreatmentRecorded') continue;
        const d = e.event.data;
        const lines = JSON.stringify(d.lineItems.map((l) => ({ productId: l.productId, quantity: l.quantity })));
        treatments += `${d.treatmentId}\t${d.paxId}\t${d.dateOfService}\t${copyText(lines)}\t${processed.has(d.treatmentId) ? 't' : 'f'}\n`;
      }
    }
    if (!log.write(events)) await new Promise((resolve) => log.once('drain', resolve));
    // Lets the socket take what was written while the next slice is made.
    await yieldToIo();
  }
  log.end();
  await logDone;
  await copyRows(db, 'participants', 'pax_id, first_name, last_name, username, password_hash, postal_code, date_of_birth, ref_code, created_at', participants);
  await copyRows(db, 'participant_emails', 'pax_id, email_address, preferred', emails);
  await copyRows(db, 'participant_phones', 'pax_id, phone, preferred', phones);
  // bytea as hex ('\\x…'), its backslash doubled for COPY's text format.
  await copyRows(db, 'member_keys', 'pax_id, key', [...keys].map(([paxId, key]) => `${paxId}\t\\\\x${key.toString('hex')}\n`).join(''));
  // In date order, as a live programme's table fills (each treatment is recorded when it is given): the forecast reads a
  // window of days, and rows of one day scattered over every page of the table made it read the whole table for a week.
  await copyRows(db, 'promotion_payout_treatments', 'treatment_id, pax_id, date_of_service, lines, processed', inDateOrder(treatments));
  return count;
}

/** COPY rows of promotion_payout_treatments sorted by their date of service (the third column), then as they were. */
function inDateOrder(rows: string): string {
  const lines = rows.split('\n').filter((l) => l !== '');
  const dateOf = (l: string) => l.split('\t', 3)[2];
  return lines
    .map((l, i) => [dateOf(l), i, l] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]))
    .map(([, , l]) => `${l}\n`)
    .join('');
}
