import type { ContentEntry } from '../../event-schemas/contract/content';

/** A content row as stored, and as the content admin calls answer it (event-schemas/contract/content.ts). */
export type ContentRow = ContentEntry;

export interface EntriesQuery {
  contentType?: string;
  /** `sys.id` or `fields.x` to the accepted values (one value, or an `[in]` list). */
  equals: { path: string; values: string[] }[];
  order: { path: string; descending: boolean }[];
  skip: number;
  limit: number;
}

export const MAX_LIMIT = 1000;
const DEFAULT_LIMIT = 100;

const intOr = (value: unknown, fallback: number, max: number): number => {
  const n = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : fallback;
  return Math.min(n, max);
};

const firstString = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;

/** Reads the Contentful delivery query parameters this programme uses; anything else is ignored, as Contentful would for unknown options. */
export function parseEntriesQuery(query: Record<string, unknown>): EntriesQuery {
  const equals: EntriesQuery['equals'] = [];
  for (const [key, raw] of Object.entries(query)) {
    const value = firstString(raw);
    if (value === undefined) continue;
    const match = /^(sys\.id|fields\.[A-Za-z0-9_]+)(\[in\])?$/.exec(key);
    if (!match) continue;
    equals.push({ path: match[1], values: match[2] ? value.split(',').map((v) => v.trim()) : [value] });
  }
  const order = (firstString(query.order) ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => ({ path: part.replace(/^-/, ''), descending: part.startsWith('-') }));
  return {
    contentType: firstString(query.content_type),
    equals,
    order,
    skip: intOr(firstString(query.skip), 0, 1_000_000),
    limit: intOr(firstString(query.limit), DEFAULT_LIMIT, MAX_LIMIT),
  };
}

const valueAt = (row: ContentRow, path: string): unknown => {
  if (path === 'sys.id') return row.id;
  if (path === 'sys.createdAt') return row.createdAt;
  if (path === 'sys.updatedAt') return row.updatedAt;
  if (path.startsWith('fields.')) return row.fields[path.slice('fields.'.length)];
  return undefined;
};

const asText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;

const matches = (row: ContentRow, { path, values }: EntriesQuery['equals'][number]) => {
  const value = valueAt(row, path);
  if (Array.isArray(value)) return value.some((v) => values.includes(asText(v) ?? ''));
  const text = asText(value);
  return text !== undefined && values.includes(text);
};

const compare = (a: unknown, b: unknown): number => {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
};

/** A Contentful `Entry` as the SDK expects it. */
export const toEntry = (row: ContentRow, space: string, environment: string) => ({
  sys: {
    id: row.id,
    type: 'Entry',
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    revision: 1,
    locale: 'en-US',
    space: { sys: { type: 'Link', linkType: 'Space', id: space } },
    environment: { sys: { type: 'Link', linkType: 'Environment', id: environment } },
    contentType: { sys: { type: 'Link', linkType: 'ContentType', id: row.contentType } },
  },
  metadata: { tags: [] },
  fields: row.fields,
});

/** The delivery API's answer for `entries`: filter, order (stable by id), then skip and limit. */
export function answerEntries(rows: ContentRow[], query: EntriesQuery, space: string, environment: string) {
  const selected = rows
    .filter((row) => query.contentType === undefined || row.contentType === query.contentType)
    .filter((row) => query.equals.every((condition) => matches(row, condition)))
    .sort((a, b) => {
      for (const { path, descending } of query.order) {
        const c = compare(valueAt(a, path), valueAt(b, path));
        if (c !== 0) return descending ? -c : c;
      }
      return a.id.localeCompare(b.id);
    });
  return {
    sys: { type: 'Array' },
    total: selected.length,
    skip: query.skip,
    limit: query.limit,
    items: selected.slice(query.skip, query.skip + query.limit).map((row) => toEntry(row, space, environment)),
    includes: { Entry: [], Asset: [] },
  };
}
