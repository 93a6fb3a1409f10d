import { withoutOverdue } from '../../../projections/member-points/points-query';

// Live `points` messages show the balance a member may spend: their overdue points taken off, never below zero.
describe('the balance a live points message shows', () => {
  const messages = [
    { paxId: 1, kind: 'points', data: { paxId: 1, balance: 100 } },
    { paxId: 2, kind: 'points', data: { paxId: 2, balance: 30 } },
    { paxId: 3, kind: 'points', data: { paxId: 3, balance: 50 } },
    { paxId: 1, kind: 'activity', data: { paxId: 1, points: 10 } },
  ];

  it('takes off the overdue points read with the batch (SQL text or NULL), member by member', () => {
    const facts = new Map<number, unknown>([
      [1, '40'],
      [2, '45'],
      [3, null],
    ]);
    expect(withoutOverdue(messages, facts)).toEqual([
      { paxId: 1, balance: 60 },
      { paxId: 2, balance: 0 },
      { paxId: 3, balance: 50 },
      { paxId: 1, points: 10 },
    ]);
  });

  it('takes off overdue points counted as numbers, and nothing for a member with none', () => {
    expect(withoutOverdue(messages, new Map([[3, 5]]))).toEqual([
      { paxId: 1, balance: 100 },
      { paxId: 2, balance: 30 },
      { paxId: 3, balance: 45 },
      { paxId: 1, points: 10 },
    ]);
  });
});
