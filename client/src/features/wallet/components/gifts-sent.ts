import { useEffect, useState } from 'react';
import { api } from '../../../lib/api';
import type { CertificateItem } from '../../../stores/certificates';

/**
 * The gift certificates the member bought for others, claimed or not, each marked as sent. Read again whenever the
 * member's certificates change (a live claim), so where a gift stands shows without a reload.
 */
/** Null until first read: the wallet lists nothing until both its certificates and the gifts sent are known. */
export function useGiftsSent(paxId: number | undefined, certificates: CertificateItem[] | null): CertificateItem[] | null {
  const [gifts, setGifts] = useState<CertificateItem[] | null>(null);
  useEffect(() => {
    if (paxId === undefined) return;
    let current = true;
    api.get<CertificateItem[]>(`/api/rest/participants/${paxId}/gifts-sent`).then(
      (g) => current && setGifts(g.map((c) => ({ ...c, sentGift: true }))),
      () => current && setGifts((g) => g ?? []),
    );
    return () => {
      current = false;
    };
  }, [paxId, certificates]);
  return gifts;
}

/** Where a sent gift stands, in words: waiting for its recipient, or claimed and then its certificate's status. */
export const sentGiftStatus = (g: CertificateItem): string =>
  `Sent to ${g.gift?.recipientName ?? g.gift?.recipientEmail} (${g.gift?.recipientEmail}) · ${g.gift?.claimed ? `claimed · ${g.displayStatus ?? g.status}` : 'not yet claimed'}`;
