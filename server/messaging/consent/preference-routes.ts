import type { MessagePreferences, UnsubscribeStatus } from '../../../event-schemas/contract/contacts';
import type { AcceptedBody } from '../../../event-schemas/contract/wire-checks';
import * as t from 'io-ts';
import { memberStream } from '../../../event-schemas';
import { formatPosition } from '../../../event-schemas/store/position';
import { readMessagePreferences } from '../../../projections/message-preferences/preferences-query';
import { actorOf, assertCanActFor } from '../../auth/caller';
import { handleCommand } from '../../core/command-handler';
import { PaxIdParam } from '../../core/http-codecs';
import { validationProblem } from '../../core/problem';
import { route } from '../../core/route';
import type { Deps } from '../../deps';
import { correlationId } from '../../operations/request-context';
import { changePreferences, type ChangePreferences } from './change-preferences';
import { memberOfToken, signingKey } from './unsubscribe-token';
import { assertCanReadFor } from '../../privacy/access-log';

const Preferences = t.type({ emailMarketing: t.boolean, smsMarketing: t.boolean });
const Changed = t.intersection([Preferences, t.partial({ position: t.string })]);
/** The profile sends the contract's preferences; the codec accepts them. */
export type PreferencesAccepted = AcceptedBody<typeof Preferences, MessagePreferences>;
const TokenQuery = t.type({ token: t.string });

export const preferenceRoutes = (deps: Deps) => {
  const change = async (c: ChangePreferences, actor: ReturnType<typeof actorOf>) => {
    const result = await handleCommand(deps.store, changePreferences, memberStream(c.paxId), c, { actor, correlationId: correlationId(), now: deps.now() });
    return {
      status: 200,
      body: { ...result.state, ...(result.position ? { position: formatPosition(result.position) } : {}) } satisfies MessagePreferences,
      headers: result.position ? { 'x-position': formatPosition(result.position) } : undefined,
    };
  };
  const memberOf = async (token: string) => {
    const paxId = memberOfToken(await signingKey(deps.pool), token);
    if (paxId === null) throw validationProblem([{ path: 'query.token', message: 'is not an unsubscribe link of this programme (mistyped or cut short?)' }]);
    return paxId;
  };
  return [
    route({
      method: 'get',
      path: '/participants/:paxId/message-preferences',
      tag: 'Participants',
      summary: 'The member’s consent to marketing e-mails (on until they opt out) and texts (off until they opt in)',
      access: 'signed-in',
      params: t.type({ paxId: PaxIdParam }),
      responses: { 200: { description: 'Preferences', schema: Preferences } },
      handler: async ({ params, caller }) => {
        await assertCanReadFor(deps.pool, { caller, paxId: params.paxId, action: 'message-preferences', at: deps.now() });
        return { status: 200, body: await readMessagePreferences(deps.pool, params.paxId) };
      },
    }),
    route({
      method: 'put',
      path: '/participants/:paxId/message-preferences',
      tag: 'Participants',
      summary: 'Changes the member’s marketing consent; each change is a MessagePreferencesChanged event in their history',
      access: 'signed-in',
      params: t.type({ paxId: PaxIdParam }),
      body: Preferences,
      responses: { 200: { description: 'The preferences now, and the log position of the change', schema: Changed } },
      handler: async ({ params, body, caller }) => {
        assertCanActFor(caller, params.paxId);
        return change({ paxId: params.paxId, ...body, via: 'profile' }, actorOf(caller));
      },
    }),
    route({
      method: 'get',
      path: '/messages/unsubscribe',
      tag: 'Messages',
      summary: 'Whether the member of a signed unsubscribe link still receives marketing e-mails (no sign-in; names no one)',
      access: 'public',
      query: TokenQuery,
      responses: { 200: { description: 'Their e-mail consent', schema: t.type({ emailMarketing: t.boolean }) }, 400: { description: 'Not a valid link' } },
      handler: async ({ query }) => {
        const paxId = await memberOf(query.token);
        return { status: 200, body: { emailMarketing: (await readMessagePreferences(deps.pool, paxId)).emailMarketing } satisfies UnsubscribeStatus };
      },
    }),
    route({
      method: 'post',
      path: '/messages/unsubscribe',
      tag: 'Messages',
      summary:
        'Stops marketing e-mails for the member of a signed link, without sign-in: the one-click List-Unsubscribe-Post of mail clients (form-encoded) and the unsubscribe page',
      access: 'public',
      query: TokenQuery,
      responses: { 200: { description: 'The preferences now', schema: Changed }, 400: { description: 'Not a valid link' } },
      handler: async ({ query, req }) => {
        const paxId = await memberOf(query.token);
        const oneClick = req.is('application/x-www-form-urlencoded') || req.is('multipart/form-data');
        // The signed link speaks for the member it was made for; `via` tells support which way it came.
        return change({ paxId, emailMarketing: false, via: oneClick ? 'one-click' : 'email-link' }, { kind: 'participant', paxId });
      },
    }),
  ];
};
