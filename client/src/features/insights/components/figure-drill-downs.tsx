import { useCallback } from 'react';
import { drillDownApi, type FlowFigure } from '../api/insights-api';
import { DrillDownDialog, MemberLink } from './drill-down-dialog';

const points = (n: number) => n.toLocaleString('en-US');
const dollars = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const EVENT_WORDS: Record<string, string> = {
  PointsAwarded: 'Awarded',
  PointsRedeemed: 'Redeemed',
  GiftCertificatesPurchased: 'Spent on gifts',
  PointsExpired: 'Expired',
  PointsForfeited: 'Forfeited',
};

/** The ledger events behind a points-flow figure (`label` says which, e.g. "Earned: Treatments, Mar 2025"). */
export function FlowEntriesDialog({ figure, label, onClose }: { figure: FlowFigure; label: string; onClose: () => void }) {
  const load = useCallback(
    async (page: number, size: number) => {
      const r = await drillDownApi.flowEntries(figure, page, size);
      return {
        totalElements: r.totalElements,
        total: `${points(r.totalPoints)} points in ${points(r.totalElements)} ledger events`,
        rows: r.items.map((e) => ({
          key: e.position,
          cells: [<MemberLink key="member" paxId={e.paxId} name={e.name} />, e.paxId, e.day, points(e.points), EVENT_WORDS[e.eventType] ?? e.eventType],
        })),
      };
    },
    [figure],
  );
  return (
    <DrillDownDialog
      title={`${label}: the members and events`}
      caption={`Ledger events behind ${label}`}
      header={['Member', 'Member id', 'Day', 'Points', 'Event']}
      load={load}
      onClose={onClose}
      testId="flow-drill-down"
    />
  );
}

/** The certificates behind a category's liability at the end of `asOf`, with the members holding them then. */
export function CertificatesDialog({ category, asOf, onClose }: { category: string; asOf: string; onClose: () => void }) {
  const load = useCallback(
    async (page: number, size: number) => {
      const r = await drillDownApi.outstandingCertificates(category, asOf, page, size);
      return {
        totalElements: r.totalElements,
        total: `${points(r.totalElements)} certificates worth ${dollars(r.totalValue)}`,
        rows: r.items.map((c) => ({
          key: c.certificateId,
          cells: [<MemberLink key="member" paxId={c.paxId} name={c.name} />, c.paxId, c.certificateId, dollars(c.value)],
        })),
      };
    },
    [category, asOf],
  );
  return (
    <DrillDownDialog
      title={`Certificates “${category}” not yet used at the end of ${asOf}`}
      caption={`Active unused “${category}” certificates as of ${asOf}`}
      header={['Member', 'Member id', 'Certificate', 'Value']}
      load={load}
      onClose={onClose}
      testId="certificates-drill-down"
    />
  );
}
