import type { TimelineEntry } from './api/member-care-api';
import { actorLabel } from '../../lib/actor-label';

export { actorLabel };
import { formatDate } from '../../lib/format';
import { CERTIFICATE_STATUS_WORDS, type CertificateStatusCode } from '../../lib/certificate-status-words';

/** One line of the support replay, ready to show: what happened, by whom, and what it did to the balance. */
export interface TimelineRow {
  position: string;
  type: string;
  label: string;
  /** The balance change this event made; 0 for events that move no points (a treatment recorded, a sign-in as the member). */
  change: number;
  detail: string;
  actor: string;
  occurredAt: string;
  balanceAfter: number;
}

/** "PointsAwarded" → "Points awarded". */
export const eventLabel = (type: string): string => {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const statusWords = (status: unknown): string => (typeof status === 'string' ? (CERTIFICATE_STATUS_WORDS[status as CertificateStatusCode] ?? status) : '');

/** A certificate change by its fields' labels: "Certificate ABC123 ($10 reward): Status Active → Expired; Expiration date 12/31/2027". */
const certificateChangeDetail = (e: TimelineEntry): string => {
  const d = e.data;
  const parts = [
    d.from !== d.to ? `Status ${statusWords(d.from)} → ${statusWords(d.to)}` : `Status ${statusWords(d.to)}`,
    `Expiration date ${formatDate(typeof d.expirationDate === 'string' ? d.expirationDate : '')}`,
  ];
  const which = e.certificate ? `Certificate ${e.certificate.code}${e.certificate.name ? ` (${e.certificate.name})` : ''}: ` : '';
  return `${which}${parts.join('; ')}`;
};

/** A void's reversal by what it did: the treatment it names, the points taken back, and any left owed. */
const reversalDetail = (e: TimelineEntry): string => {
  const d = e.data as { dateOfService?: string; amount?: number; owed?: number };
  const owed = d.owed ? `; ${d.owed.toLocaleString('en-US')} were already spent, so the balance owes them` : '';
  return `Treatment of ${formatDate(d.dateOfService ?? '')} voided: ${(d.amount ?? 0).toLocaleString('en-US')} points taken back${owed}`;
};

const detailOf = (e: TimelineEntry): string => {
  if (e.type === 'CertificateStatusChanged') return certificateChangeDetail(e);
  if (e.type === 'PointsReversed') return reversalDetail(e);
  if (e.type === 'CertificateTransferred' && e.certificate)
    return `Gift certificate ${e.certificate.code}${e.certificate.name ? ` (${e.certificate.name})` : ''} claimed`;
  return typeof e.data?.description === 'string' ? e.data.description : '';
};

/** The change is read from consecutive balances, so it is exactly what the replay did, whatever the event's shape. */
export const timelineRows = (events: readonly TimelineEntry[]): TimelineRow[] => {
  let before = 0;
  return events.map((e) => {
    const row: TimelineRow = {
      position: e.position,
      type: e.type,
      label: eventLabel(e.type),
      change: e.balanceAfter - before,
      detail: detailOf(e),
      actor: actorLabel(e.actor, e.actorNames),
      occurredAt: e.occurredAt,
      balanceAfter: e.balanceAfter,
    };
    before = e.balanceAfter;
    return row;
  });
};

export const signedPoints = (change: number): string =>
  change > 0 ? `+${change.toLocaleString('en-US')}` : change < 0 ? `−${Math.abs(change).toLocaleString('en-US')}` : '—';
