import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { NativeSelect } from '../../components/native-select';
import { TypedNumberInput } from '../../components/typed-number-input';
import { confirm } from '../../stores/dialogs';
import { PageLoader } from '../../components/page-loader';
import { isApiError } from '../../lib/problem';
import { surveyBuilderApi, type SurveyRecord, type SurveyStatus } from './api/survey-builder-api';
import { GroupEditor } from '../../components/group-editor/group-editor';
import { SectionEditor } from './components/section-editor';
import { removeAt, replaceAt } from '../../lib/lists';
import { newSection, newSurvey, toPayload } from './survey-draft';
import { errorInWords } from './error-words';
import { unusualSurveyPoints } from './survey-numbers';
import { fieldIdOf, localFieldErrors, shownFieldErrors, standingServerErrors, valueAtPath, type ServerFieldError } from './survey-field-errors';
import { FieldError, SurveyFieldContext } from './components/survey-field-state';
import { inWords, STATUS_WORDS } from './words';
import './survey-builder.css';
import { programmeToday } from '../../lib/programme-calendar';

const STATUSES: SurveyStatus[] = ['NEW', 'PENDING', 'ACTIVE', 'INACTIVE'];
const today = () => programmeToday();

/** /admin-tools/survey-builder/configure[?id=]: the survey record, its pages, questions, answers and group. */
export default function SurveyConfigurePage() {
  const id = Number(new URLSearchParams(useSearch()).get('id')) || null;
  const [, navigate] = useLocation();
  const [survey, setSurvey] = useState<SurveyRecord | null>(id ? null : newSurvey(today()));
  const [types, setTypes] = useState<{ code: string; name: string }[]>([{ code: 'SURVEY', name: 'Survey' }]);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  // The spec's text-input rule: a field's error shows once the admin has left it (or tried to save).
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [saveTried, setSaveTried] = useState(false);
  // The last refusal's errors by field, each until the part of the survey it refused changes (or the next save).
  const [serverErrors, setServerErrors] = useState<readonly ServerFieldError[]>([]);
  const [saved, setSaved] = useState<string | null>(null);
  // Bumped by a save with errors: the first of them is brought into view once they are drawn.
  const [scrollRequest, setScrollRequest] = useState(0);
  const formRef = useRef<HTMLElement>(null);
  const showError = useCallback((message: string) => setErrors([message]), []);

  useEffect(() => {
    if (scrollRequest === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? formRef.current?.querySelector<HTMLElement>('[role="alert"]');
    first?.scrollIntoView({ block: 'center' });
    first?.focus({ preventScroll: true });
  }, [scrollRequest]);

  useEffect(() => {
    surveyBuilderApi.testTypes().then(
      (r) => setTypes(r.items),
      () => undefined,
    );
    if (id) surveyBuilderApi.get(id).then(setSurvey, () => showError(`Survey ${id} could not be loaded`));
  }, [id, showError]);

  if (!survey) return errors.length ? <Message severity="error" text={errors[0]} /> : <PageLoader label="Loading the survey" />;
  const set = (patch: Partial<SurveyRecord>) => setSurvey({ ...survey, ...patch });
  const local = localFieldErrors(survey);
  const shown = shownFieldErrors(local, standingServerErrors(serverErrors, toPayload(survey)), left, saveTried);
  const leave = (field: string) => setLeft((l) => (l.has(field) ? l : new Set(l).add(field)));
  const fieldState = { errorOf: (field: string) => shown[field], leave };
  /** A top field's input props: red border and its error once shown; leaving it shows its error. */
  const field = (field: string) => ({
    invalid: !!shown[field],
    'aria-invalid': shown[field] ? (true as const) : undefined,
    'aria-describedby': shown[field] ? `${field}-error` : undefined,
    onBlur: () => leave(field),
  });
  const fieldError = (field: string) => <FieldError id={field} error={shown[field]} />;

  /** Refuses what the server would refuse, on the fields; asks again for points far above the usual. */
  const trySave = () => {
    setSaveTried(true);
    setSaved(null);
    const localPaths: Record<string, string> = { 'survey-points': 'surveyPointsAmount', 'survey-attempts': 'maxAttempts', 'survey-thru': 'thruDate' };
    if (Object.keys(local).length) {
      setErrors(
        Object.entries(local).map(([field, message]) =>
          errorInWords(
            `body.${localPaths[field] ?? field.replace(/^section-(\d+)-question-(\d+)-scale-high$/, 'sections.$1.questions.$2.scaleHigh')}`,
            message,
            survey,
          ),
        ),
      );
      setScrollRequest((n) => n + 1);
      return;
    }
    const unusual = unusualSurveyPoints(survey);
    if (!unusual) return void save();
    confirm({ title: 'Save an unusual amount?', message: unusual, yesLabel: 'Yes, save', noLabel: 'Go back', onYes: () => void save() });
  };

  const save = async () => {
    setSaving(true);
    setErrors([]);
    try {
      const payload = toPayload(survey);
      const saved = id ? await surveyBuilderApi.update(id, payload) : await surveyBuilderApi.create(payload);
      setSurvey(saved);
      navigate(`/survey-builder/configure?id=${saved.id}`, { replace: true });
      setErrors([]);
      setServerErrors([]);
      setSaveTried(false);
      // Every save is confirmed, naming the survey, so a second save of the same page is seen to have happened.
      setSaved(`Saved ${saved.name}.`);
    } catch (e) {
      const refusals = isApiError(e) && e.problem?.errors?.length ? e.problem.errors : [];
      setErrors(refusals.length ? refusals.map((x) => errorInWords(x.path, x.message, survey)) : [e instanceof Error ? e.message : 'Could not save']);
      const sent = toPayload(survey);
      const byField: ServerFieldError[] = [];
      for (const x of refusals) {
        const fieldId = fieldIdOf(x.path);
        if (fieldId) byField.push({ fieldId, path: x.path, message: errorInWords(x.path, x.message, survey), refused: valueAtPath(sent, x.path) });
      }
      setServerErrors(byField);
      setScrollRequest((n) => n + 1);
    } finally {
      setSaving(false);
    }
  };

  return (
    <SurveyFieldContext.Provider value={fieldState}>
      <section className="survey-builder" aria-labelledby="configure-title" ref={formRef}>
        <h1 id="configure-title">{id ? 'Edit survey' : 'New survey'}</h1>
        <div className="survey-builder__form">
          <label htmlFor="survey-name">Name</label>
          <InputText id="survey-name" value={survey.name} onChange={(e) => set({ name: e.target.value })} {...field('survey-name')} />
          {fieldError('survey-name')}
          <label htmlFor="survey-description">Description</label>
          <InputTextarea
            id="survey-description"
            value={survey.description}
            rows={2}
            onChange={(e) => set({ description: e.target.value })}
            {...field('survey-description')}
          />
          {fieldError('survey-description')}
          <label htmlFor="survey-type">Type</label>
          <NativeSelect<string>
            id="survey-type"
            value={survey.testTypeCode}
            options={types.map((t) => ({ label: t.name, value: t.code }))}
            onChange={(testTypeCode) => set({ testTypeCode })}
          />
          {id && (
            <>
              <label htmlFor="survey-status">Status</label>
              <NativeSelect<SurveyStatus>
                id="survey-status"
                value={survey.statusTypeCode}
                options={inWords(STATUS_WORDS, STATUSES)}
                onChange={(statusTypeCode) => set({ statusTypeCode })}
              />
            </>
          )}
          <label htmlFor="survey-from">From</label>
          <InputText id="survey-from" type="date" value={survey.fromDate} onChange={(e) => set({ fromDate: e.target.value })} {...field('survey-from')} />
          {fieldError('survey-from')}
          <label htmlFor="survey-thru">Through</label>
          <InputText
            id="survey-thru"
            type="date"
            value={survey.thruDate ?? ''}
            onChange={(e) => set({ thruDate: e.target.value || null })}
            {...field('survey-thru')}
          />
          {fieldError('survey-thru')}
          <label htmlFor="survey-points">Points</label>
          {/* Held as typed: a blank or a non-number is NaN, refused in words, never replaced by 0 or 1. */}
          <TypedNumberInput
            id="survey-points"
            value={survey.surveyPointsAmount}
            onValue={(n) => set({ surveyPointsAmount: n ?? Number.NaN })}
            {...field('survey-points')}
          />
          {fieldError('survey-points')}
          <label htmlFor="survey-attempts">Maximum attempts</label>
          <TypedNumberInput
            id="survey-attempts"
            value={survey.maxAttempts}
            onValue={(n) => set({ maxAttempts: n ?? Number.NaN })}
            {...field('survey-attempts')}
          />
          {fieldError('survey-attempts')}
          <div className="survey-builder__checks">
            <Checkbox inputId="survey-no-points" checked={survey.pointIssuanceDisabled} onChange={(e) => set({ pointIssuanceDisabled: !!e.checked })} />
            <label htmlFor="survey-no-points">Point issuance disabled</label>
            <Checkbox inputId="survey-pending" checked={!!survey.pendingApproval} onChange={(e) => set({ pendingApproval: !!e.checked })} />
            <label htmlFor="survey-pending">Needs approval (PENDING) when targeted to a group</label>
          </div>
        </div>
        <GroupEditor groupId={survey.groupIds[0] ?? null} onChange={(g) => set({ groupIds: g === null ? [] : [g] })} onError={showError} />
        {survey.sections.map((s, i) => (
          <SectionEditor
            key={i}
            index={i}
            section={s}
            onChange={(next) => set({ sections: replaceAt(survey.sections, i, next) })}
            onRemove={() => set({ sections: removeAt(survey.sections, i) })}
          />
        ))}
        <Button label="Add page" text onClick={() => set({ sections: [...survey.sections, newSection()] })} />
        {errors.length > 0 && (
          <Message
            role="alert"
            severity="error"
            content={
              <ul className="survey-builder__errors">
                {errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            }
          />
        )}
        <div className="survey-builder__row-actions">
          <Button label="Back to list" text onClick={() => navigate('/survey-builder')} />
          <Button label="Save" loading={saving} onClick={trySave} />
        </div>
        {saved && <Message role="status" severity="success" text={saved} />}
      </section>
    </SurveyFieldContext.Provider>
  );
}
