/** A read model's name as people read it: "promotion-payouts" → "Promotion payouts". */
export const projectionLabel = (name: string): string => {
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Counts with thousands separators, as every other admin figure. */
export const count = (n: number): string => n.toLocaleString('en-US');
