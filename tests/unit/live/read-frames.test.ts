import { formatPosition } from '../../../event-schemas/store/position';
import { framesOf } from '../../../server/live/read-frames';

const at = (minor: number) => ({ major: 7n, minor: BigInt(minor) });
const row = (paxId: number, minor: number, kind: string, data: unknown) => ({
  pax_id: String(paxId),
  position_major: '7',
  position_minor: String(minor),
  kind,
  data,
});

describe('one read of several members’ new messages, grouped for their streams', () => {
  const rows = [row(1, 2, 'activity', 'a2'), row(1, 2, 'points', 'p2'), row(2, 3, 'points', 'q3'), row(1, 5, 'points', 'p5'), row(1, 6, 'points', 'p6')];

  it('sends each member what is at or before the bound, as shown, and holds the rest from its first message past it', () => {
    // `shown` is what is sent for each sendable row, in the read's order (the hub presents them in one call).
    const { byMember, heldAt, fetched } = framesOf(rows, at(4), ['A2', 'P2', 'Q3']);
    expect(byMember.get(1)!.map((f) => f.frame)).toEqual([
      `id: ${formatPosition(at(2))}\nevent: activity\ndata: "A2"\n\n`,
      `id: ${formatPosition(at(2))}\nevent: points\ndata: "P2"\n\n`,
    ]);
    expect(byMember.get(2)!.map((f) => [f.position, f.kind])).toEqual([[at(3), 'points']]);
    expect(heldAt).toEqual(new Map([[1, at(5)]]));
    // Every row counts, held or not: a member read to the batch's limit may have more.
    expect(fetched).toEqual(
      new Map([
        [1, 4],
        [2, 1],
      ]),
    );
  });

  it('holds everything when no bound is known yet (a projection has not reported where it stands)', () => {
    const { byMember, heldAt } = framesOf(rows, undefined, []);
    expect(byMember.size).toBe(0);
    expect(heldAt).toEqual(
      new Map([
        [1, at(2)],
        [2, at(3)],
      ]),
    );
  });
});
