import { decodeEvent, REFERRED_DESCRIPTION, REFERRER_DESCRIPTION } from '../../../event-schemas';
import { ERASED_TEXT } from '../../../event-schemas/erased';

const meta = {
  actor: { kind: 'system' as const, job: 'referral-rewards' },
  correlationId: 'c',
  causationId: 'c',
  occurredAt: '2026-02-03T04:05:06.000Z',
  schemaVersion: 2,
};
const stored = (over: Record<string, unknown>) => ({
  paxId: 5,
  lotId: 'referral-9-referrer',
  amount: 100,
  description: 'Referral reward: Ann completed a first treatment',
  source: 'REFERRAL',
  expirationDate: '2027-02-03',
  idempotencyKey: 'referral-9',
  ...over,
});
const description = (data: Record<string, unknown>) => (decodeEvent('PointsAwarded', data, meta).event.data as { description: string }).description;

describe('a referral award written before its wording named no one', () => {
  it('reads as the new wording for its side', () => {
    expect(description(stored({}))).toBe(REFERRER_DESCRIPTION);
    expect(description(stored({ lotId: 'referral-9-referred', description: 'Referral reward: welcome from Bea' }))).toBe(REFERRED_DESCRIPTION);
  });
  it('leaves the new wording, an erased description and every other source as they are', () => {
    expect(description(stored({ description: REFERRER_DESCRIPTION }))).toBe(REFERRER_DESCRIPTION);
    expect(description(stored({ description: ERASED_TEXT }))).toBe(ERASED_TEXT);
    expect(description(stored({ source: 'ADMIN', description: 'Referral reward: Ann completed a first treatment' }))).toBe(
      'Referral reward: Ann completed a first treatment',
    );
  });
});
