import type { SurveyRecord } from './api/survey-builder-api';
import { surveyNumberErrors } from './survey-numbers';
import { SCALE_RULE } from './scale-range';

/*
 * Issue 28, item 6: the survey builder showed its errors only in a list at the bottom of a long page. Each error now
 * also stands on its field (by the field's element id), with a red border once the admin has left the field or tried
 * to save (the spec's text-input rule), and a save with errors brings the first of them into view.
 */

/** The element id of the field a server error path names, or null for an error of no one field (a page with no question). */
export function fieldIdOf(path: string): string | null {
  const top: Record<string, string> = {
    'body.name': 'survey-name',
    'body.description': 'survey-description',
    'body.testTypeCode': 'survey-type',
    'body.statusTypeCode': 'survey-status',
    'body.fromDate': 'survey-from',
    'body.thruDate': 'survey-thru',
    'body.surveyPointsAmount': 'survey-points',
    'body.maxAttempts': 'survey-attempts',
  };
  if (top[path]) return top[path];
  const section = /^body\.sections\.(\d+)\.(name|description|instructions)$/.exec(path);
  if (section) return `section-${section[1]}-${section[2]}`;
  const question = /^body\.sections\.(\d+)\.questions\.(\d+)\.(text|questionTypeCode|requiredAnswers|maxAnswers|answers)(?:\.(\d+)(?:\.text)?)?$/.exec(path);
  if (!question) return null;
  const [, s, q, field, answer] = question;
  const at = `section-${s}-question-${q}`;
  const ids: Record<string, string> = { text: 'text', questionTypeCode: 'type', requiredAnswers: 'required', maxAnswers: 'max' };
  return field === 'answers' ? `${at}-answer-${answer ?? 0}` : `${at}-${ids[field]}`;
}

/** The errors the form can tell before sending, by field id, in the server's words (it checks them again). */
export function localFieldErrors(survey: SurveyRecord): Record<string, string> {
  const out: Record<string, string> = {};
  const numbers = surveyNumberErrors(survey);
  if (numbers.surveyPointsAmount) out['survey-points'] = numbers.surveyPointsAmount;
  if (numbers.maxAttempts) out['survey-attempts'] = numbers.maxAttempts;
  if (survey.thruDate && survey.fromDate && survey.thruDate < survey.fromDate) out['survey-thru'] = 'must not be before the From date';
  // A scale whose range is not one holds no answers (the editor never sends a range it could not read).
  survey.sections.forEach((section, si) =>
    section.questions.forEach((q, qi) => {
      if (q.questionTypeCode === 'SCALE' && q.answers.length < 2) out[`section-${si}-question-${qi}-scale-high`] = SCALE_RULE;
    }),
  );
  return out;
}

/** Which errors to show: a field's once it was left (or a save was tried), the server's from the last save at once. */
export function shownFieldErrors(
  local: Record<string, string>,
  server: Record<string, string>,
  left: ReadonlySet<string>,
  saveTried: boolean,
): Record<string, string> {
  const out: Record<string, string> = { ...server };
  for (const [id, message] of Object.entries(local)) if (saveTried || left.has(id)) out[id] = message;
  return out;
}

/** A server refusal of one field, with what the refused part of the survey held when it was sent. */
export interface ServerFieldError {
  fieldId: string;
  message: string;
  path: string;
  refused: string;
}

/** The part of the sent record a refusal's path names (`body.sections.0.questions.1.answers`), as JSON to compare. */
export function valueAtPath(record: unknown, path: string): string {
  let at: unknown = record;
  for (const key of path
    .replace(/^body\.?/, '')
    .split('.')
    .filter(Boolean)) {
    at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  }
  return JSON.stringify(at) ?? 'undefined';
}

/**
 * The server's errors that still stand, by field id: each until the part of the survey it refused is changed (issue
 * 28: an error stayed on its field until the next save, after the admin had already fixed it). Adding a second answer
 * takes away "must hold at least 2 answers"; typing in a refused name takes away the name's error. Nothing is taken
 * away when a field is only left, which moved the form under the pointer between a press and its release.
 */
export function standingServerErrors(errors: readonly ServerFieldError[], current: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) if (!out[e.fieldId] && valueAtPath(current, e.path) === e.refused) out[e.fieldId] = e.message;
  return out;
}
