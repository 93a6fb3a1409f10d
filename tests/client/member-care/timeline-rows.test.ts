import type { TimelineEntry } from '../../../client/src/features/member-care/api/member-care-api';
import { actorLabel, eventLabel, signedPoints, timelineRows } from '../../../client/src/features/member-care/timeline-rows';

const entry = (type: string, balanceAfter: number, actor: TimelineEntry['actor'], data: Record<string, unknown> = {}): TimelineEntry => ({
  type,
  data,
  actor,
  actorNames: { admin: null, member: null },
  occurredAt: '2025-01-02T03:04:05.000Z',
  position: String(balanceAfter),
  balanceAfter,
});

describe('the support replay rows', () => {
  it('reads each change from consecutive balances, with who did it and the description', () => {
    const rows = timelineRows([
      entry('PointsAwarded', 300, { kind: 'admin', adminId: 1 }, { amount: 300, description: 'Welcome' }),
      entry('ImpersonationStarted', 300, { kind: 'admin', adminId: 1 }),
      entry('PointsRedeemed', 100, { kind: 'admin-as-participant', adminId: 1, paxId: 2 }, { amount: 200 }),
      entry('PointsExpired', 60, { kind: 'system', job: 'points-expiry' }),
      entry('TreatmentRecorded', 60, { kind: 'practice', practiceId: 4, apiKeyId: 9 }),
    ]);
    expect(rows.map((r) => [r.label, r.change, r.actor, r.detail, r.balanceAfter])).toEqual([
      ['Points awarded', 300, 'Admin #1', 'Welcome', 300],
      ['Impersonation started', 0, 'Admin #1', '', 300],
      ['Points redeemed', -200, 'Admin #1 as member', '', 100],
      ['Points expired', -40, 'System job (points-expiry)', '', 60],
      ['Treatment recorded', 0, 'Practice #4', '', 60],
    ]);
  });

  it('says what a void reversed: the treatment, the points taken back, what was owed, and who voided it', () => {
    const rows = timelineRows([
      entry('PointsAwarded', 100, { kind: 'practice', practiceId: 4, apiKeyId: 9 }, { amount: 100 }),
      entry('PointsRedeemed', 20, { kind: 'participant', paxId: 2 }, { amount: 80 }),
      entry('PointsReversed', -80, { kind: 'practice-staff', practiceId: 4, userId: 7 }, { dateOfService: '2026-11-20', amount: 100, owed: 80 }),
    ]);
    expect(rows[2]).toMatchObject({
      label: 'Points reversed',
      change: -100,
      actor: 'Practice #4 staff #7',
      detail: 'Treatment of 11/20/2026 voided: 100 points taken back; 80 were already spent, so the balance owes them',
      balanceAfter: -80,
    });
  });

  it('names the member, and writes changes with their sign', () => {
    expect(actorLabel({ kind: 'participant', paxId: 2 })).toBe('Member');
    expect(eventLabel('GiftCertificatesPurchased')).toBe('Gift certificates purchased');
    expect([signedPoints(1500), signedPoints(-25), signedPoints(0)]).toEqual(['+1,500', '−25', '—']);
  });

  it('names both people of an impersonation and a certificate change by its fields’ labels (issue 28, item 5)', () => {
    const change: TimelineEntry = {
      ...entry(
        'CertificateStatusChanged',
        0,
        { kind: 'admin-as-participant', adminId: 1, paxId: 2 },
        {
          from: 'ACTIVE',
          to: 'EXPIRED',
          expirationDate: '2027-12-31',
          changedBy: 1,
          paxId: 2,
        },
      ),
      actorNames: { admin: 'Jane Admin', member: 'Pat Member' },
      certificate: { code: 'ABC123', name: '$10 Reward' },
    };
    const [row] = timelineRows([change]);
    expect([row.label, row.actor, row.detail]).toEqual([
      'Certificate status changed',
      'Jane Admin as Pat Member',
      'Certificate ABC123 ($10 Reward): Status Active → Expired; Expiration date 12/31/2027',
    ]);
    expect(row.detail).not.toMatch(/expirationDate|statusTypeCode|EXPIRED/);
    expect(actorLabel({ kind: 'admin', adminId: 1 }, { admin: 'Jane Admin', member: null })).toBe('Jane Admin');
  });
});
