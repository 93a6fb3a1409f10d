import { render, screen, within } from '@testing-library/react';
import { CertificateHistoryList } from '../../../client/src/features/wallet/components/certificate-history-list';
import { certificateHistory, historyDates, historyStatus } from '../../../client/src/features/wallet/certificate-history';
import type { CertificateItem } from '../../../client/src/stores/certificates';

/** Issue 54, item 12: used, expired and voided certificates were nowhere in the wallet. */
const cert = (id: string, over: Partial<CertificateItem>): CertificateItem => ({
  id,
  status: 'ACTIVE',
  expirationDate: '2027-06-30',
  certificateCategoryType: 'POINTS',
  summaryDisplay: '',
  amount: 20,
  name: `Certificate ${id}`,
  code: `CODE-${id}`,
  ...over,
});

const usable = cert('a', {});
const used = cert('u', { usedOn: '2026-11-02', expirationDate: '2027-03-01', displayStatus: 'USED' });
const expired = cert('e', { status: 'EXPIRED', expirationDate: '2026-10-31', displayStatus: 'EXPIRED' });
const voided = cert('v', { status: 'VOID', expirationDate: '2027-01-15', displayStatus: 'VOID' });
const refunded = cert('r', { status: 'REFUND', certificateCategoryType: 'PURCHASABLE', expirationDate: '2026-09-01', displayStatus: 'VOIDED' });
const giftNotClaimed = cert('g', { status: 'VOID', gift: { recipientName: 'Robin', recipientEmail: 'r@example.com', senderName: 'Me', claimed: false } });

describe('the wallet history', () => {
  it('holds every certificate that can no longer be used, the most recently ended first, and no usable one', () => {
    expect(certificateHistory([usable, expired, used, refunded, voided, giftNotClaimed]).map((c) => c.id)).toEqual(['v', 'u', 'e', 'r']);
  });

  it('names each status as the spec does (a refund displays as VOIDED) and gives its dates', () => {
    expect([used, expired, voided, refunded].map(historyStatus)).toEqual(['USED', 'EXPIRED', 'VOID', 'VOIDED']);
    expect(historyDates(used)).toBe('Used on 11/02/2026 · it was to expire 03/01/2027');
    expect(historyDates(expired)).toBe('Expired 10/31/2026');
    expect(historyDates(refunded)).toBe('Voided before its expiration date, 09/01/2026');
  });

  it('lists them with their codes, or says there are none', () => {
    const { rerender } = render(<CertificateHistoryList certificates={[usable, expired]} />);
    const rows = within(screen.getByTestId('certificate-history')).getAllByTestId('past-certificate');
    expect(rows).toHaveLength(1);
    expect(rows[0].textContent).toContain('CODE-e');
    expect(rows[0].textContent).toContain('EXPIRED · Expired 10/31/2026');
    rerender(<CertificateHistoryList certificates={[usable]} />);
    expect(screen.getByText('No used, expired or voided certificates yet.')).toBeTruthy();
  });
});
