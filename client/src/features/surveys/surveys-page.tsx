import { useUnit } from 'effector-react';
import { Tag } from 'primereact/tag';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { PageLoader } from '../../components/page-loader';
import { useSession } from '../../session/session-provider';
import type { SurveyListItem } from './api/surveys-api';
import { $availableSurveys, $completedSurveys, $highestSurveyPoints, $surveysLoading, surveysRequested } from './model';
import { isoDay, surveysNewSince } from './survey-list-helpers';
import { addDaysToInstant } from '../../../../event-schemas/calendar';
import './surveys.css';

const LAST_VISIT_KEY = 'surveysLastVisit';
const points = (n: number) => `${n.toLocaleString('en-US')} points`;

/** The day of the member's previous visit to this page (a fortnight ago the first time): surveys since then are new. */
function useLastVisit(): string {
  const [since] = useState(() => {
    try {
      return localStorage.getItem(LAST_VISIT_KEY) ?? isoDay(addDaysToInstant(new Date(), -14));
    } catch {
      return isoDay(new Date(0));
    }
  });
  useEffect(() => {
    try {
      localStorage.setItem(LAST_VISIT_KEY, isoDay(new Date()));
    } catch {
      /* private mode: every visit counts from the default */
    }
  }, []);
  return since;
}

function SurveyList({ surveys, newIds, completed }: { surveys: SurveyListItem[]; newIds: Set<number>; completed?: boolean }) {
  return (
    <ul className="survey-list">
      {surveys.map((s) => (
        <li key={s.id} className="survey-list__item">
          <span>
            {completed ? s.name : <Link href={`/take-survey/${s.id}`}>{s.name}</Link>} {newIds.has(s.id) && <Tag value="NEW" severity="success" />}
          </span>
          <span>{points(s.surveyPointsAmount)}</span>
        </li>
      ))}
    </ul>
  );
}

/** /surveys: available and completed surveys with their point values. */
export default function SurveysPage() {
  const { pax } = useSession();
  const [available, completed, highest, loading] = useUnit([$availableSurveys, $completedSurveys, $highestSurveyPoints, $surveysLoading]);
  const since = useLastVisit();
  const paxId = pax?.paxId;
  useEffect(() => {
    if (paxId !== undefined) surveysRequested(paxId);
  }, [paxId]);
  const newIds = new Set(surveysNewSince(available, since).map((s) => s.id));
  return (
    <section className="surveys-page" aria-labelledby="surveys-title">
      <h1 id="surveys-title">Surveys</h1>
      {loading && available.length === 0 ? (
        <PageLoader label="Loading surveys" />
      ) : (
        <>
          <h2>Available surveys</h2>
          {available.length === 0 ? (
            <p>There are no surveys for you right now. Please check back soon.</p>
          ) : (
            <>
              <p data-testid="highest-survey-points">Earn up to {points(highest)} per survey.</p>
              <SurveyList surveys={available} newIds={newIds} />
            </>
          )}
          <h2>Completed surveys</h2>
          {completed.length === 0 ? <p>You have not completed any surveys yet.</p> : <SurveyList surveys={completed} newIds={new Set()} completed />}
        </>
      )}
    </section>
  );
}
