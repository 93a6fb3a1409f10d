import * as t from 'io-ts';
import { boundedString, NonEmptyString, Uuid } from '../../event-schemas/primitives';
import { formatPosition } from '../../event-schemas/store/position';
import { actorOf, type Caller } from '../auth/caller';
import { DateParam, PageParam, sizeParam } from '../core/http-codecs';
import { notFound, validationProblem } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { correlationId } from '../operations/request-context';
import { RecordTreatmentBody } from '../treatments/record-treatment';
import { reportTreatment } from '../treatments/treatment-routes';
import { voidTreatment, type VoidOutcome } from '../treatments/void-treatment';

const practiceOf = (caller: Caller): number => {
  if (caller.kind !== 'practice') throw new Error('a practice route was reached without a practice caller');
  return caller.practiceId;
};

/** Why a treatment is voided: required, and bounded like the programme's other free text. */
const VoidBody = t.type({ reason: t.intersection([NonEmptyString, boundedString(200)]) });

const Recorded = t.type({ treatmentId: t.string, status: t.string, expectedPoints: t.number, position: t.string });
const Voided = t.type({
  treatmentId: t.string,
  status: t.literal('VOIDED'),
  pointsReversed: t.number,
  certificatesReinstated: t.array(t.string),
  certificatesRevoked: t.array(t.string),
  certificatesOwed: t.array(t.type({ code: t.string, amount: t.number })),
  position: t.string,
});
const TreatmentItem = t.type({
  treatmentId: t.string,
  externalId: t.string,
  paxId: t.number,
  dateOfService: t.string,
  status: t.string,
  expectedPoints: t.number,
  pointsAwarded: t.union([t.number, t.null]),
  pointsReversed: t.union([t.number, t.null]),
  redeemedCertificateCodes: t.array(t.string),
});

type TreatmentRow = {
  treatment_id: string;
  external_id: string;
  pax_id: string;
  date_of_service: string;
  status: string;
  expected_points: number;
  points_awarded: number | null;
  points_reversed: number | null;
  redeemed_codes: string[];
};
const TREATMENT_COLUMNS = `treatment_id, external_id, pax_id, to_char(date_of_service, 'YYYY-MM-DD') AS date_of_service, status, expected_points, points_awarded,
  points_reversed, redeemed_codes`;
const treatmentItem = (row: TreatmentRow) => ({
  treatmentId: row.treatment_id,
  externalId: row.external_id,
  paxId: Number(row.pax_id),
  dateOfService: row.date_of_service,
  status: row.status,
  expectedPoints: row.expected_points,
  pointsAwarded: row.points_awarded,
  pointsReversed: row.points_reversed,
  redeemedCertificateCodes: row.redeemed_codes,
});

/** One treatment, as a statement's line drills down to it: the practice's own (another's is unknown to it), or any for an admin. */
const oneTreatment = (deps: Deps, access: 'practice' | 'admin') =>
  route({
    method: 'get',
    path: access === 'practice' ? '/practice/treatments/:id' : '/admin/treatments/:id',
    tag: access === 'practice' ? 'Practices' : 'Admin',
    summary: access === 'practice' ? 'One of this practice’s treatments' : 'Any treatment, as a practice statement’s line names it',
    access,
    params: t.type({ id: Uuid }),
    responses: { 200: { description: 'The treatment (honours x-wait-for-position)', schema: TreatmentItem }, 404: { description: 'Unknown treatment' } },
    handler: async ({ params, caller }) => {
      const r = await deps.pool.query<TreatmentRow>(
        `SELECT ${TREATMENT_COLUMNS} FROM rm_treatments WHERE treatment_id = $1 AND ($2::bigint IS NULL OR practice_id = $2)`,
        [params.id, access === 'practice' ? practiceOf(caller) : null],
      );
      if (!r.rowCount) throw notFound(`Treatment ${params.id}`);
      return { status: 200, body: treatmentItem(r.rows[0]) };
    },
  });

const voidAnswer = (o: VoidOutcome) => ({
  treatmentId: o.treatmentId,
  status: o.status,
  pointsReversed: o.pointsReversed,
  certificatesReinstated: o.certificatesReinstated,
  certificatesRevoked: o.certificatesRevoked,
  certificatesOwed: o.certificatesOwed,
  position: o.position ? formatPosition(o.position) : '',
});

const voidResponses = {
  200: { description: 'Voided: what was reversed and the certificates given back', schema: Voided },
  404: { description: 'Unknown treatment (or, for a practice, another practice’s)' },
  409: { description: 'already-voided; or, for a practice, void-window-closed (more than 30 days after its date of service)' },
};

/**
 * The practice's own treatments: record one (as POST /treatments does, with what it will earn and the position
 * written), list them, void one. The practice is the caller's (its API key), never a field of the request.
 */
export const practiceTreatmentRoutes = (deps: Deps) => [
  route({
    method: 'post',
    path: '/practice/treatments',
    tag: 'Practices',
    summary: 'Record a treatment for this practice; idempotent by externalId (the same again answers 200 with the same treatmentId)',
    access: 'practice',
    body: RecordTreatmentBody,
    responses: {
      202: { description: 'Recorded', schema: Recorded },
      200: { description: 'Already recorded with this externalId', schema: Recorded },
      409: { description: 'A redeemed certificate was already used (the error names body.redeemedCertificateCodes.{i})' },
    },
    handler: async ({ body, caller }) => {
      if (body.practiceId !== undefined) throw validationProblem([{ path: 'body.practiceId', message: 'is set by the practice you act for; leave it out' }]);
      const r = await reportTreatment(deps, body, caller);
      const answer = { treatmentId: r.treatmentId, status: r.status, expectedPoints: r.expectedPoints, position: r.position ? formatPosition(r.position) : '' };
      return { status: r.recorded ? 202 : 200, body: answer, headers: r.position ? { 'x-position': answer.position } : undefined };
    },
  }),
  route({
    method: 'get',
    path: '/practice/treatments',
    tag: 'Practices',
    summary: "This practice's treatments by date of service, newest first",
    access: 'practice',
    query: t.partial({ from: DateParam, to: DateParam, page: PageParam, size: sizeParam(100) }),
    responses: { 200: { description: 'One page', schema: t.type({ items: t.array(TreatmentItem), page: t.number, size: t.number, totalElements: t.number }) } },
    handler: async ({ query, caller }) => {
      if (query.from && query.to && query.from > query.to) throw validationProblem([{ path: 'query.from', message: 'must not be after to' }]);
      const page = query.page ?? 0;
      const size = query.size ?? 20;
      const r = await deps.pool.query<TreatmentRow & { total: string }>(
        `SELECT ${TREATMENT_COLUMNS}, count(*) OVER () AS total
           FROM rm_treatments
          WHERE practice_id = $1 AND ($2::date IS NULL OR date_of_service >= $2) AND ($3::date IS NULL OR date_of_service <= $3)
          ORDER BY date_of_service DESC, recorded_at DESC, treatment_id LIMIT $4 OFFSET $5`,
        [practiceOf(caller), query.from ?? null, query.to ?? null, size, page * size],
      );
      return {
        status: 200,
        body: {
          items: r.rows.map(treatmentItem),
          page,
          size,
          totalElements: Number(r.rows[0]?.total ?? 0),
        },
      };
    },
  }),
  route({
    method: 'post',
    path: '/practice/treatments/:id/void',
    tag: 'Practices',
    summary: 'Void one of this practice’s treatments (recorded in error or refunded), up to 30 days after its date of service',
    access: 'practice',
    params: t.type({ id: Uuid }),
    body: VoidBody,
    responses: voidResponses,
    handler: async ({ params, body, caller }) => {
      const outcome = await voidTreatment(
        deps,
        { treatmentId: params.id, reason: body.reason, practiceId: practiceOf(caller) },
        { actor: actorOf(caller), correlationId: correlationId(), now: deps.now() },
      );
      return { status: 200, body: voidAnswer(outcome) };
    },
  }),
  route({
    method: 'post',
    path: '/admin/treatments/:id/void',
    tag: 'Admin',
    summary: 'Void any treatment at any time: its points are taken back and its certificates given back',
    access: 'admin',
    params: t.type({ id: Uuid }),
    body: VoidBody,
    responses: voidResponses,
    handler: async ({ params, body, caller }) => {
      const outcome = await voidTreatment(
        deps,
        { treatmentId: params.id, reason: body.reason },
        { actor: actorOf(caller), correlationId: correlationId(), now: deps.now() },
      );
      return { status: 200, body: voidAnswer(outcome) };
    },
  }),
  oneTreatment(deps, 'practice'),
  oneTreatment(deps, 'admin'),
];
