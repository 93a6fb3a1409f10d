import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { NativeSelect } from '../../components/native-select';
import { PageLoader } from '../../components/page-loader';
import { isApiError } from '../../lib/problem';
import { EntryHistory } from './components/entry-history';
import { FieldEditor } from './components/field-editor';
import { EntryPreview } from './components/entry-preview';
import { draftsOf, fieldNamesOfType, fieldsOf, type FieldDraft } from './field-drafts';
import {
  CONTENT_TYPES,
  contentTypeLabel,
  entryName,
  insertEntry,
  listEntries,
  readEntry,
  readHistory,
  updateEntry,
  type ContentChange,
  type ContentEntry,
} from './model';
import './content-admin.css';

const ENTRY_ID = /^[A-Za-z0-9_-]{1,64}$/;
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** The server's field errors in words (`body.id` → the entry id). */
const serverErrors = (e: unknown): Record<string, string> =>
  isApiError(e) && e.problem?.errors
    ? Object.fromEntries(e.problem.errors.map((x) => [x.path.replace(/^body\./, ''), `${x.path === 'body.id' ? 'The entry id' : x.path} ${x.message}`]))
    : {};

/**
 * /admin-tools/content/entry[?id=|?type=]: creates or edits one content entry, field by field, with its history.
 * Everything is shown as text (React nodes, never HTML), so an entry's markup cannot run in the admin's browser.
 */
export default function ContentEntryPage() {
  const search = new URLSearchParams(useSearch());
  const id = search.get('id');
  const [, navigate] = useLocation();
  const [entry, setEntry] = useState<ContentEntry | null>(null);
  const [newId, setNewId] = useState('');
  const [type, setType] = useState<string>(search.get('type') ?? CONTENT_TYPES[0].id);
  const [drafts, setDrafts] = useState<Record<string, FieldDraft>>({});
  const [history, setHistory] = useState<ContentChange[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [newField, setNewField] = useState('');
  const [saving, setSaving] = useState(false);
  const [loaded, setLoaded] = useState(id === null);

  const loadHistory = useCallback(
    (entryId: string) => readHistory(entryId).then(setHistory, () => setMessage({ severity: 'error', text: 'Could not load the history of this entry' })),
    [],
  );

  useEffect(() => {
    if (id === null) return;
    setLoaded(false);
    readEntry(id).then(
      (e) => {
        setEntry(e);
        setDrafts(draftsOf(e.fields));
        setLoaded(true);
        void loadHistory(e.id);
      },
      () => setMessage({ severity: 'error', text: `No content entry has the id ${id}` }),
    );
  }, [id, loadHistory]);

  // A new entry starts with the fields other entries of its type have.
  useEffect(() => {
    if (id !== null) return;
    listEntries(type).then(
      (list) => setDrafts(fieldNamesOfType(list)),
      () => setDrafts({}),
    );
  }, [id, type]);

  const title = entry ? entryName(entry) : 'New content entry';
  useEffect(() => {
    const before = document.title;
    document.title = `${title} · Content`;
    return () => {
      document.title = before;
    };
  }, [title]);

  if (!loaded) return message ? <Message severity="error" text={message.text} role="alert" /> : <PageLoader label="Loading the content entry" />;

  const addField = () => {
    const name = newField.trim();
    if (!FIELD_NAME.test(name)) return setErrors({ newField: 'A field name starts with a letter and has only letters, digits and _ (at most 64).' });
    if (drafts[name]) return setErrors({ newField: `The entry already has a field “${name}”.` });
    setDrafts({ ...drafts, [name]: { kind: 'text', value: '' } });
    setNewField('');
    setErrors({});
  };

  const save = async () => {
    setMessage(null);
    const { fields, errors: fieldErrors } = fieldsOf(drafts);
    if (!entry && !ENTRY_ID.test(newId)) fieldErrors.id = 'The entry id must be 1 to 64 letters, digits, - or _.';
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length) return setMessage({ severity: 'error', text: 'Please correct the highlighted fields.' });
    setSaving(true);
    try {
      const saved = entry ? await updateEntry({ id: entry.id, fields }) : await insertEntry({ id: newId, contentType: type, fields });
      setEntry(saved);
      setDrafts(draftsOf(saved.fields));
      setMessage({ severity: 'success', text: `Saved “${entryName(saved)}”.` });
      void loadHistory(saved.id);
      if (!entry) navigate(`/content/entry?id=${encodeURIComponent(saved.id)}`, { replace: true });
    } catch (e) {
      const byField = serverErrors(e);
      setErrors(byField);
      setMessage({ severity: 'error', text: Object.values(byField)[0] ?? (e instanceof Error ? e.message : 'Could not save the entry') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="content-admin" aria-labelledby="content-entry-title">
      <h1 id="content-entry-title">{title}</h1>
      <div className="content-admin__form">
        {entry ? (
          <>
            <span>Type</span>
            <span>{contentTypeLabel(entry.contentType)}</span>
            <span>Entry id</span>
            <code>{entry.id}</code>
          </>
        ) : (
          <>
            <label htmlFor="content-type">Type</label>
            <NativeSelect<string> id="content-type" value={type} options={CONTENT_TYPES.map((t) => ({ label: t.label, value: t.id }))} onChange={setType} />
            <label htmlFor="content-id">Entry id</label>
            <InputText
              id="content-id"
              value={newId}
              invalid={!!errors.id}
              aria-describedby={errors.id ? 'content-id-error' : undefined}
              onChange={(e) => setNewId(e.target.value.trim())}
            />
            {errors.id && (
              <p className="content-admin__field-error" id="content-id-error" role="alert">
                {errors.id}
              </p>
            )}
          </>
        )}
        {Object.entries(drafts).map(([name, d]) => (
          <FieldEditor key={name} name={name} draft={d} error={errors[name]} onChange={(next) => setDrafts({ ...drafts, [name]: next })} />
        ))}
        <label htmlFor="content-new-field">New field name</label>
        <span className="content-admin__toolbar">
          <InputText id="content-new-field" value={newField} invalid={!!errors.newField} onChange={(e) => setNewField(e.target.value)} />
          <Button label="Add field" outlined onClick={addField} />
        </span>
        {errors.newField && (
          <p className="content-admin__field-error" role="alert">
            {errors.newField}
          </p>
        )}
      </div>
      <EntryPreview contentType={entry?.contentType ?? type} drafts={drafts} />
      {message && <Message severity={message.severity} text={message.text} role={message.severity === 'error' ? 'alert' : 'status'} />}
      <div className="content-admin__toolbar">
        <Button label="Back to list" text onClick={() => navigate('/content')} />
        <Button label="Save" loading={saving} onClick={() => void save()} />
      </div>
      {entry && (
        <>
          <h2>History</h2>
          <EntryHistory changes={history} />
        </>
      )}
    </section>
  );
}
