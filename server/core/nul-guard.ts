import { validationProblem, type FieldError } from './problem';

/**
 * PostgreSQL text and jsonb cannot hold U+0000: a NUL that reached a query failed it with a 500. Every path, query
 * and body value is walked once here, before decoding, so each route refuses it as a 400 naming the field.
 */
export const nulFieldErrors = (value: unknown, root: string): FieldError[] => {
  const errors: FieldError[] = [];
  // The keys down to the value walked: a field's path is only spelled out for an error (every request is walked).
  const trail: string[] = [root];
  const walk = (v: unknown, depth: number): void => {
    if (typeof v === 'string') {
      if (v.includes('\u0000')) errors.push({ path: trail.join('.'), message: 'must not contain a NUL character' });
      return;
    }
    // Deeper than any request the API takes; the body parser's size limit bounds the rest.
    if (v === null || typeof v !== 'object' || depth > 32) return;
    for (const k of Object.keys(v)) {
      if (k.includes('\u0000')) {
        errors.push({ path: `${trail.join('.')}.${k.replace(/\u0000/g, '\\0')}`, message: 'must not contain a NUL character in its name' });
        continue;
      }
      trail.push(k);
      walk((v as Record<string, unknown>)[k], depth + 1);
      trail.pop();
    }
  };
  walk(value, 0);
  return errors;
};

export const refuseNul = (parts: Record<string, unknown>): void => {
  let errors: FieldError[] = [];
  for (const root in parts) {
    const found = nulFieldErrors(parts[root], root);
    if (found.length) errors = errors.concat(found);
  }
  if (errors.length) throw validationProblem(errors);
};
