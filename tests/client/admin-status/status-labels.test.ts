import { count, projectionLabel } from '../../../client/src/features/admin-status/status-labels';

describe('System Status labels', () => {
  it('reads a projection name in words', () => {
    expect(projectionLabel('promotion-payouts')).toBe('Promotion payouts');
    expect(projectionLabel('member_points')).toBe('Member points');
    expect(projectionLabel('certificates')).toBe('Certificates');
  });

  it('writes counts with thousands separators', () => {
    expect(count(1234567)).toBe('1,234,567');
    expect(count(0)).toBe('0');
  });
});
