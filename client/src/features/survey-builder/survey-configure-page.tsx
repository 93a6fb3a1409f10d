import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useState } from 'react';
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
import { surveyNumberErrors, unusualSurveyPoints } from './survey-numbers';
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
  const [left, setLeft] = useState<{ surveyPointsAmount?: boolean; maxAttempts?: boolean }>({});
  const showError = useCallback((message: string) => setErrors([message]), []);

  useEffect(() => {
    surveyBuilderApi.testTypes().then(
      (r) => setTypes(r.items),
      () => undefined,
    );
    if (id) surveyBuilderApi.get(id).then(setSurvey, () => showError(`Survey ${id} could not be loaded`));
  }, [id, showError]);

  if (!survey) return errors.length ? <Message severity="error" text={errors[0]} /> : <PageLoader label="Loading the survey" />;
  const set = (patch: Partial<SurveyRecord>) => setSurvey({ ...survey, ...patch });
  const numberErrors = surveyNumberErrors(survey);
  const shown = { surveyPointsAmount: left.surveyPointsAmount && numberErrors.surveyPointsAmount, maxAttempts: left.maxAttempts && numberErrors.maxAttempts };
  const invalid = (id: string, error: string | false | undefined) => ({
    invalid: !!error,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  });
  const fieldError = (id: string, error: string | false | undefined) =>
    error ? (
      <p className="survey-builder__field-error" id={`${id}-error`}>
        {error}
      </p>
    ) : null;

  /** Refuses the numbers the server would refuse, on their fields; asks again for points far above the usual. */
  const trySave = () => {
    setLeft({ surveyPointsAmount: true, maxAttempts: true });
    if (Object.keys(numberErrors).length) {
      setErrors(Object.entries(numberErrors).map(([field, message]) => errorInWords(`body.${field}`, message, survey)));
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
    } catch (e) {
      setErrors(
        isApiError(e) && e.problem?.errors?.length
          ? e.problem.errors.map((x) => errorInWords(x.path, x.message, survey))
          : [e instanceof Error ? e.message : 'Could not save'],
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="survey-builder" aria-labelledby="configure-title">
      <h1 id="configure-title">{id ? 'Edit survey' : 'New survey'}</h1>
      <div className="survey-builder__form">
        <label htmlFor="survey-name">Name</label>
        <InputText id="survey-name" value={survey.name} onChange={(e) => set({ name: e.target.value })} />
        <label htmlFor="survey-description">Description</label>
        <InputTextarea id="survey-description" value={survey.description} rows={2} onChange={(e) => set({ description: e.target.value })} />
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
        <InputText id="survey-from" type="date" value={survey.fromDate} onChange={(e) => set({ fromDate: e.target.value })} />
        <label htmlFor="survey-thru">Through</label>
        <InputText id="survey-thru" type="date" value={survey.thruDate ?? ''} onChange={(e) => set({ thruDate: e.target.value || null })} />
        <label htmlFor="survey-points">Points</label>
        {/* Held as typed: a blank or a non-number is NaN, refused in words, never replaced by 0 or 1. */}
        <TypedNumberInput
          id="survey-points"
          value={survey.surveyPointsAmount}
          onValue={(n) => set({ surveyPointsAmount: n ?? Number.NaN })}
          onBlur={() => setLeft((l) => ({ ...l, surveyPointsAmount: true }))}
          {...invalid('survey-points', shown.surveyPointsAmount)}
        />
        {fieldError('survey-points', shown.surveyPointsAmount)}
        <label htmlFor="survey-attempts">Maximum attempts</label>
        <TypedNumberInput
          id="survey-attempts"
          value={survey.maxAttempts}
          onValue={(n) => set({ maxAttempts: n ?? Number.NaN })}
          onBlur={() => setLeft((l) => ({ ...l, maxAttempts: true }))}
          {...invalid('survey-attempts', shown.maxAttempts)}
        />
        {fieldError('survey-attempts', shown.maxAttempts)}
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
    </section>
  );
}
