import { isLeft, isRight } from 'fp-ts/Either';
import type { TreatmentEvent } from '../../../event-schemas';
import { fold } from '../../../server/core/decider';
import { confirmTreatment, hashApprovalToken, linkState } from '../../../server/treatments/confirm-treatment';
import { recordTreatment, type RecordTreatment } from '../../../server/treatments/record-treatment';
import { line, PAX, T1 } from './treatment-fixtures';

const record = (over: Partial<RecordTreatment> = {}): RecordTreatment => ({
  treatmentId: T1,
  externalId: 'ext-1',
  practiceId: 1,
  paxId: PAX,
  dateOfService: '2026-05-01',
  hcpName: 'Dr. Example',
  financed: false,
  lineItems: [line('TREATMENT', 2, 100)],
  redeemedCertificates: [],
  expectedPoints: 200,
  approvalTokenHash: null,
  approvalChannels: [],
  ...over,
});
const events = (r: ReturnType<typeof recordTreatment.decide>): TreatmentEvent[] => (isRight(r) ? r.right : []);
const given = (...es: TreatmentEvent[]) => fold(recordTreatment.evolve, recordTreatment.initialState, es);

describe('recording a treatment', () => {
  describe('when it is not financed', () => {
    it('records it PENDING', () => {
      const es = events(recordTreatment.decide(record(), given()));
      expect(es.map((e) => e.type)).toEqual(['TreatmentRecorded']);
      expect(given(...es)).toMatchObject({ status: 'PENDING' });
    });
  });

  describe('when it was already recorded', () => {
    it('records nothing new', () => {
      const history = events(recordTreatment.decide(record(), given()));
      expect(events(recordTreatment.decide(record({ hcpName: 'Someone else' }), given(...history)))).toEqual([]);
    });
  });
});

describe('a financed treatment', () => {
  const token = 'the-token';
  const NOW = '2026-03-02T10:00:00.000Z';
  const history = events(
    recordTreatment.decide(record({ financed: true, approvalTokenHash: hashApprovalToken(token), approvalChannels: ['email', 'sms'] }), given()),
  );

  it('waits PENDING_APPROVAL with an approval request holding only the token’s hash', () => {
    expect(history.map((e) => e.type)).toEqual(['TreatmentRecorded', 'TreatmentApprovalRequested']);
    expect(given(...history)).toMatchObject({ status: 'PENDING_APPROVAL' });
    expect(JSON.stringify(history)).not.toContain(token);
  });

  describe('when the patient confirms with the token', () => {
    it('is approved and becomes PENDING', () => {
      const r = confirmTreatment.decide({ token, at: NOW }, given(...history));
      expect(events(r).map((e) => e.type)).toEqual(['TreatmentApproved']);
      expect(given(...history, ...events(r))).toMatchObject({ status: 'PENDING' });
    });
  });

  describe('when the token is wrong or already used', () => {
    it('refuses with a 400 naming body.token', () => {
      const wrong = confirmTreatment.decide({ token: 'guess', at: NOW }, given(...history));
      expect(isLeft(wrong) && wrong.left).toMatchObject({ slug: 'validation', field: 'body.token' });
      const approved = [...history, ...events(confirmTreatment.decide({ token, at: NOW }, given(...history)))];
      expect(isLeft(confirmTreatment.decide({ token, at: NOW }, given(...approved)))).toBe(true);
    });
  });
});

describe('a financed treatment’s link', () => {
  const token = 'the-token';
  const requested = events(
    recordTreatment.decide(
      record({ financed: true, approvalTokenHash: hashApprovalToken(token), approvalChannels: ['email'], approvalExpiresAt: '2026-04-01T07:00:00.000Z' }),
      given(),
    ),
  );

  describe('when it is read before use', () => {
    it('is ready, and reading it spends nothing', () => {
      expect(linkState(given(...requested), token, '2026-03-02T10:00:00.000Z')).toBe('ready');
      expect(linkState(given(...requested), token, '2026-03-02T10:00:00.000Z')).toBe('ready');
    });
  });

  describe('when it was used', () => {
    const used = [...requested, ...events(confirmTreatment.decide({ token, at: '2026-03-02T10:00:00.000Z' }, given(...requested)))];
    it('says already confirmed, and a second confirmation is refused in words', () => {
      expect(linkState(given(...used), token, '2026-03-03T10:00:00.000Z')).toBe('already-confirmed');
      const again = confirmTreatment.decide({ token, at: '2026-03-03T10:00:00.000Z' }, given(...used));
      expect(isLeft(again) && again.left).toMatchObject({ slug: 'validation', field: 'body.token', message: 'was already used: this treatment is confirmed' });
    });
  });

  describe('when its date has passed', () => {
    it('is expired and confirming it is 410 gone, writing nothing', () => {
      expect(linkState(given(...requested), token, '2026-04-01T07:00:00.000Z')).toBe('expired');
      const late = confirmTreatment.decide({ token, at: '2026-04-01T07:00:00.000Z' }, given(...requested));
      expect(isLeft(late) && late.left).toMatchObject({ slug: 'gone' });
    });
  });

  describe('when another token is tried', () => {
    it('is invalid', () => {
      expect(linkState(given(...requested), 'guess', '2026-03-02T10:00:00.000Z')).toBe('invalid');
    });
  });
});
