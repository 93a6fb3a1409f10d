import { axisTop, scaleFor, stepPath } from '../../../client/src/features/member-care/balance-chart-geometry';

const box = { width: 120, height: 70, left: 20, margin: 10 };

describe('the balance chart geometry', () => {
  it.each([
    [[], 1],
    [[0, 0], 1],
    [[25], 50],
    [[100], 100],
    [[101], 200],
    [[1250, 300], 2000],
    [[4999], 5000],
  ])('rounds the highest balance of %j up to the readable axis top %d', (balances, top) => {
    expect(axisTop(balances.map((balance, at) => ({ at, balance })))).toBe(top);
  });

  it('draws level runs between events and vertical moves at each, from 0 at the first event to the end of the range', () => {
    const scale = scaleFor(box, 0, 100, 100);
    // x: 20 + at * 0.9; y: 60 - balance * 0.5
    expect(
      stepPath(
        [
          { at: 0, balance: 100 },
          { at: 50, balance: 40 },
        ],
        scale,
        100,
      ),
    ).toBe('M20.0,60.0 H20.0 V10.0 H65.0 V40.0 H110.0');
  });

  it('puts a single instant in the middle and draws nothing for no events', () => {
    const scale = scaleFor(box, 5, 5, 10);
    expect(scale.x(5)).toBe(65);
    expect(stepPath([], scale, 5)).toBe('');
  });
});
