import * as t from 'io-ts';
import { boundedString, refined } from '../../event-schemas/primitives';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { enqueueBroadcast } from './broadcast';

const BroadcastKey = refined(t.string, 'BroadcastKey', 'must be 1 to 60 lowercase letters, digits and dashes', (s) => /^[a-z0-9-]{1,60}$/.test(s), {
  pattern: '^[a-z0-9-]{1,60}$',
});

export const broadcastRoutes = (deps: Deps) => [
  route({
    method: 'post',
    path: '/admin/messages/broadcasts',
    tag: 'Admin',
    summary:
      'Writes a campaign e-mail to every member who has not opted out of marketing, in chunks of 1,000 members each committed on its own; running the same key again writes only what is missing',
    access: 'admin',
    body: t.type({ key: BroadcastKey, subject: boundedString(200), body: boundedString(10_000) }),
    responses: {
      200: { description: 'Members looked at, e-mails written', schema: t.type({ key: t.string, members: t.number, written: t.number }) },
    },
    handler: async ({ body }) => {
      const progress = await enqueueBroadcast(deps.pool, deps.settings, body);
      deps.outbox.wake();
      return { status: 200, body: { key: body.key, ...progress } };
    },
  }),
];
