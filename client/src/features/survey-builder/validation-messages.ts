/** A field error as the server's 400 problem lists it (path like body.sections.1.questions.2.answers). */
export interface FieldProblem {
  path: string;
  message: string;
}

const FIELD_WORDS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  instructions: 'Instructions',
  text: 'Text',
  answers: 'Answers',
  questions: 'Questions',
  sections: 'Pages',
  fromDate: 'From date',
  thruDate: 'Through date',
  maxAttempts: 'Maximum attempts',
  surveyPointsAmount: 'Points',
  groupIds: 'Group',
  statusTypeCode: 'Status',
  testTypeCode: 'Type',
  questionTypeCode: 'Question type',
  maxAnswers: 'Maximum answers',
  requiredAnswers: 'Required answers',
  numberOfQuestions: 'Number of questions',
};

/** Server wording uses field names and codes; the administrator reads the labels of the form instead. */
const MESSAGE_WORDS: [RegExp, string][] = [
  [/must hold at least one question/, 'needs at least one question'],
  [/must hold at least one section/, 'needs at least one page'],
  [/must hold exactly 2 answers for TRUE_FALSE/, 'needs exactly two answers for a true/false question'],
  [/must hold at least 2 answers for (\w+)/, 'needs at least two answers for this question type'],
  [/must hold at most 1 answer for USER_RESPONSE/, 'takes at most one answer for a free-text question'],
  [/must not be more than maxAnswers/, 'must not be more than the maximum answers'],
  [/must not be before fromDate/, 'must not be before the from date'],
  [/must be 1 for \w+/, 'must be 1 for this question type'],
  [/must be at least 1 for MULTIPLE_CHOICE/, 'must be at least 1 for a multiple-choice question'],
];

const humanMessage = (message: string): string => MESSAGE_WORDS.reduce((m, [pattern, words]) => (pattern.test(m) ? words : m), message);

const fieldWords = (field: string): string => FIELD_WORDS[field] ?? field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().replace(/^./, (c) => c.toUpperCase());

/**
 * "Page 2, question 3: needs at least one answer" from body.sections.1.questions.2.answers: pages and questions are
 * counted from 1 as the builder shows them; the field is named only when it is not the list the message is about.
 */
export function describeProblem({ path, message }: FieldProblem): string {
  const parts = path.replace(/^body\.?/, '').split('.').filter(Boolean);
  const where: string[] = [];
  let field: string | null = null;
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i];
    const next = parts[i + 1];
    const index = next !== undefined && /^\d+$/.test(next) ? Number(next) + 1 : null;
    if (part === 'sections' && index !== null) where.push(`Page ${index}`);
    else if (part === 'questions' && index !== null) where.push(`question ${index}`);
    else if (part === 'answers' && index !== null) where.push(`answer ${index}`);
    else {
      field = part;
      continue;
    }
    i += 1;
  }
  const text = humanMessage(message);
  const listMessage = /^(needs|takes) /.test(text);
  const subject = field && !(listMessage && ['questions', 'answers', 'sections'].includes(field)) ? fieldWords(field) : null;
  const location = where.join(', ');
  const head = [location, subject && (location ? subject.toLowerCase() : subject)].filter(Boolean).join(', ');
  return head ? `${head.replace(/^./, (c) => c.toUpperCase())}: ${text}` : text.replace(/^./, (c) => c.toUpperCase());
}
