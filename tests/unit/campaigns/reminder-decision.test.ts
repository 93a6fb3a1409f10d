import { reminderDate, reminderDue } from '../../../server/campaigns/reminder-decision';

const facts = { expirationDate: '2026-06-30', daysBefore: 7, today: '2026-06-23', actualToday: '2026-06-23', status: 'ACTIVE' as const, alreadySent: false };

describe('reminderDate', () => {
  it('counts calendar days back across a month and a year boundary', () => {
    expect(reminderDate('2026-03-03', 7)).toBe('2026-02-24');
    expect(reminderDate('2027-01-03', 7)).toBe('2026-12-27');
    expect(reminderDate('2028-03-01', 1)).toBe('2028-02-29');
  });
});

describe('reminderDue', () => {
  describe('when the run is on the reminder date', () => {
    it('sends', () => expect(reminderDue(facts)).toBe(true));
    it('sends across a year boundary', () => expect(reminderDue({ ...facts, expirationDate: '2027-01-03', today: '2026-12-27' })).toBe(true));
  });

  describe('when the run is before the reminder date', () => {
    it('does not send yet', () => expect(reminderDue({ ...facts, today: '2026-06-22' })).toBe(false));
    it('does not send the day before, across a month boundary', () =>
      expect(reminderDue({ ...facts, expirationDate: '2026-03-03', today: '2026-02-23' })).toBe(false));
  });

  describe('when the job missed the reminder date', () => {
    it('sends on a later run while the certificate is still good', () => {
      expect(reminderDue({ ...facts, today: '2026-06-26' })).toBe(true);
      expect(reminderDue({ ...facts, today: '2026-06-30' })).toBe(true);
    });
    it('does not send once the expiration date has passed', () =>
      expect(reminderDue({ ...facts, today: '2026-07-01', actualToday: '2026-07-01' })).toBe(false));
    it('does not send from a late catch-up run for an earlier date once the offer is gone', () => {
      // The scheduler runs the missed 06/30 on 07/01: the offer's last day has passed, though the run's date has not.
      expect(reminderDue({ ...facts, today: '2026-06-30', actualToday: '2026-07-01' })).toBe(false);
      expect(reminderDue({ ...facts, today: '2026-06-25', actualToday: '2026-06-30' })).toBe(true);
    });
  });

  describe('never twice, never for a certificate no longer ACTIVE', () => {
    it('does not send what was sent', () => expect(reminderDue({ ...facts, alreadySent: true })).toBe(false));
    it.each(['VOID', 'EXPIRED', 'REFUND', 'CHARGEBACK'] as const)('does not send for a %s certificate', (status) =>
      expect(reminderDue({ ...facts, status })).toBe(false),
    );
  });

  describe('when the campaign sets no reminder, or 0 days', () => {
    it('sends nothing without days', () => expect(reminderDue({ ...facts, daysBefore: null })).toBe(false));
    it('sends on the expiration date itself with 0 days', () => {
      expect(reminderDue({ ...facts, daysBefore: 0, today: '2026-06-29' })).toBe(false);
      expect(reminderDue({ ...facts, daysBefore: 0, today: '2026-06-30' })).toBe(true);
    });
  });
});
