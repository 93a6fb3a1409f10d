import { useUnit } from 'effector-react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PageLoader } from '../../components/page-loader';
import type { CertificateCategory } from '../../../../event-schemas/contract/certificate-categories';
import type { ContentEntry } from '../../../../event-schemas/contract/content';
import { api } from '../../lib/api';
import { isApiError } from '../../lib/problem';
import { GroupEditor } from '../../components/group-editor/group-editor';
import { CampaignFields } from './components/campaign-fields';
import type { EmailTemplateChoice } from './components/template-picker';
import { campaignNumberErrors, unusualOffer } from './campaign-numbers';
import { campaignProblems } from '../../../../event-schemas/contract/campaign-rules';
import { confirm } from '../../stores/dialogs';
import { $campaignDraft, campaignFieldSet, campaignsCleared, fetchCampaignFx, saveCampaignFx } from './model';
import './campaign-tool.css';
import { refusalInWords } from '../../lib/refusal-words';
import { templateKindOf } from './template-kinds';
import { FieldError } from '../../components/field-error';

/** The campaign's date fields as the form labels them, for the server's words about their order. */
const DATE_LABELS = { fromDate: 'From date', thruDate: 'Through date' };

/** What the shared campaign rule finds, keyed and worded as a 400's field errors are. */
const fieldProblems = (draft: Parameters<typeof campaignProblems>[0]): Record<string, string> =>
  Object.fromEntries(campaignProblems(draft).map((p) => [p.path, refusalInWords(p.message, DATE_LABELS)]));

/** Field errors of a 400, keyed by field name (`body.thruDate` → `thruDate`), in words. */
const fieldErrors = (e: unknown): Record<string, string> =>
  isApiError(e) && e.problem?.errors
    ? Object.fromEntries(e.problem.errors.map((x) => [x.path.replace(/^body\./, ''), refusalInWords(x.message, DATE_LABELS)]))
    : {};

/** An `emailTemplate` entry with a text templateId, subject and body; a half-edited one is not offered (it would not be sent). */
const emailTemplateOf = (f: Record<string, unknown>): EmailTemplateChoice[] =>
  typeof f.templateId === 'string' && typeof f.subject === 'string' && typeof f.body === 'string'
    ? [{ templateId: f.templateId, subject: f.subject, body: f.body, kind: templateKindOf({ kind: f.kind, templateId: f.templateId }) }]
    : [];

/** /admin-tools/campaign-tool/campaign-configuration[?id=]: one campaign's record, saved with the server's validation. */
export default function CampaignConfigurationPage() {
  const id = Number(new URLSearchParams(useSearch()).get('id')) || null;
  const [, navigate] = useLocation();
  const draft = useUnit($campaignDraft);
  const saving = useUnit(saveCampaignFx.pending);
  const [categories, setCategories] = useState<{ code: string; name: string }[]>([]);
  const [templates, setTemplates] = useState<EmailTemplateChoice[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [loaded, setLoaded] = useState(id === null);
  const showError = useCallback((text: string) => setMessage({ severity: 'error', text }), []);

  useEffect(() => {
    // A new campaign starts from the spec's draft defaults; an existing one is loaded.
    campaignsCleared();
    setLoaded(id === null);
    if (id)
      fetchCampaignFx(id).then(
        () => setLoaded(true),
        () => showError(`Campaign ${id} could not be loaded`),
      );
    api.get<CertificateCategory[]>('/api/rest/admin/certificate-categories').then(
      (list) => setCategories(list.map((c) => ({ code: c.certificateCategoryCode, name: c.certificateCategoryName }))),
      () => showError('Could not load the certificate categories'),
    );
    api.get<ContentEntry[]>('/api/rest/content?contentType=emailTemplate').then(
      (entries) => setTemplates(entries.flatMap((e) => emailTemplateOf(e.fields))),
      () => showError('Could not load the e-mail templates'),
    );
  }, [id, showError]);

  // The browser tab names the campaign being edited, like the heading.
  const title = id ? draft.campaignName || `Campaign ${id}` : 'New campaign';
  useEffect(() => {
    const before = document.title;
    document.title = `${title} · Campaign Tool`;
    return () => {
      document.title = before;
    };
  }, [title]);

  if (!loaded) return message ? <Message severity="error" text={message.text} /> : <PageLoader label="Loading the campaign" />;

  /** Numbers the server would refuse (or take a non-number as none) are refused on their fields; a large offer asks again. */
  const trySave = () => {
    // Every error at once, from the server's own rules, before anything is saved or asked (issue 54, item 2).
    const local = { ...fieldProblems(draft), ...campaignNumberErrors(draft) };
    if (Object.keys(local).length) {
      setErrors(local as Record<string, string>);
      setMessage({ severity: 'error', text: 'Please correct the highlighted fields.' });
      return;
    }
    const unusual = unusualOffer(draft);
    if (!unusual) return void save();
    confirm({ title: 'Save an unusual amount?', message: unusual, yesLabel: 'Yes, save', noLabel: 'Go back', onYes: () => void save() });
  };
  const save = async () => {
    setErrors({});
    setMessage(null);
    try {
      const saved = await saveCampaignFx(draft);
      setMessage({ severity: 'success', text: `Saved ${saved.campaignName}.` });
      if (!id) navigate(`/campaign-tool/campaign-configuration?id=${saved.id}`, { replace: true });
    } catch (e) {
      const byField = fieldErrors(e);
      setErrors(byField);
      // Field messages sit beside their fields; the summary only points at them.
      const text = Object.keys(byField).length ? 'Please correct the highlighted fields.' : e instanceof Error ? e.message : 'Could not save the campaign';
      setMessage({ severity: 'error', text });
    }
  };

  return (
    <section className="campaign-tool" aria-labelledby="campaign-config-title">
      <h1 id="campaign-config-title">{title}</h1>
      <CampaignFields draft={draft} errors={errors} categories={categories} templates={templates} />
      <GroupEditor groupId={draft.groupId} onChange={(g) => campaignFieldSet({ field: 'groupId', value: g })} onError={showError} />
      {errors.groupId && <FieldError className="campaign-tool__field-error" label="Participant group" error={errors.groupId} />}
      {message && <Message severity={message.severity} text={message.text} role={message.severity === 'error' ? 'alert' : 'status'} />}
      <div className="campaign-tool__actions">
        <Button label="Back to list" text onClick={() => navigate('/campaign-tool')} />
        <Button label="Save" loading={saving} onClick={trySave} />
      </div>
    </section>
  );
}
