import type { EventOfType } from '../../event-schemas';
import { consuming, type Projection } from '../projection';

type Consumed = EventOfType<'SurveySubmitted' | 'MemberErased'>;

/**
 * What members answered, for the survey builder's results (issue 54, item 5): every submission with its time, and
 * every answer given (a choice, or free text). An erased member's answers go: their free text is theirs, and their
 * choices may answer health questions; a rebuild reads them sealed (no choices, erased text) and deletes them at
 * MemberErased, so it ends as live. The submissions stay, as rm_survey_completions does.
 */
export const surveyResultsProjection: Projection<Consumed> = {
  name: 'survey-results',
  consumes: consuming<Consumed>()('SurveySubmitted', 'MemberErased'),
  tables: ['rm_survey_submissions', 'rm_survey_answers'],
  liveKinds: [],
  async apply(db, e) {
    if (e.event.type === 'MemberErased') {
      await db.query('DELETE FROM rm_survey_answers WHERE pax_id = $1', [e.event.data.paxId]);
      return { paxIds: [] };
    }
    const d = e.event.data;
    const at = e.metadata.occurredAt;
    await db.query('INSERT INTO rm_survey_submissions (event_id, survey_id, pax_id, submitted_at) VALUES ($1, $2, $3, $4)', [
      e.eventId,
      d.surveyId,
      d.paxId,
      at,
    ]);
    const questions: number[] = [];
    const answers: (number | null)[] = [];
    const responses: (string | null)[] = [];
    for (const a of d.answers) {
      for (const id of a.answerIds) {
        questions.push(a.questionId);
        answers.push(id);
        responses.push(null);
      }
      if (a.userResponse !== null && a.userResponse.trim() !== '') {
        questions.push(a.questionId);
        answers.push(null);
        responses.push(a.userResponse);
      }
    }
    if (questions.length)
      await db.query(
        `INSERT INTO rm_survey_answers (event_id, survey_id, question_id, pax_id, submitted_at, answer_id, response)
         SELECT $1, $2, q, $3, $4, a, r FROM unnest($5::bigint[], $6::bigint[], $7::text[]) AS u(q, a, r)`,
        [e.eventId, d.surveyId, d.paxId, at, questions, answers, responses],
      );
    return { paxIds: [] };
  },
};
