import type { CertificateItem } from '../../stores/certificates';
import type { CardArt } from '../../stores/content';

export interface WalletArt {
  /** The programme's DEFAULT card. */
  purchased: CardArt | null;
  reward: CardArt | null;
  /** The designs bought certificates chose, by entry id, as far as they have been read. */
  byId: Record<string, CardArt>;
}

export const noWalletArt: WalletArt = { purchased: null, reward: null, byId: {} };

const isBought = (c: CertificateItem) => c.certificateCategoryType === 'PURCHASABLE';

/**
 * A bought certificate wears the design chosen at checkout, else (none chosen, or its entry gone) the programme's
 * DEFAULT card; a reward wears the reward default, or DEFAULT while that is missing.
 */
export const artFor = (c: CertificateItem, art: WalletArt): CardArt | null =>
  isBought(c) ? ((c.cardArtId ? art.byId[c.cardArtId] : undefined) ?? art.purchased) : (art.reward ?? art.purchased);

/** The distinct designs a list of certificates names, in a stable order (a cheap effect dependency). */
export const designIdsOf = (items: readonly CertificateItem[]): string[] =>
  [...new Set(items.flatMap((c) => (isBought(c) && c.cardArtId ? [c.cardArtId] : [])))].sort();
