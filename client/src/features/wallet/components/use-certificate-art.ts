import { useEffect, useRef, useState } from 'react';
import type { CertificateItem } from '../../../stores/certificates';
import { DEFAULT_CARD_ART, readCardArtFx, readCardArtsByIdFx, REWARD_CARD_ART } from '../../../stores/content';
import { designIdsOf, noWalletArt, type WalletArt } from '../certificate-art';

/**
 * The art the wallet draws: the two named defaults once, and the chosen designs of the certificates listed, read by
 * id as new ones arrive (a live `certificate` message may bring a design not seen yet). Until a read answers, or if
 * it fails, a certificate shows its default.
 */
export function useCertificateArt(items: readonly CertificateItem[] | null): WalletArt {
  const [art, setArt] = useState<WalletArt>(noWalletArt);
  const asked = useRef(new Set<string>());
  useEffect(() => {
    readCardArtFx({ name: DEFAULT_CARD_ART })
      .then((purchased) => setArt((a) => ({ ...a, purchased })))
      .catch(() => undefined);
    readCardArtFx({ name: REWARD_CARD_ART })
      .then((reward) => setArt((a) => ({ ...a, reward })))
      .catch(() => undefined);
  }, []);
  const designs = designIdsOf(items ?? []).join(',');
  useEffect(() => {
    const ids = designs ? designs.split(',').filter((id) => !asked.current.has(id)) : [];
    if (!ids.length) return;
    for (const id of ids) asked.current.add(id);
    readCardArtsByIdFx(ids)
      .then((found) => setArt((a) => ({ ...a, byId: { ...a.byId, ...found } })))
      // Asked again with the next change of the list.
      .catch(() => ids.forEach((id) => asked.current.delete(id)));
  }, [designs]);
  return art;
}
