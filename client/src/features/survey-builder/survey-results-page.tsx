import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { PageLoader } from '../../components/page-loader';
import { downloadCsv, toCsv } from '../../lib/csv';
import { formatDate } from '../../lib/format';
import { surveyBuilderApi, type SurveyResults } from './api/survey-builder-api';
import { FreeTexts } from './components/free-texts';
import './survey-builder.css';

const idParam = (value: string | null): number | null => (value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null);

function CompletionsByDay({ results }: { results: SurveyResults }) {
  if (results.byDay.length === 0) return <p>Nobody has completed it yet.</p>;
  return (
    <table className="simple-table" data-testid="completions-by-day">
      <caption>Completions by day</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Completions</th>
        </tr>
      </thead>
      <tbody>
        {results.byDay.map((d) => (
          <tr key={d.day}>
            <td>{formatDate(d.day)}</td>
            <td>{d.completions.toLocaleString('en-US')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Question({ surveyId, q, n }: { surveyId: number; q: SurveyResults['questions'][number]; n: number }) {
  const label = `question ${n}`;
  return (
    <section className="survey-results__question" aria-labelledby={`result-question-${q.questionId}`}>
      <h2 id={`result-question-${q.questionId}`}>
        {n}. {q.text}
      </h2>
      {q.questionTypeCode === 'USER_RESPONSE' ? (
        <FreeTexts surveyId={surveyId} questionId={q.questionId} total={q.freeTexts} label={label} />
      ) : (
        <table className="simple-table">
          <caption>Answers to {label}</caption>
          <thead>
            <tr>
              <th scope="col">Answer</th>
              <th scope="col">Chosen</th>
            </tr>
          </thead>
          <tbody>
            {q.answers.map((a) => (
              <tr key={a.answerId}>
                <td>{a.text}</td>
                <td>{a.count.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** /admin-tools/survey-builder/results?id=N: completions by day, each question's answers, and every answer as CSV. */
export default function SurveyResultsPage() {
  const id = idParam(new URLSearchParams(useSearch()).get('id'));
  const [results, setResults] = useState<SurveyResults | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    if (id === null) return;
    surveyBuilderApi.results(id).then(setResults, (e: unknown) => setError(e instanceof Error ? e.message : 'Could not load the results'));
  }, [id]);

  const download = async () => {
    if (id === null || !results) return;
    setNote(null);
    try {
      const all = await surveyBuilderApi.answers(id);
      downloadCsv(
        `survey-${id}-answers.csv`,
        toCsv(
          ['Submission', 'Submitted at', 'Member #', 'Question', 'Answer'],
          all.items.map((r) => [r.submissionId, r.submittedAt, r.paxId, r.question, r.answer]),
        ),
      );
      if (all.truncated) setNote(`The file holds the first ${all.items.length.toLocaleString('en-US')} answers only.`);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not download the answers');
    }
  };

  return (
    <section className="survey-builder" aria-labelledby="survey-results-title">
      <h1 id="survey-results-title">{results ? `Results: ${results.name}` : 'Survey results'}</h1>
      <p>
        <Link href="/survey-builder">Back to the surveys</Link>
      </p>
      {id === null && <p>No survey chosen.</p>}
      {error && <Message severity="error" text={error} role="alert" />}
      {id !== null && !results && !error && <PageLoader label="Loading the results" />}
      {results && (
        <>
          <p data-testid="completions-total">
            Completed {results.completions.toLocaleString('en-US')} {results.completions === 1 ? 'time' : 'times'}.
          </p>
          <div className="survey-builder__toolbar">
            <Button label="Download answers (CSV)" icon="pi pi-download" outlined onClick={() => void download()} aria-describedby="answers-csv-note" />
            <small id="answers-csv-note">Every answer with the member who gave it; the download is recorded in each one’s access log.</small>
          </div>
          {note && <Message severity="info" text={note} />}
          <CompletionsByDay results={results} />
          {results.questions.map((q, i) => (
            <Question key={q.questionId} surveyId={results.surveyId} q={q} n={i + 1} />
          ))}
        </>
      )}
    </section>
  );
}
