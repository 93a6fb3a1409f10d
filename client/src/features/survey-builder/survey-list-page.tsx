import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { NativeSelect } from '../../components/native-select';
import { surveyBuilderApi, type SurveyStatus, type SurveySummary } from './api/survey-builder-api';
import { formatDate } from '../../lib/format';
import { confirm } from '../../stores/dialogs';
import { inactivateConfirmation, removeConfirmation, STATUS_WORDS, TYPE_WORDS } from './list-words';
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
      {s.statusTypeCode !== 'INACTIVE' && s.statusTypeCode !== 'DELETED' && <Button label="Inactivate" aria-label={`Inactivate ${s.name}`} size="small" text onClick={() => confirm({ ...inactivateConfirmation(s.name), onYes: () => act(surveyBuilderApi.inactivate)(s.id) })} />}
      {s.statusTypeCode !== 'DELETED' && <Button label="Delete" aria-label={`Delete ${s.name}`} size="small" text severity="danger" onClick={() => confirm({ ...removeConfirmation(s.name), onYes: () => act(surveyBuilderApi.remove)(s.id) })} />}
    </div>
  );

  return (
    <section className="survey-builder" aria-labelledby="survey-builder-title">
      <h1 id="survey-builder-title">Survey Builder</h1>
      <div className="survey-builder__toolbar">
        <label htmlFor="survey-status-filter">Status</label>
        <NativeSelect<SurveyStatus | 'ALL'> id="survey-status-filter" value={status} options={STATUSES.map((value) => ({ value, label: value === 'ALL' ? 'All' : STATUS_WORDS[value] }))} onChange={setStatus} />
        <Link href="/survey-builder/configure" className="p-button">
          New survey
        </Link>
      </div>
      {error && <Message severity="error" text={error} />}
      <DataTable value={surveys ?? []} loading={surveys === null} dataKey="id" emptyMessage="No surveys" size="small">
        <Column field="name" header="Name" />
        <Column header="Type" body={(s: SurveySummary) => TYPE_WORDS[s.testTypeCode] ?? s.testTypeCode} />
        <Column header="Status" body={(s: SurveySummary) => STATUS_WORDS[s.statusTypeCode]} />
        <Column field="surveyPointsAmount" header="Points" />
        <Column header="From" body={(s: SurveySummary) => formatDate(s.fromDate)} />
        <Column header="Through" body={(s: SurveySummary) => (s.thruDate ? formatDate(s.thruDate) : 'No end date')} />
        <Column header="Actions" body={actions} />
      </DataTable>
    </section>
  );
}
