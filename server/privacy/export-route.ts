import * as t from 'io-ts';
import { assertCanActFor } from '../auth/caller';
import { PaxIdParam } from '../core/http-codecs';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { assertExistsRecordingAccess } from './access-log';
import { memberExport } from './member-export';

export const exportRoutes = (deps: Deps) => [
  route({
    method: 'get',
    path: '/participants/:paxId/export',
    tag: 'Participants',
    summary:
      'Everything held about the member as one JSON document (the right to know): profile, contacts, ledger entries with their causes, certificates, ' +
      "treatments, surveys, referrals, gifts, sessions and who looked. The member, or an admin (the admin's export is recorded in the access log)",
    access: 'signed-in',
    params: t.type({ paxId: PaxIdParam }),
    responses: {
      200: { description: 'The export document (also offered as a download: Content-Disposition attachment)' },
      401: { description: 'Anonymous' },
      403: { description: 'Another participant' },
      404: { description: 'Unknown participant' },
    },
    handler: async ({ params, caller }) => {
      assertCanActFor(caller, params.paxId);
      const at = deps.now();
      // Recorded before it is read, so a staff export lists itself in its own access log.
      await assertExistsRecordingAccess(deps.pool, { caller, paxId: params.paxId, action: 'export', at });
      const body = await memberExport({ pool: deps.pool, store: deps.store, timeZone: deps.settings.timeZone, now: at }, params.paxId);
      return { status: 200, body, headers: { 'content-disposition': `attachment; filename="rewards-data-${params.paxId}.json"` } };
    },
  }),
];
