import { correlationId } from '../operations/request-context';
import { randomUUID } from 'node:crypto';
import * as t from 'io-ts';
import type { SurveyListItem, SurveySubmitted, SurveyToTake } from '../../event-schemas/contract/surveys';
import { memberStream } from '../../event-schemas';
import { surveyAttempts } from '../../projections/survey-completions/completions-query';
import { actorOf, assertCanActFor, type Caller } from '../auth/caller';
import { dateIn } from '../../event-schemas/calendar';
import { handleCommand } from '../core/command-handler';
import { IntFromString, PaxIdParam } from '../core/http-codecs';
import { notFound, Problem, unauthorized, validationProblem } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { groupsContaining, participantFacts } from '../groups/group-repository';
import { formatPosition } from '../../event-schemas/store/position';
import { validateAnswers } from './answer-validation';
import { AnswersBody, type Survey } from './survey-codecs';
import { findSurvey, listSurveys, type SurveySummary } from './survey-repository';
import { availability } from './survey-rules';
import { submitSurvey } from './submit-survey';
import { assertCanReadFor } from '../privacy/access-log';

const SurveyId = IntFromString('SurveyId', 'must be a survey id (a whole number above 0)', (n) => n > 0);
const MemberSurvey = t.type({ id: t.number, name: t.string, surveyPointsAmount: t.number, fromDate: t.string });
const GONE = 'Sorry, this survey is no longer available. Please check back for future survey opportunities!';

/** What a member would earn: nothing when the survey pays no points. */
const pointsOf = (s: Pick<Survey, 'pointIssuanceDisabled' | 'surveyPointsAmount'>) => (s.pointIssuanceDisabled ? 0 : s.surveyPointsAmount);
const isDone = (s: Pick<Survey, 'testTypeCode' | 'maxAttempts'>, attempts: number) =>
  attempts > 0 && (s.testTypeCode === 'SURVEY' || attempts >= s.maxAttempts);
const listItem = (s: SurveySummary): SurveyListItem => ({ id: s.id, name: s.name, surveyPointsAmount: pointsOf(s), fromDate: s.fromDate });

export const surveyMemberRoutes = (deps: Deps) => {
  const today = () => dateIn(deps.settings.timeZone, deps.now());

  /** The survey if this member may take it now; 404 unknown, 410 not offered to them, 409 already done. */
  const offeredSurvey = async (paxId: number, surveyId: number): Promise<Survey> => {
    const [survey, facts] = await Promise.all([findSurvey(deps.pool, surveyId), participantFacts(deps.pool, paxId, today())]);
    if (!facts) throw notFound(`Participant ${paxId}`);
    if (!survey) throw notFound(`Survey ${surveyId}`);
    const inAGroup = (await groupsContaining(deps.pool, survey.groupIds, facts)).size > 0;
    if (availability(survey, today(), inAGroup) !== 'available') throw new Problem('gone', GONE);
    return survey;
  };

  const signedInPax = (caller: Caller): number => {
    if (caller.kind !== 'participant') throw unauthorized();
    return caller.paxId;
  };

  return [
    route({
      method: 'get',
      path: '/participants/:paxId/tests',
      tag: 'Surveys',
      summary: 'Surveys the member can take now (ALL) or has completed (COMPLETE)',
      access: 'signed-in',
      params: t.type({ paxId: PaxIdParam }),
      query: t.partial({ testResultStatusTypeCode: t.keyof({ ALL: null, COMPLETE: null }) }),
      responses: { 200: { description: 'Surveys', schema: t.array(MemberSurvey) }, 403: { description: 'Another participant' } },
      handler: async ({ params, query, caller }) => {
        await assertCanReadFor(deps.pool, { caller, paxId: params.paxId, action: 'surveys', at: deps.now() });
        const day = today();
        const [facts, attempts] = await Promise.all([participantFacts(deps.pool, params.paxId, day), surveyAttempts(deps.pool, params.paxId)]);
        if (!facts) throw notFound(`Participant ${params.paxId}`);
        if (query.testResultStatusTypeCode === 'COMPLETE') {
          const done = attempts.size ? await listSurveys(deps.pool, 's.id = ANY($1)', [[...attempts.keys()]]) : [];
          return { status: 200, body: done.filter((s) => isDone(s, attempts.get(s.id) ?? 0)).map(listItem) };
        }
        const active = await listSurveys(deps.pool, `s.status_type_code = 'ACTIVE' AND s.from_date <= $1 AND (s.thru_date IS NULL OR s.thru_date >= $1)`, [
          day,
        ]);
        const groups = await groupsContaining(deps.pool, [...new Set(active.flatMap((s) => s.groupIds))], facts);
        const offered = active.filter(
          (s) =>
            availability(
              s,
              day,
              s.groupIds.some((g) => groups.has(g)),
            ) === 'available' && !isDone(s, attempts.get(s.id) ?? 0),
        );
        return { status: 200, body: offered.map(listItem) };
      },
    }),
    route({
      method: 'get',
      path: '/tests/:id/take',
      tag: 'Surveys',
      summary: 'A survey to take, with its sections, questions and answers; 410 when no longer available',
      access: 'signed-in',
      params: t.type({ id: SurveyId }),
      responses: {
        200: { description: 'The survey' },
        404: { description: 'Unknown' },
        409: { description: 'Already completed' },
        410: { description: 'No longer available' },
      },
      handler: async ({ params, caller }) => {
        const paxId = signedInPax(caller);
        const survey = await offeredSurvey(paxId, params.id);
        const done = (await surveyAttempts(deps.pool, paxId)).get(survey.id) ?? 0;
        if (isDone(survey, done)) throw new Problem('already-completed', 'You have already completed this survey');
        return {
          status: 200,
          body: {
            id: survey.id,
            name: survey.name,
            surveyPointsAmount: pointsOf(survey),
            sections: survey.sections.map((s) => ({
              name: s.name,
              description: s.description,
              instructions: s.instructions,
              showName: s.showName,
              showInstructions: s.showInstructions,
              questions: s.questions.map((q) => ({
                id: q.id,
                text: q.text,
                questionTypeCode: q.questionTypeCode,
                maxAnswers: q.maxAnswers,
                requiredAnswers: q.requiredAnswers,
                answers: q.answers,
              })),
            })),
          } satisfies SurveyToTake,
        };
      },
    }),
    route({
      method: 'post',
      path: '/participants/:paxId/tests/:id/responses',
      tag: 'Surveys',
      summary: "Submit a member's answers; awards the survey's points once",
      access: 'signed-in',
      params: t.type({ paxId: PaxIdParam, id: SurveyId }),
      body: AnswersBody,
      responses: {
        201: { description: 'Submitted', schema: t.type({ pointsAwarded: t.number, position: t.string }) },
        400: { description: 'An answer breaks the survey definition; the path names the question' },
        403: { description: 'Another participant' },
        409: { description: 'Already completed' },
        410: { description: 'No longer available' },
      },
      handler: async ({ params, body, caller }) => {
        assertCanActFor(caller, params.paxId);
        const survey = await offeredSurvey(params.paxId, params.id);
        const { errors, answers } = validateAnswers(survey.sections, body);
        if (errors.length) throw validationProblem(errors);
        const now = deps.now();
        const result = await handleCommand(
          deps.store,
          submitSurvey,
          memberStream(params.paxId),
          {
            paxId: params.paxId,
            survey: {
              id: survey.id,
              name: survey.name,
              testTypeCode: survey.testTypeCode,
              maxAttempts: survey.maxAttempts,
              surveyPointsAmount: survey.surveyPointsAmount,
              pointIssuanceDisabled: survey.pointIssuanceDisabled,
            },
            answers,
            lotId: randomUUID(),
            today: today(),
            expiryMonths: deps.settings.pointsExpiryMonths,
          },
          { actor: actorOf(caller), correlationId: correlationId(), now },
        );
        const submitted = result.appended.find((e) => e.type === 'SurveySubmitted');
        const pointsAwarded = submitted?.type === 'SurveySubmitted' ? submitted.data.pointsAwarded : 0;
        return { status: 201, body: { pointsAwarded, position: result.position ? formatPosition(result.position) : '' } satisfies SurveySubmitted };
      },
    }),
  ];
};
