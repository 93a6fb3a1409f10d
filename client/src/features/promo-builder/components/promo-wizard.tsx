import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { TabPanel, TabView } from 'primereact/tabview';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useUnit } from 'effector-react';
import { useLocation } from 'wouter';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/problem';
import { newUuid } from '../../../lib/random-id';
import { confirm } from '../../../stores/dialogs';
import { promoApi, readPagesByEntryId, type AdminPromotion, type AuditEntry } from '../api/promo-api';
import { wizardApi, type WizardRecordOut } from '../api/wizard-api';
import { auditRows } from '../audit-rows';
import { $notice, changeStatusFx, copyPromotionFx, noticeDismissed, promotionWritten } from '../model';
import {
  draftOfRecord,
  errorCountBySection,
  errorsAfterEdit,
  fieldErrorsOf,
  fieldLabel,
  newDraft,
  pageEntries,
  SECTIONS,
  sectionOf,
  toWizardRecord,
  type FieldErrors,
  type PromotionDraft,
} from '../promo-draft';
import { missingBeforePublish, payoutAmountErrors, unusualPayoutQuestion } from '../payout-bounds';
import { recordProblemsOf } from '../record-checks';
import { statusActionRules, statusLabel } from '../status-actions';
import { OverviewStep } from './overview-step';
import { ParticipantsStep } from './participants-step';
import { PayoutStep } from './payout-step';
import { StatusActionButtons } from './status-action-buttons';
import { WebsiteStep } from './website-step';

const plural = (n: number) => `${n} ${n === 1 ? 'field' : 'fields'}`;
const EDITABLE = ['NEW', 'DRAFT'];

/** Writes the website step's entries; answers why one could not be written, or null. */
async function writePages(entries: ReturnType<typeof pageEntries>): Promise<string | null> {
  try {
    for (const entry of entries) await wizardApi.savePage(entry);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : 'the content service refused them';
  }
}

/** What the list and the status buttons need of a saved record. */
const adminOf = (r: WizardRecordOut): AdminPromotion => ({
  id: r.overview.id,
  promotionCategory: 'PROMOTION',
  name: r.overview.name,
  description: r.overview.description,
  promotionCode: r.overview.promotionCode,
  typeCode: r.overview.typeCode,
  statusTypeCode: r.overview.statusTypeCode as AdminPromotion['statusTypeCode'],
  fromDate: r.overview.fromDate,
  thruDate: r.overview.thruDate,
  groupIds: r.participants.groupIds,
  certificateCategoryCode: r.payoutAndRules.certificateCategoryCode,
  website: { tileTitle: r.website.tile.title, pages: [] },
  ...(r.position ? { position: r.position } : {}),
});

/**
 * The promo builder wizard (admin spec sections 2-4): overview, participants, payout and rules, website, saved as a
 * draft or published. A NEW or DRAFT promotion is edited step by step (each save is one audited revision); a
 * published one is shown read-only with its status actions, Copy and its history.
 */
export function PromoWizard({ id }: { id: string | null }) {
  const [, navigate] = useLocation();
  const notice = useUnit($notice);
  const [record, setRecord] = useState<WizardRecordOut | null>(null);
  const [draft, setDraft] = useState<PromotionDraft | null>(() => (id ? null : newDraft(newUuid())));
  const [audit, setAudit] = useState<AuditEntry[] | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [saving, setSaving] = useState<'draft' | 'publish' | null>(null);

  // An answer for a promotion the admin has since left (a copy opens another) is dropped.
  const current = useRef(id);
  current.current = id;
  const load = useCallback(async () => {
    if (!id) return;
    const still = () => current.current === id;
    try {
      const r = await wizardApi.load(id);
      const entryIds = Object.values(r.website.webPages).flatMap((p) => (p.contentValue ? [p.contentValue] : []));
      const copies = await readPagesByEntryId(entryIds).catch(() => ({}));
      if (!still()) return;
      setRecord(r);
      setDraft(draftOfRecord(r, copies));
    } catch (e) {
      if (still()) setFailure(e instanceof Error ? e.message : `Promotion ${id} could not be loaded`);
    }
    promoApi.audit(id).then(
      (a) => still() && setAudit(a),
      () => still() && setAudit([]),
    );
  }, [id]);
  useEffect(() => {
    setRecord(null);
    setAudit(null);
    setErrors({});
    setFailure(null);
    setSaved(null);
    if (id) {
      setDraft(null);
      void load();
    } else setDraft(newDraft(newUuid()));
  }, [id, load]);
  useEffect(() => changeStatusFx.done.watch(({ params }) => params.promotion.id === id && void load()), [id, load]);
  useEffect(() => copyPromotionFx.done.watch(({ params, result }) => params.id === id && navigate(`/promo-builder/configure?id=${result.id}`)), [id, navigate]);
  useEffect(() => noticeDismissed(), []);

  const set = useCallback((patch: Partial<PromotionDraft>, editedKeys: readonly string[]) => {
    setDraft((d) => (d ? { ...d, ...patch } : d));
    setErrors((e) => errorsAfterEdit(e, editedKeys));
    setSaved(null);
  }, []);
  const showFailure = useCallback((message: string) => setFailure(message), []);
  const rows = useMemo(() => auditRows(audit ?? []), [audit]);

  if (!draft) return failure ? <Message severity="error" text={failure} /> : <PageLoader label="Loading the promotion" />;
  const status = record?.overview.statusTypeCode ?? 'NEW';
  const readOnly = record !== null && !EDITABLE.includes(status);

  const save = async (finalize: boolean) => {
    setSaving(finalize ? 'publish' : 'draft');
    setFailure(null);
    setSaved(null);
    try {
      const answer = record
        ? await wizardApi.update(draft.id, toWizardRecord(draft, false), finalize)
        : await wizardApi.create(toWizardRecord(draft, true), finalize);
      // The copy once the record is saved, never before: a refused save wrote pages no promotion used (issue 54,
      // item 3). The entries are keyed by the promotion, so saving again writes the same ones.
      const pagesFailure = await writePages(pageEntries(draft));
      promotionWritten(adminOf(answer));
      setErrors({});
      if (pagesFailure) setFailure(`The promotion is saved, but its pages could not be written (${pagesFailure}): save it again.`);
      setSaved(
        finalize
          ? `"${answer.overview.name}" is published.`
          : `"${answer.overview.name}" is saved as ${statusLabel(answer.overview.statusTypeCode).toLowerCase()}.`,
      );
      if (!record) navigate(`/promo-builder/configure?id=${answer.overview.id}`, { replace: true });
      else void load();
    } catch (e) {
      if (isApiError(e, 400)) {
        const found = fieldErrorsOf(e.problem);
        setErrors(found);
        const first = SECTIONS.findIndex((s) => Object.keys(found).some((key) => sectionOf(key) === s.name));
        if (first >= 0) setActive(first);
        setFailure(found[''] ?? null);
      } else setFailure(e instanceof Error ? e.message : 'The promotion could not be saved');
    } finally {
      setSaving(null);
    }
  };
  /** Everything the server's rules would refuse that the form can see, all at once (the shared record rule and the amount bounds). */
  const problemsOf = (publishing: boolean) => ({
    ...recordProblemsOf(draft, publishing ? 'publish' : 'save'),
    ...(publishing ? missingBeforePublish(draft) : {}),
    ...payoutAmountErrors(draft),
  });
  /** Next stays on a section while the rules find something wrong in it, and names it there (issue 54: reversed dates passed Next). */
  const next = () => {
    const here = SECTIONS[active].name;
    const found = Object.fromEntries(Object.entries(problemsOf(false)).filter(([key]) => sectionOf(key) === here));
    if (Object.keys(found).length) return setErrors((e) => ({ ...e, ...found }));
    setActive((a) => Math.min(SECTIONS.length - 1, a + 1));
  };
  /** What the server would refuse that the form can see, named on the fields before anything is sent; true when any. */
  const refusedBeforeSending = (publishing: boolean) => {
    const found = problemsOf(publishing);
    if (!Object.keys(found).length) return false;
    setErrors(found);
    setSaved(null);
    setActive(
      Math.max(
        0,
        SECTIONS.findIndex((s) => Object.keys(found).some((key) => sectionOf(key) === s.name)),
      ),
    );
    return true;
  };
  const saveDraft = () => !refusedBeforeSending(false) && void save(false);
  const publish = () => {
    if (refusedBeforeSending(true)) return;
    const ask = statusActionRules.publish.confirm!(draft.name.trim() || 'this promotion');
    const unusual = unusualPayoutQuestion(draft);
    // Far above the usual, the question is the payout in figures: one typo here spends the company's money.
    confirm({
      ...ask,
      ...(unusual ? { title: 'Publish an unusually large payout?', message: unusual } : {}),
      noLabel: 'Cancel',
      onYes: () => void save(true),
    });
  };

  const counts = errorCountBySection(errors);
  const withErrors = SECTIONS.filter((s) => counts[s.name] > 0);
  const stepProps = { draft, errors, set, readOnly };
  const step = (name: (typeof SECTIONS)[number]['name']) => {
    if (name === 'overview') return <OverviewStep {...stepProps} />;
    if (name === 'participants') return <ParticipantsStep {...stepProps} onError={showFailure} />;
    if (name === 'payoutAndRules') return <PayoutStep {...stepProps} onError={showFailure} />;
    return <WebsiteStep {...stepProps} />;
  };
  const title = record ? record.overview.name : 'New promotion';

  return (
    <section className="promo-builder" aria-labelledby="promo-configure-title">
      <h1 id="promo-configure-title">{title}</h1>
      {record && (
        <>
          <p className="promo-builder__status">
            Status: <strong data-testid="promotion-status">{statusLabel(status)}</strong> · Code {record.overview.promotionCode}
          </p>
          {readOnly && <Message severity="info" text="A published promotion cannot be edited: revert it to draft to change it, or copy it to run it again." />}
          <StatusActionButtons promotion={adminOf(record)} />
        </>
      )}
      <div aria-live="polite">
        {withErrors.length > 0 && (
          <Message
            severity="error"
            content={
              <div>
                <p>Some fields need attention: {withErrors.map((s) => `${s.label} (${plural(counts[s.name])})`).join(', ')}.</p>
                <ul>
                  {Object.entries(errors)
                    .filter(([key]) => key !== '')
                    .map(([key, message]) => (
                      <li key={key}>
                        {fieldLabel(key)} {message}
                      </li>
                    ))}
                </ul>
              </div>
            }
          />
        )}
        {failure && <Message severity="error" text={failure} />}
        {saved && <Message severity="success" text={saved} />}
        {notice && <Message severity={notice.severity} text={notice.text} />}
      </div>
      <TabView activeIndex={active} onTabChange={(e) => setActive(e.index)}>
        {SECTIONS.map((s, i) => (
          <TabPanel key={s.name} header={counts[s.name] ? `${i + 1}. ${s.label} (${plural(counts[s.name])})` : `${i + 1}. ${s.label}`}>
            {step(s.name)}
          </TabPanel>
        ))}
      </TabView>
      <div className="promo-builder__actions">
        <Button label="Back" icon="pi pi-arrow-left" text disabled={active === 0} onClick={() => setActive((a) => Math.max(0, a - 1))} />
        <Button label="Next" icon="pi pi-arrow-right" iconPos="right" text disabled={active === SECTIONS.length - 1} onClick={next} />
        {!readOnly && (
          <>
            <Button label="Save as draft" outlined loading={saving === 'draft'} disabled={saving !== null} onClick={saveDraft} />
            <Button label="Save and publish" loading={saving === 'publish'} disabled={saving !== null} onClick={publish} />
          </>
        )}
      </div>
      {record && (
        <>
          <h2 id="promo-history-title">History</h2>
          <DataTable value={rows} loading={audit === null} dataKey="key" emptyMessage="No history" size="small" aria-labelledby="promo-history-title">
            <Column field="when" header="When" />
            <Column field="who" header="Who" />
            <Column field="what" header="What" />
          </DataTable>
        </>
      )}
      <div className="promo-builder__actions">
        <Button label="Back to list" text onClick={() => navigate('/promo-builder')} />
        {record && <Button label="New promotion" outlined onClick={() => navigate('/promo-builder/configure')} />}
      </div>
    </section>
  );
}
