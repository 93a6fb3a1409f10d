/**
 * A place in the global log. Both adapters order the log by a pair of integers — PostgreSQL by
 * (transaction id, global position), EventStoreDB by (commit, prepare) — so one token format serves both.
 * Clients see it as an opaque string; zero padding keeps string order equal to log order.
 */
export interface Position {
  readonly major: bigint;
  readonly minor: bigint;
}

export const START: Position = { major: 0n, minor: 0n };

const WIDTH = 20;
export const formatPosition = (p: Position): string => `${p.major.toString().padStart(WIDTH, '0')}-${p.minor.toString().padStart(WIDTH, '0')}`;

export const parsePosition = (token: string): Position | undefined => {
  const m = /^(\d{1,20})-(\d{1,20})$/.exec(token.trim());
  return m ? { major: BigInt(m[1]), minor: BigInt(m[2]) } : undefined;
};

export const comparePositions = (a: Position, b: Position): number =>
  a.major !== b.major ? (a.major < b.major ? -1 : 1) : a.minor === b.minor ? 0 : a.minor < b.minor ? -1 : 1;

export const maxPosition = (a: Position, b: Position): Position => (comparePositions(a, b) >= 0 ? a : b);
