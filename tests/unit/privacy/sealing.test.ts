import { randomBytes, randomUUID } from 'node:crypto';
import { decodeEvent, encodeEvent, PointsAwarded, SurveySubmitted, TreatmentRecorded, type DomainEvent } from '../../../event-schemas';
import { erasePersonal, putPersonal, sealsPersonalFields, takePersonal } from '../../../event-schemas/personal-fields';
import { freshNonce, open, seal } from '../../../server/privacy/sealing/seal';

const meta = { actor: { kind: 'system' as const, job: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: '2024-05-01T12:00:00.000Z' };
const award = PointsAwarded.of({
  paxId: 7,
  lotId: 'lot-1',
  amount: 40,
  description: 'Birthday bonus for Jordan Example',
  source: 'ADMIN',
  expirationDate: '2025-05-01',
  idempotencyKey: null,
});
const survey = SurveySubmitted.of({
  paxId: 7,
  surveyId: 3,
  surveyName: 'Aftercare',
  answers: [
    { questionId: 1, answerIds: [4, 5], userResponse: null },
    { questionId: 2, answerIds: [], userResponse: 'Some swelling on my left cheek' },
  ],
  pointsAwarded: 10,
});
const treatment = TreatmentRecorded.of({
  treatmentId: randomUUID(),
  externalId: 'chart-5512',
  practiceId: 1,
  paxId: 7,
  dateOfService: '2024-04-30',
  hcpName: 'Dr. Holloway',
  financed: false,
  status: 'PENDING',
  lineItems: [
    {
      productId: 1,
      productName: 'Filler',
      category: 'TREATMENT',
      brand: 'B',
      msrpPerUnit: 10,
      pointsPerUnit: 2,
      quantity: 1,
      isPriviPlan: false,
      injector: { firstName: 'Ina', lastName: 'Injector' },
    },
  ],
  redeemedCertificates: [],
  expectedPoints: 2,
});

const stored = (event: DomainEvent) => encodeEvent(randomUUID(), event, meta);

describe('personal fields of events (crypto-shredding)', () => {
  it.each([award, survey, treatment])('%s: taken out and put back gives the same event; nothing personal is left in the rest', (event) => {
    const e = stored(event as DomainEvent);
    const { personal, rest } = takePersonal(e.type, e.data as Record<string, unknown>);
    expect(personal).toBeDefined();
    expect(JSON.stringify(rest)).not.toMatch(/Jordan|swelling|Holloway|Injector|chart-5512/);
    expect(putPersonal(e.type, rest, personal!)).toEqual(e.data);
  });

  // Issue 25's 10% budget: only descriptions a person types are sealed; the programme's own say nothing personal.
  it("seals an award description a person typed (admin, bonus), not one the programme wrote (a referral's names no one)", () => {
    const of = (source: 'ADMIN' | 'BONUS' | 'REFERRAL' | 'TREATMENT' | 'PARTNER' | 'PROMOTION' | 'SURVEY', description: string) =>
      stored(PointsAwarded.of({ paxId: 7, lotId: `lot-${source}`, amount: 40, description, source, expirationDate: '2025-05-01', idempotencyKey: null }));
    for (const source of ['ADMIN', 'BONUS'] as const) {
      const e = of(source, 'For Jordan Example');
      expect(sealsPersonalFields(e.type, e.data as Record<string, unknown>)).toBe(true);
      expect(takePersonal(e.type, e.data as Record<string, unknown>).personal).toEqual({ description: 'For Jordan Example' });
    }
    for (const [source, description] of [
      ['TREATMENT', 'Treatment on 2024-04-30'],
      ['PARTNER', 'Partner purchase on 2024-04-30'],
      ['PROMOTION', 'Glow: 20 units on 2024-04-30'],
      ['SURVEY', 'Survey: Aftercare'],
      ['REFERRAL', 'Referral reward: your friend completed a first treatment'],
    ] as const) {
      const e = of(source, description);
      expect(sealsPersonalFields(e.type, e.data as Record<string, unknown>)).toBe(false);
      expect(takePersonal(e.type, e.data as Record<string, unknown>)).toEqual({ personal: undefined, rest: e.data });
    }
  });

  it('erases the description of a programme-written award that was sealed before that rule (an envelope stored)', () => {
    const e = stored(
      PointsAwarded.of({
        paxId: 7,
        lotId: 'lot-t',
        amount: 40,
        description: 'Treatment on 2024-04-30',
        source: 'TREATMENT',
        expirationDate: '2025-05-01',
        idempotencyKey: null,
      }),
    );
    const { description: _sealed, ...rest } = e.data as Record<string, unknown>;
    expect(erasePersonal(e.type, rest)).toMatchObject({ description: '[erased]', amount: 40, source: 'TREATMENT' });
    expect(putPersonal(e.type, rest, { description: 'Treatment on 2024-04-30' })).toEqual(e.data);
  });

  it('with the key destroyed the fields read as erased, and the event still decodes with its amounts and ids', () => {
    for (const event of [award, survey, treatment]) {
      const e = stored(event as DomainEvent);
      const { rest } = takePersonal(e.type, e.data as Record<string, unknown>);
      const decoded = decodeEvent(e.type, erasePersonal(e.type, rest), e.metadata).event as { data: Record<string, unknown> };
      expect(JSON.stringify(decoded.data)).not.toMatch(/Jordan|swelling|Holloway|Injector|chart-5512/);
      expect(decoded.data.paxId).toBe(7);
    }
    const erasedAward = erasePersonal('PointsAwarded', takePersonal('PointsAwarded', stored(award).data as Record<string, unknown>).rest);
    expect(erasedAward).toMatchObject({ amount: 40, lotId: 'lot-1', description: '[erased]' });
    // A null stays null (it held nothing); the chosen answers of a health question are erased too.
    const erasedSurvey = erasePersonal('SurveySubmitted', takePersonal('SurveySubmitted', stored(survey).data as Record<string, unknown>).rest);
    expect(erasedSurvey.answers).toEqual([
      { questionId: 1, answerIds: [], userResponse: null },
      { questionId: 2, answerIds: [], userResponse: '[erased]' },
    ]);
  });

  it('seals with AES-256-GCM bound to the event: the right key opens it, another key or another event id does not', () => {
    const key = randomBytes(32);
    const envelope = seal(key, 7, 'event-1', { description: 'Jordan' });
    expect(JSON.stringify(envelope)).not.toContain('Jordan');
    expect(open(key, 'event-1', envelope)).toEqual({ description: 'Jordan' });
    expect(() => open(randomBytes(32), 'event-1', envelope)).toThrow();
    expect(() => open(key, 'event-2', envelope)).toThrow();
  });

  it('never hands out one nonce twice, across the blocks it draws from the random generator', () => {
    const seen = new Set<string>();
    // 3,000 is almost three blocks of 1,024: the nonces of a block already handed out stay as they were.
    const handed = Array.from({ length: 3000 }, () => {
      const nonce = freshNonce();
      return { nonce, asHanded: Buffer.from(nonce) };
    });
    for (const { nonce } of handed) seen.add(nonce.toString('hex'));
    expect(seen.size).toBe(3000);
    expect(handed.every(({ nonce, asHanded }) => nonce.length === 12 && nonce.equals(asHanded))).toBe(true);
    const key = randomBytes(32);
    const ivs = Array.from({ length: 1100 }, () => seal(key, 7, 'event-1', { description: 'x' }).iv);
    expect(new Set(ivs).size).toBe(1100);
  });
});
