import { axisTop, linePath } from '../../../client/src/features/admin-status/chart-geometry';

const box = { width: 120, height: 70, padding: 10 };

describe('status chart geometry', () => {
  it('rounds the axis up to a readable top, and never to 0', () => {
    expect(axisTop([{ name: 'a', values: [3, 47, null] }])).toBe(50);
    expect(
      axisTop([
        { name: 'a', values: [1234] },
        { name: 'b', values: [99] },
      ]),
    ).toBe(2000);
    expect(axisTop([{ name: 'a', values: [0, null] }])).toBe(1);
  });

  it('maps values left to right and bottom to top inside the padding', () => {
    expect(linePath([0, 50, 100], 100, box)).toBe('M10.0,60.0 L60.0,35.0 L110.0,10.0');
  });

  it('breaks the line at a missing sample instead of drawing a false zero', () => {
    expect(linePath([10, null, 10], 10, box)).toBe('M10.0,10.0 M110.0,10.0');
  });
});
