import type * as t from 'io-ts';
import { validationProblem, type FieldError } from './problem';

/** Names the failing field as a dotted path (`lineItems.0.quantity`) with the rule it broke. */
export const fieldErrors = (errors: t.Errors, root: string): FieldError[] => {
  const seen = new Map<string, FieldError>();
  for (const e of errors) {
    const path = [root, ...pathOf(e.context)].filter(Boolean).join('.');
    if (seen.has(path)) continue;
    const last = e.context[e.context.length - 1];
    const message = e.message ?? (last?.actual === undefined ? 'is required' : `must be ${last.type.name}`);
    seen.set(path, { path, message });
  }
  return [...seen.values()];
};

const pathOf = (context: t.Context): string[] => {
  const out: string[] = [];
  for (let i = 1; i < context.length; i++) {
    const parent = context[i - 1].type as t.Any & { _tag?: string };
    // Union and intersection members are indexed by position, which is not a place in the caller's input.
    if (parent._tag === 'UnionType' || parent._tag === 'IntersectionType') continue;
    out.push(context[i].key);
  }
  return out;
};

export const decodeOrThrow = <C extends t.Any>(codec: C, value: unknown, root: string): t.TypeOf<C> => {
  const r = codec.decode(value);
  if (r._tag === 'Left') throw validationProblem(fieldErrors(r.left, root));
  return r.right;
};
