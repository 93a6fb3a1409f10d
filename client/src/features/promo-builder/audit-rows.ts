import type { AuditEntry } from './api/promo-api';
import { formatDateTime } from '../../lib/format';
import { statusLabel } from './status-actions';
import { actorLabel } from '../../lib/actor-label';

export interface AuditRow {
  key: string;
  when: string;
  who: string;
  what: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const SECTION_WORDS: Record<string, string> = {
  overview: 'the overview',
  participants: 'the participants',
  payoutAndRules: 'the payout and rules',
  website: 'the website',
};

/** One line per event of GET /admin/audit/promotions/{id}: who did what, when (local time of the browser). */
/** The audit trail's rows, each dated MM/DD/YYYY with its time of day (in `timeZone`, by default the reader's). */
export const auditRows = (entries: readonly AuditEntry[], timeZone?: string): AuditRow[] =>
  entries.map((e) => {
    let what = e.type;
    if (e.type === 'PromotionCreated') {
      const from = text(e.data.copiedFrom);
      what = `Created "${text(e.data.name)}" (${text(e.data.promotionCode)})${from ? `, copied from promotion ${from}` : ''}`;
    } else if (e.type === 'PromotionRevised') {
      const sections = (Array.isArray(e.data.sections) ? (e.data.sections as string[]) : []).map((name) => SECTION_WORDS[name] ?? name);
      what = sections.length ? `Changed ${sections.join(', ')}` : 'Changed';
    } else if (e.type === 'PromotionStatusChanged') {
      const reason = text(e.data.reason);
      what = `${statusLabel(text(e.data.from))} → ${statusLabel(text(e.data.to))}${reason ? ` (${reason})` : ''}`;
    }
    const when = formatDateTime(e.occurredAt, timeZone);
    return { key: e.position, when, who: actorLabel(e.actor, e.actorNames), what };
  });
