import type { ConfigAuditEntry } from '../../../../event-schemas/contract/audit-entries';
import type { ContentEntry } from '../../../../event-schemas/contract/content';
import { api } from '../../lib/api';

export type { ContentEntry };

/** One change of an entry from config_audit (GET /content/{id}/audit), as the server declares it. */
export type ContentChange = ConfigAuditEntry<{ fields?: Record<string, unknown> }>;

/** The fields a change touched: added, removed or given another value. */
export function changedFields(c: ContentChange): string[] {
  const before = c.before?.fields ?? {};
  const after = c.after?.fields ?? {};
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).sort();
}

/** The content types the portal reads, named in words; entries of any other type are listed under their id. */
export const CONTENT_TYPES: { id: string; label: string }[] = [
  { id: 'textCopy', label: 'Text copy' },
  { id: 'pageContent', label: 'Page content' },
  { id: 'globalContent', label: 'Global content' },
  { id: 'brandContent', label: 'Brand content' },
  { id: 'banner', label: 'Banner' },
  { id: 'importantSafetyInformation', label: 'Important safety information' },
  { id: 'importantSafetyInformationHeader', label: 'Important safety information header' },
  { id: 'prescribingInformation', label: 'Prescribing information' },
  { id: 'promotionWebsite', label: 'Promotion page' },
  { id: 'campaignGlobal', label: 'Campaign global copy' },
  { id: 'campaignLogin', label: 'Campaign login copy' },
  { id: 'campaignTerms', label: 'Campaign terms' },
  { id: 'eGiftCardArt', label: 'Gift card art' },
  { id: 'eGiftCardArtCategory', label: 'Gift card art category' },
  { id: 'emailTemplate', label: 'E-mail template' },
];

export const contentTypeLabel = (id: string) => CONTENT_TYPES.find((t) => t.id === id)?.label ?? id;

/** A name an admin recognises an entry by: its title, name, subject or template id, else its id. */
export function entryName(e: Pick<ContentEntry, 'id' | 'fields'>): string {
  for (const key of ['title', 'name', 'subject', 'heading', 'templateId']) {
    const v = e.fields[key];
    if (typeof v === 'string' && v.trim()) return v;
  }
  return e.id;
}

const base = '/api/rest/content';
export const listEntries = (contentType?: string) => api.get<ContentEntry[]>(contentType ? `${base}?contentType=${encodeURIComponent(contentType)}` : base);
export const readEntry = (id: string) => api.get<ContentEntry>(`${base}/${encodeURIComponent(id)}`);
export const readHistory = (id: string) => api.get<ContentChange[]>(`${base}/${encodeURIComponent(id)}/audit`);
export const insertEntry = (entry: { id: string; contentType: string; fields: Record<string, unknown> }) =>
  api.post<ContentEntry>(`${base}/insert`, entry, { quiet: true });
export const updateEntry = (change: { id: string; fields: Record<string, unknown> }) => api.put<ContentEntry>(`${base}/update`, change, { quiet: true });
