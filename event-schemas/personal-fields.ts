import { ERASED_TEXT } from './erased';

/*
 * The personal fields of the log's events (server/privacy/README.md, "Events"): what is sealed with the member's key
 * when an event is stored (crypto-shredding, issue 25 item 2), and what each reads as once that key is destroyed.
 * Pure data shapes, no crypto: the store's sealing boundary (server/privacy/sealing/) does that. An event keeps every
 * other field in the clear, so amounts, dates and ids (the ledger) never depend on a key.
 */

/** A field that is sealed whole, and what it reads as when erased; one whose elements are; one within an object. */
type Rule = { erased: unknown } | { each: Rules } | { within: Rules };
type Rules = Readonly<Record<string, Rule>>;
type Json = Record<string, unknown>;

const text: Rule = { erased: ERASED_TEXT };

export const PERSONAL_FIELDS: Readonly<Record<string, Rules>> = {
  // Free text an admin or a job typed; it may name the person (or, for a referral, their friend).
  PointsAwarded: { description: text },
  // The gift's recipient is another person; the sender's name and message are the member's.
  GiftCertificatesPurchased: { certificates: { each: { recipientName: text, senderName: text, giftMessage: text, recipientEmail: text } } },
  CertificateIssued: { gift: { within: { recipientName: text, recipientEmail: text, senderName: text } } },
  // Free text, and the chosen answers (a survey may ask health questions).
  SurveySubmitted: { answers: { each: { userResponse: text, answerIds: { erased: [] } } } },
  // The practice's own record id and the practitioners' names say where the patient was treated.
  TreatmentRecorded: {
    externalId: text,
    hcpName: text,
    lineItems: { each: { injector: { erased: { firstName: ERASED_TEXT, lastName: ERASED_TEXT } } } },
  },
  // Why a treatment was voided, typed by the practice or an admin: it may name the patient.
  TreatmentVoided: { reason: text },
};

/**
 * Award descriptions a person types: an admin's award or a bonus may name anyone. The programme's own ("Treatment on
 * 2026-05-01", "Survey: After your visit", a promotion's "Glow: 20 units on …", a referral's "your friend completed a
 * first treatment") say nothing the event does not already hold in the clear (its source, amount and date), so they
 * are not sealed: opening them cost every rebuild and every award its share of the 10% sealing may cost (issue 25).
 * A referral award from before the wording named no one is read as that wording (points-awarded.ts) and, sealed
 * then, still opens with its envelope.
 */
const TYPED_DESCRIPTION_SOURCES: ReadonlySet<unknown> = new Set(['ADMIN', 'BONUS']);

/** Types whose personal fields depend on the event; absent: every event of the type has them. */
const SEALED_ONLY_WHEN: Readonly<Record<string, (data: Json) => boolean>> = {
  PointsAwarded: (data) => TYPED_DESCRIPTION_SOURCES.has(data.source),
};

/** Whether events of this type may carry personal fields (most types do not: they pass the boundary untouched). */
export const hasPersonalFields = (type: string): boolean => PERSONAL_FIELDS[type] !== undefined;

/** Whether this event has personal fields to seal (an award the programme described itself has none). */
export const sealsPersonalFields = (type: string, data: Json): boolean => hasPersonalFields(type) && (SEALED_ONLY_WHEN[type]?.(data) ?? true);

/** The member whose key seals an event's personal fields: every such event names its member. */
export const ownerOf = (data: Json): number => data.paxId as number;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Splits an event's data into its personal values (only those present and not null, in the same shape) and the rest.
 * `personal` is undefined when there is nothing to seal.
 */
export function takePersonal(type: string, data: Json): { personal: Json | undefined; rest: Json } {
  const rules = PERSONAL_FIELDS[type];
  if (!rules || !sealsPersonalFields(type, data)) return { personal: undefined, rest: data };
  const [personal, rest] = take(data, rules);
  return { personal: Object.keys(personal).length ? personal : undefined, rest };
}

/** The data with its personal values back in their places (the inverse of takePersonal). */
export const putPersonal = (type: string, rest: Json, personal: Json): Json => put(rest, personal, PERSONAL_FIELDS[type] ?? {});

/**
 * The data of a sealed event as it reads with its key destroyed: every personal value that was taken out reads as
 * erased. Only for events that were sealed (an envelope stored): one stored in the clear keeps its values.
 */
export const erasePersonal = (type: string, rest: Json): Json => erase(rest, PERSONAL_FIELDS[type] ?? {});

function take(data: Json, rules: Rules): [Json, Json] {
  const personal: Json = {};
  const rest: Json = { ...data };
  for (const [key, rule] of Object.entries(rules)) {
    const value = data[key];
    if (value === undefined || value === null) continue;
    if ('erased' in rule) {
      personal[key] = value;
      delete rest[key];
    } else if ('each' in rule && Array.isArray(value)) {
      const split = value.map((item) => (isObject(item) ? take(item, rule.each) : [{}, item]));
      personal[key] = split.map(([p]) => p);
      rest[key] = split.map(([, r]) => r);
    } else if ('within' in rule && isObject(value)) {
      const [p, r] = take(value, rule.within);
      personal[key] = p;
      rest[key] = r;
    }
  }
  return [personal, rest];
}

function put(rest: Json, personal: Json, rules: Rules): Json {
  const data: Json = { ...rest };
  for (const [key, rule] of Object.entries(rules)) {
    if (!(key in personal)) continue;
    const value = personal[key];
    if ('erased' in rule) data[key] = value;
    else if ('each' in rule && Array.isArray(value) && Array.isArray(rest[key]))
      data[key] = (rest[key] as unknown[]).map((item, i) => (isObject(item) && isObject(value[i]) ? put(item, value[i] as Json, rule.each) : item));
    else if ('within' in rule && isObject(value) && isObject(rest[key])) data[key] = put(rest[key] as Json, value, rule.within);
  }
  return data;
}

function erase(rest: Json, rules: Rules): Json {
  const data: Json = { ...rest };
  for (const [key, rule] of Object.entries(rules)) {
    if ('erased' in rule) {
      if (!(key in data)) data[key] = rule.erased;
    } else if ('each' in rule && Array.isArray(data[key])) data[key] = (data[key] as unknown[]).map((item) => (isObject(item) ? erase(item, rule.each) : item));
    else if ('within' in rule && isObject(data[key])) data[key] = erase(data[key] as Json, rule.within);
  }
  return data;
}
