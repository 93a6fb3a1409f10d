const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/**
 * Ids for synthetic member n of a seed: version-4-shaped UUIDs that spell out (seed, n, counter), so they are unique by
 * construction and cost no hashing (a SHA-1 per event was a tenth of the seed's time). Unlike live ids they are not
 * random: ids of one member sort together, which makes the log's event-id index a little denser than a live one.
 */
export function syntheticIds(seed: number, n: number): () => string {
  const s = hex(seed >>> 0, 8);
  const m = hex(n >>> 0, 8);
  const head = `${s}-${m.slice(0, 4)}-4${m.slice(4, 7)}-8${m[7]}`;
  let counter = 0;
  return () => {
    const c = hex(counter++, 8);
    return `${head}${c.slice(0, 2)}-${c.slice(2)}5e5e5e`;
  };
}
