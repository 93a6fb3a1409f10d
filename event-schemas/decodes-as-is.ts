import type * as t from 'io-ts';

/** io-ts codecs that hand back what they validate, unchanged, once their parts do (see decodesAsIs). */
const OF_PROPS = new Set(['InterfaceType', 'PartialType']);
const OF_TYPES = new Set(['UnionType', 'IntersectionType']);
const OF_TYPE = new Set(['ArrayType', 'ReadonlyArrayType', 'ReadonlyType', 'RefinementType']);
const LEAVES = new Set(['StringType', 'NumberType', 'BooleanType', 'NullType', 'UndefinedType', 'LiteralType', 'KeyofType', 'UnknownType']);

type Node = t.Any & { _tag?: string; props?: Record<string, t.Any>; types?: t.Any[]; type?: t.Any; base?: t.Any; rule?: string };

/**
 * Whether a successful decode with `codec` always gives back its input itself, unchanged: no part of it converts,
 * strips (exact, strict), fills in or is unknown here. For such a codec `codec.is(u)` holds exactly when decoding `u`
 * succeeds, and the decoded value is `u`, so `is` may stand in for `decode` where most input is valid (the log's events,
 * read at every rebuild and every command's fold). `is` allocates nothing; `decode` builds a result and a context per
 * property, and that was the largest single source of a rebuild's garbage (`npm run bench rebuild`, allocation profile).
 *
 * Walked part by part: io-ts's own combinators by their tag, and this project's `refined` and `withRule` by the `base`
 * and `rule` they carry (each checks its base and then its own predicate, as `is` does). Anything else answers false,
 * and its values are decoded.
 */
export function decodesAsIs(codec: t.Any): boolean {
  const node = codec as Node;
  if (node.base !== undefined && node.rule !== undefined) return decodesAsIs(node.base);
  const tag = node._tag;
  if (tag === undefined) return false;
  if (LEAVES.has(tag)) return true;
  if (OF_PROPS.has(tag)) return Object.values(node.props!).every(decodesAsIs);
  if (OF_TYPES.has(tag)) return node.types!.every(decodesAsIs);
  if (OF_TYPE.has(tag)) return decodesAsIs(node.type!);
  return false;
}
