import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { NativeSelect } from '../../components/native-select';
import { surveyBuilderApi, type SurveyStatus, type SurveySummary } from './api/survey-builder-api';
import './survey-builder.css';

const STATUSES: (SurveyStatus | 'ALL')[] = ['ALL', 'NEW', 'PENDING', 'ACTIVE', 'INACTIVE', 'DELETED'];

/** /admin-tools/survey-builder: the surveys and tests, filtered by status, with copy, inactivate and delete. */
export default function SurveyListPage() {
  const [status, setStatus] = useState<SurveyStatus | 'ALL'>('ALL');
  const [surveys, setSurveys] = useState<SurveySummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    setError(null);
    surveyBuilderApi
      .list(status)
      .then(setSurveys)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : 'Could not load the surveys'));
  }, [status]);
  useEffect(load, [load]);

  const act = (action: (id: number) => Promise<unknown>) => (id: number) => {
    action(id)
      .then(load)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : 'That did not work'));
  };
  const actions = (s: SurveySummary) => (
    <div className="survey-builder__row-actions">
      {s.statusTypeCode !== 'DELETED' && (
        <Link href={`/survey-builder/configure?id=${s.id}`} className="p-button p-button-text p-button-sm">
          Edit
        </Link>
      )}
      <Button label="Copy" size="small" text onClick={() => act(surveyBuilderApi.copy)(s.id)} />
      {s.statusTypeCode !== 'INACTIVE' && s.statusTypeCode !== 'DELETED' && <Button label="Inactivate" size="small" text onClick={() => act(surveyBuilderApi.inactivate)(s.id)} />}
      {s.statusTypeCode !== 'DELETED' && <Button label="Delete" size="small" text severity="danger" onClick={() => act(surveyBuilderApi.remove)(s.id)} />}
    </div>
  );

  return (
    <section className="survey-builder" aria-labelledby="survey-builder-title">
      <h1 id="survey-builder-title">Survey Builder</h1>
      <div className="survey-builder__toolbar">
        <label htmlFor="survey-status-filter">Status</label>
        <NativeSelect<SurveyStatus | 'ALL'> id="survey-status-filter" value={status} options={STATUSES} onChange={setStatus} />
        <Link href="/survey-builder/configure" className="p-button">
          New survey
        </Link>
      </div>
      {error && <Message severity="error" text={error} />}
      <DataTable value={surveys ?? []} loading={surveys === null} dataKey="id" emptyMessage="No surveys" size="small">
        <Column field="name" header="Name" />
        <Column field="testTypeCode" header="Type" />
        <Column field="statusTypeCode" header="Status" />
        <Column field="surveyPointsAmount" header="Points" />
        <Column field="fromDate" header="From" />
        <Column field="thruDate" header="Through" />
        <Column header="Actions" body={actions} />
      </DataTable>
    </section>
  );
}
