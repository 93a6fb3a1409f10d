import * as t from 'io-ts';
import { refined } from '../../event-schemas/primitives';
import { PageParam, sizeParam } from '../core/http-codecs';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { searchParticipants } from './search-participants';

const MAX_SEARCH_LENGTH = 100;
const SearchText = refined(t.string, 'SearchText', `must be at most ${MAX_SEARCH_LENGTH} characters`, (s) => s.length <= MAX_SEARCH_LENGTH, {
  maxLength: MAX_SEARCH_LENGTH,
});

const Summary = t.type({
  paxId: t.number,
  firstName: t.string,
  lastName: t.string,
  email: t.union([t.string, t.null]),
  postalCode: t.union([t.string, t.null]),
  isAdmin: t.boolean,
  enrolledAt: t.string,
});

export const participantSearchRoutes = (deps: Deps) => [
  route({
    method: 'get',
    path: '/admin/participants',
    tag: 'Admin',
    summary: 'Find members by paxId (exact), e-mail or first/last name (prefix, any case); an empty search finds no one',
    access: 'admin',
    query: t.partial({ search: SearchText, page: PageParam, size: sizeParam(100) }),
    responses: {
      200: {
        description: 'One page of matches, ordered by last name, first name',
        schema: t.type({ items: t.array(Summary), page: t.number, size: t.number, totalElements: t.number }),
      },
      400: { description: 'Bad page, size or search' },
    },
    handler: async ({ query }) => ({
      status: 200,
      body: await searchParticipants(deps.pool, { search: query.search ?? '', page: query.page ?? 0, size: query.size ?? 20 }),
    }),
  }),
];
