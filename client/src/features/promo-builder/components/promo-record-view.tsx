import { useUnit } from 'effector-react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { TabPanel, TabView } from 'primereact/tabview';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { PageLoader } from '../../../components/page-loader';
import { promoApi, type AdminPromotion, type AuditEntry } from '../api/promo-api';
import { auditRows } from '../audit-rows';
import { $notice, changeStatusFx, copyPromotionFx, noticeDismissed } from '../model';
import { SECTIONS } from '../promo-draft';
import { RecordSection } from './record-sections';
import { StatusActionButtons } from './status-action-buttons';
import { statusLabel } from '../status-actions';

const messageOf = (e: unknown, fallback: string) => (e instanceof Error ? e.message : fallback);

/**
 * A saved promotion. The server cannot edit a promotion's fields (only its status), so the record is read-only with
 * its status actions, Copy (the way to start a changed version) and its audit history.
 */
export function PromoRecordView({ id }: { id: string }) {
  const [, navigate] = useLocation();
  const notice = useUnit($notice);
  const [promotion, setPromotion] = useState<AdminPromotion | null>(null);
  const [audit, setAudit] = useState<AuditEntry[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [active, setActive] = useState(0);

  // The id this view shows now: an answer for a promotion the admin has since left (a copy opens another) is dropped.
  const current = useRef(id);
  current.current = id;
  const load = useCallback(() => {
    const still = () => current.current === id;
    promoApi.get(id).then(
      (p) => still() && setPromotion(p),
      (e: unknown) => still() && setFailure(messageOf(e, `Promotion ${id} could not be loaded`)),
    );
    promoApi.audit(id).then(
      (a) => still() && setAudit(a),
      () => still() && setAudit([]),
    );
  }, [id]);
  useEffect(() => {
    setPromotion(null);
    setAudit(null);
    setFailure(null);
    load();
  }, [load]);
  // Status actions run through the tool's shared model; this screen reloads its record and history after one of its own.
  useEffect(() => changeStatusFx.done.watch(({ params }) => params.promotion.id === id && load()), [id, load]);
  useEffect(() => copyPromotionFx.done.watch(({ params, result }) => params.id === id && navigate(`/promo-builder/configure?id=${result.id}`)), [id, navigate]);
  // A notice left by the list is about something else; one from a copy made here survives, as the view stays mounted.
  useEffect(() => noticeDismissed(), []);
  const rows = useMemo(() => auditRows(audit ?? []), [audit]);

  if (!promotion) return failure ? <Message severity="error" text={failure} /> : <PageLoader label="Loading the promotion" />;
  return (
    <section className="promo-builder" aria-labelledby="promo-configure-title">
      <h1 id="promo-configure-title">{promotion.name}</h1>
      <p className="promo-builder__status">
        Status: <strong data-testid="promotion-status">{statusLabel(promotion.statusTypeCode)}</strong> · Code {promotion.promotionCode}
      </p>
      <Message
        severity="info"
        text="Saved promotions are read-only here: the server cannot change a promotion's fields yet, only its status. Copy it to start a changed version as a draft."
      />
      <StatusActionButtons promotion={promotion} />
      <div aria-live="polite">
        {notice && <Message severity={notice.severity} text={notice.text} />}
      </div>
      <TabView activeIndex={active} onTabChange={(e) => setActive(e.index)}>
        {SECTIONS.map((s) => (
          <TabPanel key={s.name} header={s.label}>
            <RecordSection name={s.name} promotion={promotion} />
          </TabPanel>
        ))}
      </TabView>
      <h2 id="promo-history-title">History</h2>
      <DataTable value={rows} loading={audit === null} dataKey="key" emptyMessage="No history" size="small" aria-labelledby="promo-history-title">
        <Column field="when" header="When" />
        <Column field="who" header="Who" />
        <Column field="what" header="What" />
      </DataTable>
      <div className="promo-builder__actions">
        <Button label="Back to list" text onClick={() => navigate('/promo-builder')} />
        <Button label="New promotion" outlined onClick={() => navigate('/promo-builder/configure')} />
      </div>
    </section>
  );
}
