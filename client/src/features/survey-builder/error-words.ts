import type { SurveyRecord } from './api/survey-builder-api';

/** The survey's fields and the server's words for them, as an admin reads them on the form. */
const FIELD_WORDS: Record<string, string> = {
  name: 'the name',
  description: 'the description',
  instructions: 'the instructions',
  fromDate: 'the From date',
  thruDate: 'the Through date',
  maxAttempts: 'the maximum attempts',
  surveyPointsAmount: 'the points',
  sections: 'the survey',
  questions: 'the page',
  answers: 'the answers',
  text: 'the question text',
  maxAnswers: 'the maximum answers',
  requiredAnswers: 'the required answers',
  scaleHigh: 'the highest number of the scale',
  questionTypeCode: 'the question type',
  groupIds: 'the group',
};

const TYPE_WORDS: Record<string, string> = {
  MULTIPLE_ONE: 'a one-answer question',
  MULTIPLE_CHOICE: 'a multiple-choice question',
  TRUE_FALSE: 'a true-or-false question',
  SCALE: 'a scale question',
  USER_RESPONSE: 'a written-answer question',
};

/** The server's message with field and type codes replaced by words ("must be 1 for MULTIPLE_ONE" → "… for a one-answer question"). */
const messageInWords = (message: string) =>
  message
    .replace(/\b(MULTIPLE_ONE|MULTIPLE_CHOICE|TRUE_FALSE|SCALE|USER_RESPONSE)\b/g, (code) => TYPE_WORDS[code])
    .replace(/\b(maxAnswers|requiredAnswers|fromDate|thruDate)\b/g, (field) => FIELD_WORDS[field])
    .replace('at least one section', 'at least one page');

const quoted = (text: string) => (text.trim() ? ` (“${text.trim().slice(0, 40)}${text.trim().length > 40 ? '…' : ''}”)` : '');

/**
 * A save error in words that name the page and question: `body.sections.1.questions.0.maxAnswers` + "must be 1 for
 * MULTIPLE_ONE" → "Page 2, question 1 (“How was your visit?”): the maximum answers must be 1 for a one-answer question".
 */
export function errorInWords(path: string, message: string, survey: SurveyRecord): string {
  const parts = path.replace(/^body\./, '').split('.');
  const where: string[] = [];
  let field = parts[parts.length - 1];
  if (parts[0] === 'sections' && parts.length > 1) {
    const si = Number(parts[1]);
    const section = survey.sections[si];
    where.push(`Page ${si + 1}${parts.length === 2 || parts[2] !== 'questions' || parts.length === 3 ? quoted(section?.name ?? '') : ''}`);
    if (parts[2] === 'questions' && parts.length > 3) {
      const qi = Number(parts[3]);
      where.push(`question ${qi + 1}${quoted(section?.questions[qi]?.text ?? '')}`);
      if (parts[4] === 'answers' && parts.length > 5) {
        where.push(`answer ${Number(parts[5]) + 1}`);
        field = parts[6] ?? 'answers';
      }
    }
  }
  const subject = FIELD_WORDS[field] ?? field;
  const sentence = `${subject} ${messageInWords(message)}`;
  return where.length ? `${where.join(', ')}: ${sentence}` : sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
