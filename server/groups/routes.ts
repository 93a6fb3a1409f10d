import * as t from 'io-ts';
import { actorOf } from '../auth/caller';
import { validationProblem, notFound } from '../core/problem';
import { IntFromString, sizeParam } from '../core/http-codecs';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { checkExpression } from './evaluate-group';
import { GroupBody, operatorsFor, participantFields } from './group-expression';
import { countMembers, createGroup, deleteGroup, findGroup, listGroups, updateGroup } from './group-repository';
import { dateIn } from '../../event-schemas/calendar';
import type { GroupCount, GroupPage, ParticipantField, ParticipantGroup } from '../../event-schemas/contract/participant-groups';

const IdParam = t.type({ id: IntFromString('GroupId', 'must be a group id (a whole number above 0)', (n) => n > 0) });
const GroupsQuery = t.partial({
  search: t.string,
  page: IntFromString('Page', 'must be a page number of 1 or more', (n) => n >= 1),
  size: sizeParam(1000),
  sort: t.literal('groupName'),
});

const checked = (body: GroupBody) => {
  const errors = checkExpression(body.logicalExpression, 'body.logicalExpression');
  if (errors.length) throw validationProblem(errors);
  return body;
};

/** Admin spec section 7 "Participant groups": rule-based groups that surveys (and later promotions) target. */
export const groupRoutes = (deps: Deps) => {
  const today = () => dateIn(deps.settings.timeZone, deps.now());
  return [
    route({
      method: 'get',
      path: '/participants/search/fields',
      tag: 'Participant groups',
      summary: 'The participant fields a group rule can test, with the operators each allows',
      access: 'admin',
      responses: { 200: { description: 'Fields' } },
      handler: async () => ({ status: 200, body: participantFields.map((f): ParticipantField => ({ ...f, operators: operatorsFor[f.kind] })) }),
    }),
    route({
      method: 'post',
      path: '/participants/search',
      tag: 'Participant groups',
      summary: 'Create a group; its name defaults to the current timestamp',
      access: 'admin',
      body: GroupBody,
      responses: { 201: { description: 'Created' }, 400: { description: 'Invalid rule' }, 409: { description: 'Another group has this name (ignoring case)' } },
      handler: async ({ body, caller }) => {
        const b = checked(body);
        const group = await createGroup(deps.pool, actorOf(caller), b.name?.trim() ?? deps.now().toISOString(), b.logicalExpression);
        return { status: 201, body: group };
      },
    }),
    route({
      method: 'get',
      path: '/participants/search/:id',
      tag: 'Participant groups',
      summary: 'A group with its member count today',
      access: 'admin',
      params: IdParam,
      responses: { 200: { description: 'The group: { id, name, logicalExpression, memberCount }' }, 404: { description: 'Unknown' } },
      handler: async ({ params }) => {
        const group = await findGroup(deps.pool, params.id);
        if (!group) throw notFound(`Participant group ${params.id}`);
        return { status: 200, body: { ...group, memberCount: await countMembers(deps.pool, group.logicalExpression, today()) } satisfies ParticipantGroup };
      },
    }),
    route({
      method: 'post',
      path: '/participants/search/count',
      tag: 'Participant groups',
      summary: 'How many members an expression being edited holds today (the builder asks as the expression changes)',
      access: 'admin',
      body: GroupBody,
      responses: { 200: { description: '{ memberCount }' }, 400: { description: 'Invalid rule' } },
      handler: async ({ body }) => ({
        status: 200,
        body: { memberCount: await countMembers(deps.pool, checked(body).logicalExpression, today()) } satisfies GroupCount,
      }),
    }),
    route({
      method: 'put',
      path: '/participants/search/:id',
      tag: 'Participant groups',
      summary: "Replace a group's name and rule",
      access: 'admin',
      params: IdParam,
      body: GroupBody,
      responses: {
        200: { description: 'Updated' },
        400: { description: 'Invalid rule' },
        404: { description: 'Unknown' },
        409: { description: 'Another group has this name (ignoring case)' },
      },
      handler: async ({ params, body, caller }) => {
        const b = checked(body);
        return { status: 200, body: await updateGroup(deps.pool, actorOf(caller), params.id, b.name?.trim(), b.logicalExpression) };
      },
    }),
    route({
      method: 'delete',
      path: '/groups/:id',
      tag: 'Participant groups',
      summary: 'Delete a group; surveys that named it then reach nobody',
      access: 'admin',
      params: IdParam,
      responses: { 204: { description: 'Deleted' }, 404: { description: 'Unknown' } },
      handler: async ({ params, caller }) => {
        await deleteGroup(deps.pool, actorOf(caller), params.id);
        return { status: 204 };
      },
    }),
    route({
      method: 'get',
      path: '/groups',
      tag: 'Participant groups',
      summary: 'Groups by name (page is 1-based, as the admin spec calls it with page=1&size=1000)',
      access: 'admin',
      query: GroupsQuery,
      responses: { 200: { description: 'A page of groups' } },
      handler: async ({ query }) => {
        const page = query.page ?? 1;
        const size = query.size ?? 1000;
        const { items, totalElements } = await listGroups(deps.pool, query.search ?? '', page - 1, size);
        return { status: 200, body: { items, page, size, totalElements } satisfies GroupPage };
      },
    }),
  ];
};
