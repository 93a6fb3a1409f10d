import type * as t from 'io-ts';
import { validationProblem, type FieldError } from './problem';
import { dateOrderErrors } from './date-order';

/** Names the failing field as a dotted path (`lineItems.0.quantity`) with the rule it broke. */
export const fieldErrors = (errors: t.Errors, root: string): FieldError[] => {
  const seen = new Map<string, FieldError>();
  for (const e of errors) {
    const path = [root, ...pathOf(e.context)].filter(Boolean).join('.');
    if (seen.has(path)) continue;
    const last = e.context[e.context.length - 1];
    const message = e.message ?? (last?.actual === undefined ? 'is required' : `must be ${typeInWords(last.type.name)}`);
    seen.set(path, { path, message });
  }
  return [...seen.values()];
};

/**
 * A codec's name as a rule: `"TREATMENT" | "PARTNER"` (io-ts's name of a choice of values) → `TREATMENT or PARTNER`
 * (issue 28: refusals in words). Other names are kept.
 */
export const typeInWords = (name: string): string => {
  const choices = name.replace(/^\((.*)\)$/, '$1').split(' | ');
  if (choices.length < 2 || !choices.every((c) => /^"[^"|]*"$/.test(c))) return name;
  const values = choices.map((c) => c.slice(1, -1));
  return `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
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
  if (r._tag === 'Left') {
    // The date order is said with the other errors, not in a second refusal once they are fixed.
    const errors = fieldErrors(r.left, root);
    const order = root === 'body' ? dateOrderErrors(value, root).filter((o) => !errors.some((e) => e.path === o.path)) : [];
    throw validationProblem([...errors, ...order]);
  }
  return r.right;
};
