import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { NativeSelect } from '../../components/native-select';
import { formatDate } from '../../lib/format';
import { confirmationText, inWords, STATUS_WORDS } from './words';
import { surveyBuilderApi, type SurveyStatus, type SurveySummary } from './api/survey-builder-api';
import './survey-builder.css';

const STATUSES: (SurveyStatus | 'ALL')[] = ['ALL', 'NEW', 'PENDING', 'ACTIVE', 'INACTIVE', 'DELETED'];

type Row = SurveySummary & { typeName: string; confirming: 'delete' | 'inactivate' | null };

/** /admin-tools/survey-builder: the surveys and tests, filtered by status, with copy, inactivate and delete. */
export default function SurveyListPage() {
  const [status, setStatus] = useState<SurveyStatus | 'ALL'>('ALL');
  const [surveys, setSurveys] = useState<SurveySummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [typeNames, setTypeNames] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    // The type's name from the server's test types; the code itself until they arrive.
    surveyBuilderApi.testTypes().then(
      (r) => setTypeNames(new Map(r.items.map((t) => [t.code, t.name]))),
      () => undefined,
    );
  }, []);
  // Delete and inactivate are asked once more in the row, naming the survey, before anything is sent.
  const [confirming, setConfirming] = useState<{ id: number; action: 'delete' | 'inactivate' } | null>(null);

  const load = useCallback(() => {
    setError(null);
    surveyBuilderApi
      .list(status)
      .then(setSurveys)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : 'Could not load the surveys'));
  }, [status]);
  useEffect(load, [load]);

  const act = (action: (id: number) => Promise<unknown>, doneText?: string) => (id: number) => {
    setConfirming(null);
    setDone(null);
    action(id)
      .then(() => {
        if (doneText) setDone(doneText);
        load();
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : 'That did not work'));
  };
  // The confirmation rides on the rows: the table re-renders a row when its value changes, not when a closure does.
  const rows = useMemo(
    () =>
      (surveys ?? []).map((s) => ({
        ...s,
        typeName: typeNames.get(s.testTypeCode) ?? s.testTypeCode,
        confirming: confirming?.id === s.id ? confirming.action : null,
      })),
    [surveys, confirming, typeNames],
  );
  const confirmation = (s: Row, action: 'delete' | 'inactivate') => (
    <div className="survey-builder__row-actions">
      <span>{confirmationText(action, s.name)}</span>
      <Button
        label={action === 'delete' ? 'Yes, delete' : 'Yes, inactivate'}
        size="small"
        severity="danger"
        onClick={() =>
          act(
            action === 'delete' ? surveyBuilderApi.remove : surveyBuilderApi.inactivate,
            `${action === 'delete' ? 'Deleted' : 'Inactivated'} “${s.name}”.`,
          )(s.id)
        }
      />
      <Button label="Keep it" size="small" text onClick={() => setConfirming(null)} />
    </div>
  );
  const actions = (s: Row) =>
    s.confirming ? (
      confirmation(s, s.confirming)
    ) : (
      <div className="survey-builder__row-actions">
        {s.statusTypeCode !== 'DELETED' && (
          <Link href={`/survey-builder/configure?id=${s.id}`} className="p-button p-button-text p-button-sm" aria-label={`Edit ${s.name}`}>
            Edit
          </Link>
        )}
        <Link href={`/survey-builder/results?id=${s.id}`} className="p-button p-button-text p-button-sm" aria-label={`Results of ${s.name}`}>
          Results
        </Link>
        <Button label="Copy" aria-label={`Copy ${s.name}`} size="small" text onClick={() => act(surveyBuilderApi.copy)(s.id)} />
        {s.statusTypeCode !== 'INACTIVE' && s.statusTypeCode !== 'DELETED' && (
          <Button label="Inactivate" aria-label={`Inactivate ${s.name}`} size="small" text onClick={() => setConfirming({ id: s.id, action: 'inactivate' })} />
        )}
        {s.statusTypeCode !== 'DELETED' && (
          <Button
            label="Delete"
            aria-label={`Delete ${s.name}`}
            size="small"
            outlined
            severity="danger"
            icon="pi pi-trash"
            onClick={() => setConfirming({ id: s.id, action: 'delete' })}
          />
        )}
      </div>
    );

  return (
    <section className="survey-builder" aria-labelledby="survey-builder-title">
      <h1 id="survey-builder-title">Survey Builder</h1>
      <div className="survey-builder__toolbar">
        <label htmlFor="survey-status-filter">Status</label>
        <NativeSelect<SurveyStatus | 'ALL'>
          id="survey-status-filter"
          value={status}
          options={inWords({ ALL: 'Every status', ...STATUS_WORDS }, STATUSES)}
          onChange={setStatus}
        />
        <Link href="/survey-builder/configure" className="p-button">
          New survey
        </Link>
      </div>
      {error && <Message severity="error" text={error} role="alert" />}
      {done && <Message severity="success" text={done} role="status" />}
      <DataTable value={rows} loading={surveys === null} dataKey="id" emptyMessage="No surveys" size="small">
        <Column field="name" header="Name" />
        <Column field="typeName" header="Type" />
        <Column header="Status" body={(s: Row) => STATUS_WORDS[s.statusTypeCode]} />
        <Column field="surveyPointsAmount" header="Points" />
        <Column header="From" body={(s: Row) => formatDate(s.fromDate) || '—'} />
        <Column header="Through" body={(s: Row) => formatDate(s.thruDate) || '—'} />
        <Column header="Actions" body={actions} />
      </DataTable>
    </section>
  );
}
