import * as t from 'io-ts';
import type { SurveyAnswerExport, SurveyFreeTextPage, SurveyResults } from '../../event-schemas/contract/surveys';
import { allAnswers, answerCounts, completionsByDay, freeTexts } from '../../projections/survey-results/results-query';
import { IntFromString, PageParam, sizeParam } from '../core/http-codecs';
import { notFound } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { recordAccessOfMany } from '../privacy/access-log';
import { findSurvey } from './survey-repository';

const Id = IntFromString('SurveyId', 'must be a survey id (a whole number above 0)', (n) => n > 0);
const QuestionId = IntFromString('QuestionId', 'must be a question id (a whole number above 0)', (n) => n > 0);

/** The most answers one CSV download holds (a national survey's would be a file for a data team, not a browser). */
export const MAX_EXPORTED_ANSWERS = 100_000;

/**
 * A survey's results for the survey builder (issue 54, item 5: admins could build surveys but see no answers): the
 * counts name no one; a page of free texts and the CSV name the members who wrote them, so each such read is in
 * every named member's access log.
 */
export const surveyResultRoutes = (deps: Deps) => {
  const surveyOr404 = async (id: number) => {
    const survey = await findSurvey(deps.pool, id);
    if (!survey) throw notFound(`Survey ${id}`);
    return survey;
  };
  const questionsOf = (survey: NonNullable<Awaited<ReturnType<typeof findSurvey>>>) => survey.sections.flatMap((s) => s.questions);
  return [
    route({
      method: 'get',
      path: '/tests/:id/results',
      tag: 'Surveys (admin)',
      summary: "A survey's completions by programme day and each question's answers: how often each was chosen, how many free texts",
      access: 'admin',
      params: t.type({ id: Id }),
      responses: { 200: { description: 'The results' }, 404: { description: 'Unknown survey' } },
      handler: async ({ params }) => {
        const survey = await surveyOr404(params.id);
        const [days, counts] = await Promise.all([completionsByDay(deps.pool, params.id, deps.settings.timeZone), answerCounts(deps.pool, params.id)]);
        const body: SurveyResults = {
          surveyId: params.id,
          name: survey.name,
          completions: days.total,
          byDay: days.byDay,
          questions: questionsOf(survey).map((q) => ({
            questionId: q.id,
            text: q.text,
            questionTypeCode: q.questionTypeCode,
            answers: q.answers.map((a) => ({ answerId: a.id, text: a.text, count: counts.chosen.get(a.id) ?? 0 })),
            freeTexts: counts.texts.get(q.id) ?? 0,
          })),
        };
        return { status: 200, body };
      },
    }),
    route({
      method: 'get',
      path: '/tests/:id/results/questions/:questionId/free-texts',
      tag: 'Surveys (admin)',
      summary: "A page of a question's free texts, newest first, with who wrote each (each member named is in their access log)",
      access: 'admin',
      params: t.type({ id: Id, questionId: QuestionId }),
      query: t.partial({ page: PageParam, size: sizeParam(100) }),
      responses: {
        200: { description: 'A page of free texts' },
        400: { description: 'A bad page or size' },
        404: { description: 'Unknown survey or question' },
      },
      handler: async ({ params, query, caller }) => {
        const survey = await surveyOr404(params.id);
        if (!questionsOf(survey).some((q) => q.id === params.questionId)) throw notFound(`Question ${params.questionId} of survey ${params.id}`);
        const page = query.page ?? 0;
        const size = query.size ?? 20;
        const found = await freeTexts(deps.pool, params.id, params.questionId, page, size);
        await recordAccessOfMany(deps.pool, { caller, paxIds: found.items.map((i) => i.paxId), action: 'survey-answers', at: deps.now() });
        return { status: 200, body: { items: found.items, page, size, totalElements: found.total } satisfies SurveyFreeTextPage };
      },
    }),
    route({
      method: 'get',
      path: '/tests/:id/results/answers',
      tag: 'Surveys (admin)',
      summary: `Every answer given, oldest submission first (at most ${MAX_EXPORTED_ANSWERS}), in words: what the results' CSV holds (each member named is in their access log)`,
      access: 'admin',
      params: t.type({ id: Id }),
      responses: { 200: { description: 'The answers' }, 404: { description: 'Unknown survey' } },
      handler: async ({ params, caller }) => {
        const survey = await surveyOr404(params.id);
        const questions = new Map(questionsOf(survey).map((q) => [q.id, q]));
        const answerText = new Map(questionsOf(survey).flatMap((q) => q.answers.map((a) => [a.id, a.text] as const)));
        const rows = await allAnswers(deps.pool, params.id, MAX_EXPORTED_ANSWERS + 1);
        const kept = rows.slice(0, MAX_EXPORTED_ANSWERS);
        await recordAccessOfMany(deps.pool, { caller, paxIds: kept.map((r) => r.paxId), action: 'survey-answers', at: deps.now() });
        const body: SurveyAnswerExport = {
          items: kept.map((r) => ({
            submissionId: r.submissionId,
            submittedAt: r.submittedAt,
            paxId: r.paxId,
            question: questions.get(r.questionId)?.text ?? `Question ${r.questionId} (since removed)`,
            answer: r.text ?? answerText.get(r.answerId ?? 0) ?? `Answer ${r.answerId} (since removed)`,
          })),
          truncated: rows.length > MAX_EXPORTED_ANSWERS,
        };
        return { status: 200, body };
      },
    }),
  ];
};
