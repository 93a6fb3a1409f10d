import * as t from 'io-ts';
import type { TestTypeList } from '../../event-schemas/contract/surveys';
import { actorOf } from '../auth/caller';
import { dateIn } from '../../event-schemas/calendar';
import { ConfigHistorySchema, readConfigHistory } from '../audit/config-history';
import { IntFromString } from '../core/http-codecs';
import { notFound, validationProblem } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { SurveyInput, SurveyStatus, type SurveyStatus as Status } from './survey-codecs';
import { findSurvey, listSurveys } from './survey-repository';
import { copyOf, statusOnCreate, statusOnUpdate, toDraft } from './survey-rules';
import { createSurvey, setSurveyStatus, updateSurvey } from './survey-writes';

const IdParam = t.type({ id: IntFromString('SurveyId', 'must be a survey id (a whole number above 0)', (n) => n > 0) });
const ListQuery = t.partial({ status: t.union([SurveyStatus, t.literal('ALL')]) });
/** The admin spec reads test types with `search=displayStatusTypeCode==ACTIVE`; only that `field==value` form is understood. */
const TypesQuery = t.partial({ search: t.string });
const TEST_TYPES: TestTypeList['items'] = [
  { code: 'SURVEY', name: 'Survey', displayStatusTypeCode: 'ACTIVE' },
  { code: 'TEST', name: 'Test', displayStatusTypeCode: 'ACTIVE' },
];

export const surveyAdminRoutes = (deps: Deps) => {
  const today = () => dateIn(deps.settings.timeZone, deps.now());
  const draftOf = (body: SurveyInput, status: Status) => {
    const { draft, errors } = toDraft(body, status, today());
    if (errors.length) throw validationProblem(errors);
    return draft;
  };
  const statusChange = (path: string, method: 'put' | 'delete', status: Status, action: string, summary: string) =>
    route({
      method,
      path,
      tag: 'Surveys (admin)',
      summary,
      access: 'admin',
      params: IdParam,
      responses: { 200: { description: 'The survey with its new status' }, 404: { description: 'Unknown or deleted' } },
      handler: async ({ params, caller }) => ({ status: 200, body: await setSurveyStatus(deps.pool, actorOf(caller), params.id, status, action) }),
    });

  return [
    route({
      method: 'get',
      path: '/tests',
      tag: 'Surveys (admin)',
      summary: 'Surveys and tests, newest first; optionally one status',
      access: 'admin',
      query: ListQuery,
      responses: { 200: { description: 'Surveys without their sections' } },
      handler: async ({ query }) => {
        const status = query.status && query.status !== 'ALL' ? query.status : undefined;
        return { status: 200, body: await (status ? listSurveys(deps.pool, 's.status_type_code = $1', [status]) : listSurveys(deps.pool)) };
      },
    }),
    route({
      method: 'get',
      path: '/types/tests',
      tag: 'Surveys (admin)',
      summary: 'Test types, filtered by `search=displayStatusTypeCode==ACTIVE`',
      access: 'admin',
      query: TypesQuery,
      responses: { 200: { description: '{ items }' }, 400: { description: 'Unreadable search' } },
      handler: async ({ query }) => {
        if (!query.search) return { status: 200, body: { items: TEST_TYPES } };
        const m = /^(\w+)==(\w+)$/.exec(query.search);
        if (!m || !['code', 'displayStatusTypeCode'].includes(m[1]))
          throw validationProblem([{ path: 'query.search', message: 'must be field==value with field code or displayStatusTypeCode' }]);
        return { status: 200, body: { items: TEST_TYPES.filter((tt) => tt[m[1] as 'code' | 'displayStatusTypeCode'] === m[2]) } };
      },
    }),
    route({
      method: 'get',
      path: '/tests/:id',
      tag: 'Surveys (admin)',
      summary: 'A survey with its sections, questions, answers and groups',
      access: 'admin',
      params: IdParam,
      responses: { 200: { description: 'The survey' }, 404: { description: 'Unknown' } },
      handler: async ({ params }) => {
        const survey = await findSurvey(deps.pool, params.id);
        if (!survey) throw notFound(`Survey ${params.id}`);
        return { status: 200, body: survey };
      },
    }),
    route({
      method: 'get',
      path: '/tests/:id/audit',
      tag: 'Surveys (admin)',
      summary: 'Every change to a survey, oldest first, with who made it and the record before and after',
      access: 'admin',
      params: IdParam,
      responses: { 200: { description: 'Audit entries', schema: ConfigHistorySchema } },
      handler: async ({ params }) => ({ status: 200, body: await readConfigHistory(deps.pool, 'survey', params.id) }),
    }),
    route({
      method: 'post',
      path: '/tests',
      tag: 'Surveys (admin)',
      summary: 'Create a survey: PENDING when it targets a group and pendingApproval is set, otherwise ACTIVE',
      access: 'admin',
      body: SurveyInput,
      responses: { 201: { description: 'Created' }, 400: { description: 'Invalid, naming the field' } },
      handler: async ({ body, caller }) => ({ status: 201, body: await createSurvey(deps.pool, actorOf(caller), draftOf(body, statusOnCreate(body))) }),
    }),
    route({
      method: 'put',
      path: '/tests/inactivate/:id',
      tag: 'Surveys (admin)',
      summary: 'Inactivate a survey (INACTIVE)',
      access: 'admin',
      params: IdParam,
      responses: { 200: { description: 'Inactivated' }, 404: { description: 'Unknown or deleted' } },
      handler: async ({ params, caller }) => ({ status: 200, body: await setSurveyStatus(deps.pool, actorOf(caller), params.id, 'INACTIVE', 'inactivate') }),
    }),
    route({
      method: 'put',
      path: '/tests/:id',
      tag: 'Surveys (admin)',
      summary: 'Replace a survey: its status is the given one, else PENDING when pendingApproval is set, else ACTIVE',
      access: 'admin',
      params: IdParam,
      body: SurveyInput,
      responses: { 200: { description: 'Updated' }, 400: { description: 'Invalid, naming the field' }, 404: { description: 'Unknown or deleted' } },
      handler: async ({ params, body, caller }) => ({
        status: 200,
        body: await updateSurvey(deps.pool, actorOf(caller), params.id, draftOf(body, statusOnUpdate(body))),
      }),
    }),
    statusChange('/tests/:id', 'delete', 'DELETED', 'delete', 'Delete a survey (DELETED; kept for the submissions that name it)'),
    route({
      method: 'post',
      path: '/tests/:id/copy',
      tag: 'Surveys (admin)',
      summary: "Copy a survey: NEW, ' - Copy' added to the name, groups dropped",
      access: 'admin',
      params: IdParam,
      responses: { 201: { description: 'The copy' }, 404: { description: 'Unknown' } },
      handler: async ({ params, caller }) => {
        const source = await findSurvey(deps.pool, params.id);
        if (!source) throw notFound(`Survey ${params.id}`);
        return { status: 201, body: await createSurvey(deps.pool, actorOf(caller), copyOf(source), 'copy') };
      },
    }),
  ];
};
