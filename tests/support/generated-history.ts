import {
  CertificateIssued,
  certificateStream,
  encodeEvent,
  memberStream,
  PointsAwarded,
  PointsExpired,
  PointsRedeemed,
  streamName,
  TreatmentPointsComputed,
  TreatmentProcessed,
  TreatmentRecorded,
  type DomainEvent,
  type EventOfType,
  type EncodedEvent,
} from '../../event-schemas';
import { deterministicUuid } from '../../server/core/deterministic-id';
import type { EventStore } from '../../event-schemas/store/event-store';

/** One append the generator plans: a stream and its events, in the order the history needs them. */
export interface PlannedAppend {
  stream: string;
  events: EncodedEvent[];
}

/** mulberry32: a tiny seeded PRNG, so the same seed always generates the same history. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const DAY = 86_400_000;
const START = Date.parse('2024-01-01T17:00:00.000Z');
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const BONUS_SOURCES = ['ADMIN', 'BONUS', 'PROMOTION', 'REFERRAL', 'SURVEY'] as const;

interface Lot {
  lotId: string;
  remaining: number;
  expires: string;
}

/**
 * A member's history as the domain would write it: bonus and treatment awards as lots, redemptions consuming the
 * earliest-expiring unexpired lots first (each with its CertificateIssued on the certificate's stream), and
 * PointsExpired for what is left of a lot once its date has passed. Every event goes through the codecs.
 */
function memberHistory(paxId: number, steps: number, random: () => number): PlannedAppend[] {
  const lots: Lot[] = [];
  const member: EncodedEvent[] = [];
  const before: PlannedAppend[] = [];
  const after: PlannedAppend[] = [];
  let n = 0;
  let now = START + Math.floor(random() * 30) * DAY;
  const meta = (job: string) => ({
    actor: { kind: 'system' as const, job },
    correlationId: `gen-${paxId}-${n}`,
    causationId: `gen-${paxId}-${n}`,
    occurredAt: new Date(now).toISOString(),
  });
  const encode = (e: DomainEvent, job = 'generator') => encodeEvent(deterministicUuid(`gen/${paxId}/${n++}`), e, meta(job));
  const award = (amount: number, source: EventOfType<'PointsAwarded'>['data']['source'], description: string) => {
    const lotId = `lot-${paxId}-${n}`;
    const expires = isoDate(now + (90 + Math.floor(random() * 300)) * DAY);
    lots.push({ lotId, remaining: amount, expires });
    return encode(PointsAwarded.of({ paxId, lotId, amount, description, source, expirationDate: expires, idempotencyKey: null }));
  };
  for (let step = 0; step < steps; step++) {
    now += Math.floor(random() * 20 * DAY);
    const today = isoDate(now);
    // Lots whose date has passed expire before anything else happens that day, as the nightly job would.
    lots.sort((a, b) => (a.expires < b.expires ? -1 : a.expires > b.expires ? 1 : 0));
    for (const lot of lots) {
      if (lot.expires < today && lot.remaining > 0) {
        member.push(encode(PointsExpired.of({ paxId, lotId: lot.lotId, amount: lot.remaining, expirationDate: lot.expires }), 'expire-points'));
        lot.remaining = 0;
      }
    }
    const balance = lots.reduce((s, l) => s + l.remaining, 0);
    const roll = random();
    if (roll < 0.07 && balance >= 100) {
      const amount = 100 * (1 + Math.floor(random() * Math.min(10, balance / 100)));
      const consumed: { lotId: string; amount: number }[] = [];
      let left = amount;
      for (const lot of lots) {
        if (left === 0) break;
        const take = Math.min(left, lot.remaining);
        if (take > 0) consumed.push({ lotId: lot.lotId, amount: take });
        lot.remaining -= take;
        left -= take;
      }
      const certificateId = deterministicUuid(`gen-certificate/${paxId}/${n}`);
      const code = `GEN${paxId}X${n}`;
      const expirationDate = isoDate(now + 60 * DAY);
      member.push(encode(PointsRedeemed.of({ paxId, certificateId, certificateCode: code, amount, value: amount / 10, consumed, expirationDate })));
      const issued = CertificateIssued.of({
        certificateId,
        code,
        paxId,
        amount: amount / 10,
        pointsCost: amount,
        name: `$${amount / 10} reward`,
        certificateCategoryType: null,
        displayCategory: 'REWARD',
        status: 'ACTIVE',
        issuedAt: new Date(now).toISOString(),
        expirationDate,
      });
      after.push({ stream: certificateStream(certificateId), events: [encode(issued, 'redeem')] });
    } else if (roll < 0.12) {
      const treatmentId = deterministicUuid(`gen-treatment/${paxId}/${n}`);
      const quantity = 1 + Math.floor(random() * 40);
      const expected = Math.min(1000, quantity * 10);
      const line = {
        productId: 1,
        productName: 'Generated toxin',
        category: 'TREATMENT' as const,
        brand: 'A',
        msrpPerUnit: 12,
        pointsPerUnit: 10,
        quantity,
        isPriviPlan: false,
        injector: { firstName: 'Ada', lastName: 'Nurse' },
      };
      const recorded = TreatmentRecorded.of({
        treatmentId,
        externalId: `ext-${paxId}-${n}`,
        practiceId: 1,
        paxId,
        dateOfService: today,
        hcpName: 'Generated Practice',
        financed: false,
        status: 'PENDING',
        lineItems: [line],
        redeemedCertificates: [],
        expectedPoints: expected,
      });
      before.push({ stream: streamName('treatment', treatmentId), events: [encode(recorded, 'practice')] });
      member.push(
        encode(
          TreatmentPointsComputed.of({
            paxId,
            treatmentId,
            dateOfService: today,
            totalAwarded: expected,
            expectedPoints: expected,
            reasons: [],
            lines: [{ lineIndex: 0, productId: 1, category: 'TREATMENT', requested: expected, awarded: expected, cutReason: null, expirationDate: null }],
          }),
          'process-treatments',
        ),
      );
      member.push(award(expected, 'TREATMENT', 'Treatment points'));
      after.push({
        stream: streamName('treatment', treatmentId),
        events: [encode(TreatmentProcessed.of({ treatmentId, paxId, pointsAwarded: expected, reasons: [] }), 'process-treatments')],
      });
    } else {
      const source = BONUS_SOURCES[Math.floor(random() * BONUS_SOURCES.length)];
      member.push(award(10 * (1 + Math.floor(random() * 50)), source, `${source.toLowerCase()} bonus`));
    }
  }
  const chunks: PlannedAppend[] = [];
  for (let i = 0; i < member.length; i += 200) chunks.push({ stream: memberStream(paxId), events: member.slice(i, i + 200) });
  return [...before, ...chunks, ...after];
}

/**
 * Plans exactly `total` events over `members` members (pax ids from `firstPaxId`); the last member takes whatever
 * the others left, so the count is exact whatever the dice said.
 */
export function planHistory(options: { total: number; members: number; firstPaxId?: number; seed?: number }): PlannedAppend[][] {
  const random = seeded(options.seed ?? 42);
  const first = options.firstPaxId ?? 1;
  const perMember: PlannedAppend[][] = [];
  let planned = 0;
  const count = (p: PlannedAppend[]) => p.reduce((s, a) => s + a.events.length, 0);
  for (let i = 0; i < options.members - 1; i++) {
    const plan = memberHistory(first + i, 26 + Math.floor(random() * 14), random);
    if (planned + count(plan) > options.total) break;
    perMember.push(plan);
    planned += count(plan);
  }
  // Only awards for the last member, so any remainder (even 1) is a valid history.
  const lastPax = first + perMember.length;
  const remainder = options.total - planned;
  if (remainder > 0) {
    const events = Array.from({ length: remainder }, (_, i) =>
      encodeEvent(
        deterministicUuid(`gen/${lastPax}/filler/${i}`),
        PointsAwarded.of({
          paxId: lastPax,
          lotId: `filler-${i}`,
          amount: 10,
          description: 'bonus',
          source: 'BONUS',
          expirationDate: '2030-01-01',
          idempotencyKey: null,
        }),
        { actor: { kind: 'system', job: 'generator' }, correlationId: 'filler', causationId: 'filler', occurredAt: new Date(START + i * 60_000).toISOString() },
      ),
    );
    const chunks: PlannedAppend[] = [];
    for (let i = 0; i < events.length; i += 200) chunks.push({ stream: memberStream(lastPax), events: events.slice(i, i + 200) });
    perMember.push(chunks);
  }
  return perMember;
}

/** Appends each member's plan in order, `concurrency` members at a time; answers how many events were written. */
export async function appendHistory(store: EventStore, plans: PlannedAppend[][], concurrency = 12): Promise<number> {
  let next = 0;
  let written = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < plans.length) {
        const plan = plans[next++];
        for (const a of plan) {
          await store.appendToStream(a.stream, a.events, { expectedRevision: 'any' });
          written += a.events.length;
        }
      }
    }),
  );
  return written;
}
