import type { Problem } from './problem';
import { refusalInWords } from './refusal-words';

/** `postalCode` → `Postal code`: a field's name as a member reads it. */
const spoken = (name: string) => {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A refusal's field errors as sentences a member reads, keyed by the field's name (`body.password` → `password`):
 * "Password must be at least…". An API path never reaches the screen; `labels` names a field better than its key.
 */
export function fieldRefusals(problem: Problem | null, labels: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of problem?.errors ?? []) {
    const name = e.path.replace(/^(body|query|params)\./, '');
    if (out[name]) continue;
    const message = refusalInWords(e.message.replace(/\.$/, ''), labels);
    out[name] = `${
      labels[name] ??
      spoken(
        name
          .split('.')
          .filter((p) => !/^\d+$/.test(p))
          .pop() ?? 'This',
      )
    } ${message}.`;
  }
  return out;
}

/** One sentence for a refusal: its field errors in words, else its detail when it names no API path, else `fallback`. */
export function inWords(problem: Problem | null, fallback: string, labels: Record<string, string> = {}): string {
  const fields = Object.values(fieldRefusals(problem, labels));
  if (fields.length) return fields.join(' ');
  const detail = problem?.detail;
  return detail && !/\b(body|query|params)\./.test(detail) ? `${detail.charAt(0).toUpperCase()}${detail.slice(1).replace(/\.$/, '')}.` : fallback;
}
