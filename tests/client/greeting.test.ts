import { greetingFor } from '../../client/src/lib/greeting';

const at = (hours: number, minutes = 0) => new Date(2025, 5, 1, hours, minutes);

describe('greeting', () => {
  it.each([
    [0, 0, 'Good morning'],
    [11, 59, 'Good morning'],
    [12, 0, 'Good afternoon'],
    [17, 59, 'Good afternoon'],
    [18, 0, 'Good evening'],
    [23, 59, 'Good evening'],
  ])('at %i:%i says %s', (hours, minutes, expected) => {
    expect(greetingFor(at(hours, minutes))).toBe(expected);
  });
});
