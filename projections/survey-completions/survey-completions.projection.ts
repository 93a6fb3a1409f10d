import type { EventOfType } from '../../event-schemas';
import { consuming, type Projection } from '../projection';

/** Which surveys each member has submitted, and how often. */
export const surveyCompletionsProjection: Projection<EventOfType<'SurveySubmitted'>> = {
  name: 'survey-completions',
  consumes: consuming<EventOfType<'SurveySubmitted'>>()('SurveySubmitted'),
  tables: ['rm_survey_completions'],
  liveKinds: [],
  async apply(db, e) {
    const d = e.event.data;
    await db.query(
      `INSERT INTO rm_survey_completions AS c (pax_id, survey_id, survey_name, attempts, points_awarded, first_completed_at, last_completed_at)
       VALUES ($1, $2, $3, 1, $4, $5, $5)
       ON CONFLICT (pax_id, survey_id) DO UPDATE SET attempts = c.attempts + 1, points_awarded = c.points_awarded + $4, last_completed_at = $5`,
      [d.paxId, d.surveyId, d.surveyName, d.pointsAwarded, e.metadata.occurredAt],
    );
    return { paxIds: [d.paxId] };
  },
};
