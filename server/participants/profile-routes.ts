import type { ProfileCorrection } from '../../event-schemas/contract/contacts';
import type { AcceptedBody } from '../../event-schemas/contract/wire-checks';
import * as t from 'io-ts';
import { dateOfBirthProblem, US_ZIP_IN_USE_RULE } from '../../event-schemas/contract/rules';
import { isUsZipInUse } from '../postal-codes/us-zip-places';
import { dateIn } from '../../event-schemas/calendar';
import { IsoDate } from '../../event-schemas/primitives';
import { actorOf, assertCanActFor, type Caller } from '../auth/caller';
import { Name, UsPostalCode } from '../auth/enrollment-routes';
import { PaxIdParam } from '../core/http-codecs';
import { notFound, Problem, validationProblem, type FieldError } from '../core/problem';
import { route } from '../core/route';
import { auditConfigChange } from '../db/config-audit';
import type { Deps } from '../deps';

/** The audit trail's entity for a member's name, postal code and birth date (one trail per member). */
export const PROFILE_ENTITY = 'participant-profile';

const ProfileBody = t.partial({ firstName: Name, lastName: Name, postalCode: UsPostalCode, dateOfBirth: IsoDate });
/** The profile sends the contract's correction (event-schemas/contract/contacts.ts); the codec accepts it. */
export type ProfileCorrectionAccepted = AcceptedBody<typeof ProfileBody, ProfileCorrection>;
const Profile = t.type({
  paxId: t.number,
  firstName: t.string,
  lastName: t.string,
  postalCode: t.union([t.string, t.null]),
  dateOfBirth: t.union([t.string, t.null]),
});

interface ProfileRow {
  first_name: string;
  last_name: string;
  postal_code: string | null;
  date_of_birth: string | null;
}
const profileOf = (paxId: number, r: ProfileRow) => ({
  paxId,
  firstName: r.first_name,
  lastName: r.last_name,
  postalCode: r.postal_code,
  dateOfBirth: r.date_of_birth,
});

/**
 * Staff correct a birth date: it decides who the programme may serve (adults), so a member cannot move it, but a slip
 * made at enrollment must be mendable. An admin impersonating the member does it, named with them in the audit trail.
 */
const isStaffFor = (caller: Caller, paxId: number) =>
  caller.kind === 'participant' && (caller.impersonatorId !== null || (caller.isAdmin && caller.paxId !== paxId));

export const profileRoutes = (deps: Deps) => [
  route({
    method: 'put',
    path: '/participants/:paxId/profile',
    tag: 'Participants',
    summary:
      'Corrects the name and postal code (the member, or staff for them) and the date of birth (staff only: an admin impersonating the member); every change is in the audit trail with who made it',
    access: 'signed-in',
    params: t.type({ paxId: PaxIdParam }),
    body: ProfileBody,
    responses: {
      200: { description: 'The profile now', schema: Profile },
      400: { description: 'A field fails its rule (the same as at enrollment: US ZIP in use, adult, at most 120 years)' },
      403: { description: 'Another participant, or a member changing their own date of birth' },
    },
    handler: async ({ params, body, caller }) => {
      assertCanActFor(caller, params.paxId);
      if (body.dateOfBirth !== undefined && !isStaffFor(caller, params.paxId))
        throw new Problem('forbidden', 'Only the programme’s staff can correct a date of birth', [
          { path: 'body.dateOfBirth', message: 'can only be corrected by the programme’s staff: contact us' },
        ]);
      const errors: FieldError[] = [];
      if (body.postalCode !== undefined && !(await isUsZipInUse(body.postalCode))) errors.push({ path: 'body.postalCode', message: US_ZIP_IN_USE_RULE });
      const dobProblem = body.dateOfBirth === undefined ? null : dateOfBirthProblem(body.dateOfBirth, dateIn(deps.settings.timeZone, deps.now()));
      if (dobProblem) errors.push({ path: 'body.dateOfBirth', message: dobProblem });
      if (errors.length) throw validationProblem(errors);

      const db = await deps.pool.connect();
      try {
        await db.query('BEGIN');
        const read = await db.query<ProfileRow>(
          `SELECT first_name, last_name, postal_code, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth FROM participants WHERE pax_id = $1 FOR UPDATE`,
          [params.paxId],
        );
        const before = read.rows[0];
        if (!before) throw notFound(`Participant ${params.paxId}`);
        const after: ProfileRow = {
          first_name: body.firstName?.trim() ?? before.first_name,
          last_name: body.lastName?.trim() ?? before.last_name,
          postal_code: body.postalCode?.trim() ?? before.postal_code,
          date_of_birth: body.dateOfBirth ?? before.date_of_birth,
        };
        const changed = (Object.keys(after) as (keyof ProfileRow)[]).filter((k) => after[k] !== before[k]);
        if (changed.length) {
          await db.query('UPDATE participants SET first_name = $2, last_name = $3, postal_code = $4, date_of_birth = $5 WHERE pax_id = $1', [
            params.paxId,
            after.first_name,
            after.last_name,
            after.postal_code,
            after.date_of_birth,
          ]);
          const pick = (r: ProfileRow) => Object.fromEntries(changed.map((k) => [k, r[k]]));
          await auditConfigChange(db, {
            entity: PROFILE_ENTITY,
            entityId: params.paxId,
            action: 'profile-corrected',
            actor: actorOf(caller),
            before: pick(before),
            after: pick(after),
          });
        }
        await db.query('COMMIT');
        return { status: 200, body: profileOf(params.paxId, after) };
      } catch (error) {
        await db.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        db.release();
      }
    },
  }),
];
