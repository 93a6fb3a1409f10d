import { validationProblem, type FieldError } from './problem';

/**
 * PostgreSQL text and jsonb cannot hold U+0000: a NUL that reached a query failed it with a 500. Every path, query
 * and body value is walked once here, before decoding, so each route refuses it as a 400 naming the field.
 */
export const nulFieldErrors = (value: unknown, root: string): FieldError[] => {
  const errors: FieldError[] = [];
  const walk = (v: unknown, path: string, depth: number): void => {
    if (typeof v === 'string') {
      if (v.includes('\u0000')) errors.push({ path, message: 'must not contain a NUL character' });
      return;
    }
    // Deeper than any request the API takes; the body parser's size limit bounds the rest.
    if (v === null || typeof v !== 'object' || depth > 32) return;
    for (const [k, child] of Object.entries(v)) {
      if (k.includes('\u0000')) errors.push({ path: `${path}.${k.replace(/\u0000/g, '\\0')}`, message: 'must not contain a NUL character in its name' });
      else walk(child, `${path}.${k}`, depth + 1);
    }
  };
  walk(value, root, 0);
  return errors;
};

export const refuseNul = (parts: Record<string, unknown>): void => {
  const errors = Object.entries(parts).flatMap(([root, value]) => nulFieldErrors(value, root));
  if (errors.length) throw validationProblem(errors);
};
