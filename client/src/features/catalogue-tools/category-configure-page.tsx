import { useUnit } from 'effector-react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PageLoader } from '../../components/page-loader';
import { categoryApi, listCardArt, type Option } from './api/catalogue-api';
import { AuditHistory } from './components/audit-history';
import { CATEGORY_FIELD_LABELS } from './field-labels';
import { errorText, fieldErrorsOf } from './components/field-errors';
import { $categoryDraft, fetchCategoryFx, formCleared, saveCategoryFx } from './model';
import { CategoryFields } from './components/category-fields';
import { CategoryTermsFields } from './components/category-terms-fields';
import type { ParticipantField } from '../../components/group-editor/groups-api';
import { VariantRows } from './components/variant-rows';
import './catalogue-tools.css';

/** /admin-tools/cert-definition-tool/configure[?code=]: one certificate category with its variants, and its history. */
export default function CategoryConfigurePage() {
  const code = new URLSearchParams(useSearch()).get('code');
  const [, navigate] = useLocation();
  const draft = useUnit($categoryDraft);
  const saving = useUnit(saveCategoryFx.pending);
  const [loaded, setLoaded] = useState(code === null);
  const [cardArt, setCardArt] = useState<Option[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [historyVersion, setHistoryVersion] = useState(0);
  const [policyFields, setPolicyFields] = useState<ParticipantField[]>([]);
  const showError = useCallback((text: string) => setMessage({ severity: 'error', text }), []);

  useEffect(() => {
    formCleared();
    setErrors({});
    setLoaded(code === null);
    if (code)
      fetchCategoryFx(code).then(
        () => setLoaded(true),
        (e: unknown) => setMessage({ severity: 'error', text: errorText(e, `Category ${code} could not be loaded`) }),
      );
    // Without content the designs cannot be listed; the category's own design still shows.
    listCardArt().then(setCardArt, () => undefined);
    categoryApi.policyFields().then(setPolicyFields, () => showError('Could not load the redemption policy fields'));
  }, [code, showError]);
  const loadHistory = useCallback(() => categoryApi.history(code ?? ''), [code]);

  if (!loaded)
    return message?.severity === 'error' ? <Message severity="error" text={message.text} /> : <PageLoader label="Loading the certificate category" />;

  const save = async () => {
    setErrors({});
    setMessage(null);
    try {
      const saved = await saveCategoryFx({ draft, isNew: code === null });
      setMessage({ severity: 'success', text: `Saved ${saved.certificateCategoryName}.` });
      setHistoryVersion((v) => v + 1);
      if (code === null) navigate(`/cert-definition-tool/configure?code=${encodeURIComponent(saved.certificateCategoryCode)}`, { replace: true });
    } catch (e) {
      const byField = fieldErrorsOf(e);
      setErrors(byField);
      setMessage({
        severity: 'error',
        text: Object.keys(byField).length ? 'Please correct the highlighted fields.' : errorText(e, 'Could not save the category'),
      });
    }
  };

  return (
    <section className="catalogue-tools" aria-labelledby="category-configure-title">
      <h1 id="category-configure-title">{code ? `Certificate category ${code}` : 'New certificate category'}</h1>
      <CategoryFields draft={draft} errors={errors} isNew={code === null} cardArt={cardArt} />
      <CategoryTermsFields draft={draft} errors={errors} onError={showError} />
      {draft.certificateCategoryType === 'PURCHASABLE' ? (
        <VariantRows variants={draft.variants} errors={errors} policyFields={policyFields} />
      ) : (
        <p>
          {errors.variants ?? 'A category that is not purchasable has no variants: its certificates are issued by the programme (rewards, campaign offers).'}
        </p>
      )}
      {message && <Message severity={message.severity} text={message.text} role={message.severity === 'error' ? 'alert' : 'status'} />}
      <div className="catalogue-tools__actions">
        <Button label="Back to list" text onClick={() => navigate('/cert-definition-tool')} />
        <Button label="Save category" loading={saving} onClick={() => void save()} />
      </div>
      {/* Remounted after each save, so the change just made is listed. */}
      {code && <AuditHistory key={historyVersion} title="History" load={loadHistory} fieldLabels={CATEGORY_FIELD_LABELS} />}
    </section>
  );
}
