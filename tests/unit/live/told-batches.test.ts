import { Chain, messagesByMember, throughPosition } from '../../../server/live/told-batches';

const at = (minor: number) => ({ major: 7n, minor: BigInt(minor) });

describe('a told batch’s messages per member', () => {
  it('are ordered as a read of the table orders them (position, then kind), each place once: the first written', () => {
    const byMember = messagesByMember([
      { paxId: 1, position: at(3), kind: 'points', data: 'p3' },
      { paxId: 2, position: at(2), kind: 'points', data: 'other' },
      { paxId: 1, position: at(2), kind: 'points', data: 'p2' },
      { paxId: 1, position: at(2), kind: 'activity', data: 'a2' },
      { paxId: 1, position: at(3), kind: 'points', data: 'p3 again' },
    ]);
    expect([...byMember.keys()]).toEqual([1, 2]);
    expect(byMember.get(1)!.map((m) => m.data)).toEqual(['a2', 'p2', 'p3']);
    expect(byMember.get(2)!.map((m) => m.data)).toEqual(['other']);
  });

  it('a stream riding the chain has its messages through the chain’s end as it moves', () => {
    const chain = new Chain(at(5));
    expect(throughPosition(chain)).toEqual(at(5));
    chain.end = at(9);
    expect(throughPosition(chain)).toEqual(at(9));
    expect(throughPosition(at(4))).toEqual(at(4));
    expect(throughPosition(undefined)).toBeUndefined();
  });
});
