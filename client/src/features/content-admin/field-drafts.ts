/**
 * The entry form edits each field as what it is: text as text, true/false as a check box, and anything structured
 * (lists, rich-text documents, numbers) as JSON that must parse before the entry is saved.
 */
import { colourError, isColourField } from './colour-fields';

export type FieldDraft = { kind: 'text'; value: string } | { kind: 'flag'; value: boolean } | { kind: 'json'; text: string };

export const draftOf = (value: unknown): FieldDraft =>
  typeof value === 'string'
    ? { kind: 'text', value }
    : typeof value === 'boolean'
      ? { kind: 'flag', value }
      : { kind: 'json', text: JSON.stringify(value ?? null, null, 2) };

export const draftsOf = (fields: Record<string, unknown>): Record<string, FieldDraft> =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, draftOf(v)]));

/** The fields to save, or the problems in words, each naming its field. */
export function fieldsOf(drafts: Record<string, FieldDraft>): { fields: Record<string, unknown>; errors: Record<string, string> } {
  const fields: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const [name, d] of Object.entries(drafts)) {
    if (d.kind !== 'json') {
      const colour = d.kind === 'text' && isColourField(name) ? colourError(d.value) : null;
      if (colour) errors[name] = `The field “${name}” ${colour}.`;
      fields[name] = d.value;
      continue;
    }
    try {
      fields[name] = JSON.parse(d.text) as unknown;
    } catch {
      errors[name] = `The field “${name}” is not valid JSON: check its brackets, commas and quotes.`;
    }
  }
  return { fields, errors };
}

/** The field names of a content type, gathered from its existing entries, so a new entry starts with the same fields. */
export function fieldNamesOfType(entries: { fields: Record<string, unknown> }[]): Record<string, FieldDraft> {
  const drafts: Record<string, FieldDraft> = {};
  for (const e of entries) {
    for (const [k, v] of Object.entries(e.fields)) {
      if (drafts[k]) continue;
      const d = draftOf(v);
      drafts[k] =
        d.kind === 'text'
          ? { kind: 'text', value: '' }
          : d.kind === 'flag'
            ? { kind: 'flag', value: false }
            : { kind: 'json', text: Array.isArray(v) ? '[]' : 'null' };
    }
  }
  return drafts;
}
