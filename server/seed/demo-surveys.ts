import type pg from 'pg';
import type { SurveyDraft } from '../surveys/survey-codecs';
import { createSurvey } from '../surveys/survey-writes';
import { addDays, utcDateOf } from '../../event-schemas/calendar';

const choices = (...texts: string[]) => texts.map((text) => ({ text }));
const single = (text: string, answers: string[], type: 'MULTIPLE_ONE' | 'TRUE_FALSE' | 'SCALE' = 'MULTIPLE_ONE') => ({
  questionTypeCode: type,
  maxAnswers: 1,
  requiredAnswers: 1,
  text,
  answers: choices(...answers),
});
type Questions = SurveyDraft['sections'][number]['questions'];
/** A page's instructions fit its questions: a page of free text asked members to "choose" answers (issue 54, item 16). */
export const instructionsFor = (questions: Questions): string =>
  questions.every((q) => q.questionTypeCode === 'USER_RESPONSE') ? 'Answer in your own words.' : 'Choose the answers that fit you best.';
const section = (name: string, description: string, questions: Questions) => ({
  name,
  description,
  instructions: instructionsFor(questions),
  numberOfQuestions: questions.length,
  showInstructions: true,
  showName: true,
  questions,
});

export const DEMO_SURVEY_NAME = 'Your Treatment Experience';

/** CONTRACT.md demo data: a survey of several pages, open to every member and worth points. */
export function demoSurvey(today: string): SurveyDraft {
  return {
    name: DEMO_SURVEY_NAME,
    description: 'Three short pages about your visits and the rewards you would like.',
    statusTypeCode: 'ACTIVE',
    pointIssuanceDisabled: false,
    testTypeCode: 'SURVEY',
    fromDate: today,
    thruDate: null,
    maxAttempts: 50,
    score: null,
    surveyPointsAmount: 50,
    groupIds: [],
    sections: [
      section('About your visit', 'Tell us how you found us.', [
        single('How did you first hear about the programme?', ['From my provider', 'From a friend', 'Social media', 'Online search']),
        single('Was this your first treatment with your current provider?', ['True', 'False'], 'TRUE_FALSE'),
      ]),
      section('Your experience', 'How did it go?', [
        single('How satisfied were you with your most recent treatment?', ['1 - Not at all', '2', '3', '4', '5 - Very satisfied'], 'SCALE'),
        {
          questionTypeCode: 'MULTIPLE_CHOICE',
          maxAnswers: 3,
          requiredAnswers: 1,
          text: 'Which rewards interest you most? Choose up to three.',
          answers: choices('Gift certificates', 'Partner offers', 'Bonus points events', 'Early access to new treatments'),
        },
      ]),
      section('Anything else?', 'Your own words help us most.', [
        { questionTypeCode: 'USER_RESPONSE', maxAnswers: 1, requiredAnswers: 1, text: 'What could we do to make the programme better for you?', answers: [] },
      ]),
    ],
  };
}

export async function seedDemoSurveys(db: pg.Pool, log: (line: string) => void): Promise<void> {
  const existing = await db.query('SELECT 1 FROM surveys LIMIT 1');
  if (existing.rowCount) return;
  // Open from three days ago in UTC: never after the day before yesterday in the programme's time zone (any zone
  // within UTC-12), so the survey is open at once and on the day the demo history takes it (yesterday). One day ago
  // was not enough between midnight UTC and midnight in the programme's zone.
  const today = addDays(utcDateOf(new Date()), -3);
  await createSurvey(db, { kind: 'system', job: 'demo-seed' }, demoSurvey(today));
  log('seeded demo survey');
}
