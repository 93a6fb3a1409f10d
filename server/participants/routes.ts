import { memberCodeKey, memberCodeOf } from '../practices/member-code';
import type { Participant, ParticipantEmail, ParticipantPhone } from '../../event-schemas/contract/participants';
import * as t from 'io-ts';
import { assertCanActFor, type Caller } from '../auth/caller';
import { PaxIdParam } from '../core/http-codecs';
import { notFound } from '../core/problem';
import { route } from '../core/route';
import { assertExistsRecordingAccess, memberErased, recordingAccess, type AccessAction } from '../privacy/access-log';
import type { Deps } from '../deps';
import { dateIn } from '../../event-schemas/calendar';

const Participant = t.type({
  paxId: t.number,
  firstName: t.string,
  lastName: t.string,
  postalCode: t.union([t.string, t.null]),
  dateOfBirth: t.union([t.string, t.null]),
  refCode: t.union([t.string, t.null]),
  isAdmin: t.boolean,
  memberCode: t.string,
  enrolledOn: t.string,
});
const Flag = t.keyof({ Y: null, N: null });

/** An admin may ask about any id; an unknown one is 404 (CONTRACT.md), not an empty list. Staff's reads are recorded as they ask. */
const assertExists = (deps: Deps, caller: Caller, paxId: number, action: AccessAction) =>
  assertExistsRecordingAccess(deps.pool, { caller, paxId, action, at: deps.now() });

export const participantRoutes = (deps: Deps) => [
  route({
    method: 'get',
    path: '/participants/:paxId',
    tag: 'Participants',
    summary: 'A participant (self, an admin, or an admin impersonating them)',
    access: 'signed-in',
    params: t.type({ paxId: PaxIdParam }),
    responses: {
      200: { description: 'The participant', schema: Participant },
      403: { description: 'Another participant' },
      404: { description: 'Unknown' },
      410: { description: 'Erased' },
    },
    handler: async ({ params, caller }) => {
      assertCanActFor(caller, params.paxId);
      // A staff read is recorded by this same statement (server/privacy/access-log.ts).
      const read = recordingAccess(
        {
          text: `SELECT pax_id, first_name, last_name, postal_code, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, ref_code, is_admin, erased_at, created_at FROM participants WHERE pax_id = $1`,
          values: [params.paxId],
        },
        { caller, paxId: params.paxId, action: 'participant-record', at: deps.now() },
      );
      const r = await deps.pool.query<{
        pax_id: string;
        first_name: string;
        last_name: string;
        postal_code: string | null;
        date_of_birth: string | null;
        ref_code: string | null;
        is_admin: boolean;
        erased_at: Date | null;
        created_at: Date;
      }>(read.text, read.values);
      const p = r.rows[0];
      if (!p) throw notFound(`Participant ${params.paxId}`);
      if (p.erased_at) throw memberErased(params.paxId, p.erased_at);
      return {
        status: 200,
        body: {
          paxId: Number(p.pax_id),
          firstName: p.first_name,
          lastName: p.last_name,
          postalCode: p.postal_code,
          dateOfBirth: p.date_of_birth,
          refCode: p.ref_code,
          isAdmin: p.is_admin,
          memberCode: memberCodeOf(await memberCodeKey(deps.pool), Number(p.pax_id)),
          enrolledOn: dateIn(deps.settings.timeZone, p.created_at),
        } satisfies Participant,
      };
    },
  }),
  route({
    method: 'get',
    path: '/participants/:paxId/emails',
    tag: 'Participants',
    summary: "A participant's e-mail addresses with the preferred flag",
    access: 'signed-in',
    params: t.type({ paxId: PaxIdParam }),
    responses: {
      200: { description: 'E-mails', schema: t.array(t.type({ emailAddress: t.string, preferred: Flag })) },
      403: { description: 'Another participant' },
      404: { description: 'Unknown' },
    },
    handler: async ({ params, caller }) => {
      assertCanActFor(caller, params.paxId);
      await assertExists(deps, caller, params.paxId, 'emails');
      const r = await deps.pool.query<{ email_address: string; preferred: 'Y' | 'N' }>(
        'SELECT email_address, preferred FROM participant_emails WHERE pax_id = $1 ORDER BY id',
        [params.paxId],
      );
      return { status: 200, body: r.rows.map((e): ParticipantEmail => ({ emailAddress: e.email_address, preferred: e.preferred })) };
    },
  }),
  route({
    method: 'get',
    path: '/participants/:paxId/phones',
    tag: 'Participants',
    summary: "A participant's phone numbers with the preferred flag",
    access: 'signed-in',
    params: t.type({ paxId: PaxIdParam }),
    responses: {
      200: { description: 'Phones', schema: t.array(t.type({ phone: t.string, preferred: Flag })) },
      403: { description: 'Another participant' },
      404: { description: 'Unknown' },
    },
    handler: async ({ params, caller }) => {
      assertCanActFor(caller, params.paxId);
      await assertExists(deps, caller, params.paxId, 'phones');
      const r = await deps.pool.query<{ phone: string; preferred: 'Y' | 'N' }>(
        'SELECT phone, preferred FROM participant_phones WHERE pax_id = $1 ORDER BY id',
        [params.paxId],
      );
      return { status: 200, body: r.rows.map((p): ParticipantPhone => ({ phone: p.phone, preferred: p.preferred })) };
    },
  }),
];
