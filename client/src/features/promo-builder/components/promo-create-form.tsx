import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { TabPanel, TabView } from 'primereact/tabview';
import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { isApiError } from '../../../lib/problem';
import { newUuid } from '../../../lib/random-id';
import { promoApi } from '../api/promo-api';
import { OverviewSection, ParticipantsSection, PayoutSection } from './draft-sections';
import { promotionWritten } from '../model';
import { errorCountBySection, errorsAfterEdit, fieldErrorsOf, newDraft, SECTIONS, sectionOf, toCreateBody, type FieldErrors, type PromotionDraft, type SectionName } from '../promo-draft';
import { WebsiteSection } from './website-section';

const plural = (n: number) => `${n} ${n === 1 ? 'error' : 'errors'}`;

/** A new promotion: the four sections as tabs, saved NEW or published at once (the wizard's finalize flag). */
export function PromoCreateForm() {
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState<PromotionDraft>(newDraft);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [saving, setSaving] = useState<'new' | 'publish' | null>(null);
  // The promotion's id is chosen here, once per filled-in form: a save retried after a lost answer finds the promotion
  // it made (the server answers 200) rather than creating a twin; any edit makes it a different promotion.
  const [promotionId, setPromotionId] = useState(newUuid);
  const set = useCallback((patch: Partial<PromotionDraft>) => {
    setPromotionId(newUuid());
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => errorsAfterEdit(e, patch));
  }, []);
  const showFailure = useCallback((message: string) => setFailure(message), []);

  const save = async (finalize: boolean) => {
    const body = { ...toCreateBody(draft, finalize), promotionId };
    setSaving(finalize ? 'publish' : 'new');
    setFailure(null);
    try {
      const created = await promoApi.create(body);
      promotionWritten(created);
      navigate(`/promo-builder/configure?id=${created.id}`, { replace: true });
    } catch (e) {
      if (isApiError(e, 400)) {
        const found = fieldErrorsOf(e.problem, body);
        setErrors(found);
        const first = SECTIONS.findIndex((s) => Object.keys(found).some((key) => sectionOf(key) === s.name));
        if (first >= 0) setActive(first);
        setFailure(found[''] ?? null);
      } else {
        setErrors({});
        setFailure(e instanceof Error ? e.message : 'The promotion could not be saved');
      }
    } finally {
      setSaving(null);
    }
  };

  const counts = errorCountBySection(errors);
  const withErrors = SECTIONS.filter((s) => counts[s.name] > 0);
  const body = (name: SectionName) => {
    const props = { draft, errors, set };
    if (name === 'overview') return <OverviewSection {...props} />;
    if (name === 'participants') return <ParticipantsSection {...props} onError={showFailure} />;
    if (name === 'payoutAndRules') return <PayoutSection {...props} />;
    return <WebsiteSection {...props} />;
  };

  return (
    <section className="promo-builder" aria-labelledby="promo-configure-title">
      <h1 id="promo-configure-title">New promotion</h1>
      <div aria-live="polite">
        {withErrors.length > 0 && (
          <Message severity="error" text={`Some fields need attention: ${withErrors.map((s) => `${s.label} (${plural(counts[s.name])})`).join(', ')}.`} />
        )}
        {failure && <Message severity="error" text={failure} />}
      </div>
      <TabView activeIndex={active} onTabChange={(e) => setActive(e.index)}>
        {SECTIONS.map((s) => (
          <TabPanel key={s.name} header={counts[s.name] ? `${s.label} (${plural(counts[s.name])})` : s.label}>
            {body(s.name)}
          </TabPanel>
        ))}
      </TabView>
      <div className="promo-builder__actions">
        <Button label="Back to list" text onClick={() => navigate('/promo-builder')} />
        <Button label="Save as new" outlined loading={saving === 'new'} disabled={saving !== null} onClick={() => void save(false)} />
        <Button label="Save and publish" loading={saving === 'publish'} disabled={saving !== null} onClick={() => void save(true)} />
      </div>
    </section>
  );
}
