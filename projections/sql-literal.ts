import { prepareValue } from 'pg/lib/utils';

/*
 * Values written into a statement as SQL literals, for the batches that fold many statements into one round trip
 * (batch-buffer.ts, runner.ts). The text is exactly what node-postgres's escapeLiteral and prepareValue give; they
 * are rewritten here because they built each literal one character at a time: under load those strings (a live
 * message's JSON, a prefetch's arrays) were about a sixth of all the memory the server allocated per award, and
 * the garbage collector's time with it (tests/unit/projections/sql-literal.test.ts holds them equal).
 */

const QUOTE_OR_BACKSLASH = /['\\]/g;

/** A string as a quoted SQL literal; one holding a backslash as an E'' literal with it doubled, as pg writes it. */
export function sqlLiteral(text: string): string {
  if (text.includes('\\')) return ` E'${text.replace(QUOTE_OR_BACKSLASH, '$&$&')}'`;
  return `'${text.includes("'") ? text.replaceAll("'", "''") : text}'`;
}

/** One array element as PostgreSQL's array text wants it: quoted, with backslashes and double quotes escaped. */
const arrayElement = (text: string): string => `"${/["\\]/.test(text) ? text.replace(/["\\]/g, '\\$&') : text}"`;

/**
 * A parameter's text as node-postgres would send it. Arrays of numbers, bigints and strings (what the projections
 * pass) are written directly; anything else goes through prepareValue.
 */
export function parameterText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'number' || typeof v === 'bigint' || typeof v === 'string')) {
    let text = '{';
    for (let i = 0; i < value.length; i++) {
      const v = value[i] as number | bigint | string;
      text += (i > 0 ? ',' : '') + arrayElement(typeof v === 'string' ? v : String(v));
    }
    return `${text}}`;
  }
  return prepareValue(value) as string | null;
}

/** A parameter as a literal: NULL, or its text quoted. */
export const parameterLiteral = (value: unknown): string => {
  const text = parameterText(value);
  return text === null ? 'NULL' : sqlLiteral(text);
};
