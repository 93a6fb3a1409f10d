import * as t from 'io-ts';
import { refined } from '../../event-schemas/primitives';
import { practiceStatement, statementsOverview } from '../../projections/practice-statements/statement-query';
import { dateIn } from '../../event-schemas/calendar';
import { boundedString, NonEmptyString } from '../../event-schemas/primitives';
import { IntFromString } from '../core/http-codecs';
import { notFound, Problem } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';

const Month = refined(t.string, 'Month', 'must be a month as YYYY-MM', (s) => /^\d{4}-(0[1-9]|1[0-2])$/.test(s), { pattern: '^\\d{4}-(0[1-9]|1[0-2])$' });
const PracticeId = IntFromString('PracticeId', 'must be a practice id (a whole number above 0)', (n) => n > 0);
const StatementCodec = t.type({
  practiceId: t.number,
  month: t.string,
  treatmentsRecorded: t.number,
  treatmentsVoided: t.number,
  certificates: t.array(t.type({ category: t.string, count: t.number, value: t.number })),
  reimbursementTotal: t.number,
  items: t.array(t.type({ treatmentId: t.string, dateOfService: t.string, certificateCode: t.string, category: t.string, value: t.number, voided: t.boolean })),
  reimbursed: t.union([t.null, t.type({ amount: t.number, reference: t.string, paidAt: t.string })]),
});
const Reimbursed = t.type({ amount: t.number, reference: t.string, paidAt: t.string });
const OverviewCodec = t.type({
  month: t.string,
  ended: t.boolean,
  items: t.array(
    t.type({
      practiceId: t.number,
      name: t.string,
      treatmentsRecorded: t.number,
      treatmentsVoided: t.number,
      reimbursementTotal: t.number,
      reimbursed: t.union([t.null, Reimbursed]),
    }),
  ),
  reimbursementTotal: t.number,
});
const waits = { 200: { description: 'The statement (honours x-wait-for-position)', schema: StatementCodec } };

/** Monthly statements: what the programme owes a practice for the certificates it accepted, voids netted. */
export const practiceStatementRoutes = (deps: Deps) => [
  route({
    method: 'get',
    path: '/practice/statements',
    tag: 'Practices',
    summary: "This practice's statement for a month: treatments recorded and voided, certificates accepted by category, the reimbursement owed",
    access: 'practice',
    query: t.type({ month: Month }),
    responses: waits,
    handler: async ({ query, caller }) => {
      if (caller.kind !== 'practice') throw new Error('a practice route was reached without a practice caller');
      return { status: 200, body: await practiceStatement(deps.pool, caller.practiceId, query.month) };
    },
  }),
  route({
    method: 'get',
    path: '/admin/practices/:practiceId/statements',
    tag: 'Admin',
    summary: "Any practice's statement for a month",
    access: 'admin',
    params: t.type({ practiceId: PracticeId }),
    query: t.type({ month: Month }),
    responses: { ...waits, 404: { description: 'Unknown practice' } },
    handler: async ({ params, query }) => {
      const known = await deps.pool.query('SELECT 1 FROM practices WHERE practice_id = $1', [params.practiceId]);
      if (!known.rowCount) throw notFound(`Practice ${params.practiceId}`);
      return { status: 200, body: await practiceStatement(deps.pool, params.practiceId, query.month) };
    },
  }),
  route({
    method: 'get',
    path: '/admin/practice-statements',
    tag: 'Admin',
    summary: "Every practice's statement for a month, a line each, with what has been paid",
    access: 'admin',
    query: t.type({ month: Month }),
    responses: { 200: { description: 'The month across practices (honours x-wait-for-position)', schema: OverviewCodec } },
    handler: async ({ query }) => {
      const ended = query.month < dateIn(deps.settings.timeZone, deps.now()).slice(0, 7);
      return { status: 200, body: await statementsOverview(deps.pool, query.month, ended) };
    },
  }),
  route({
    method: 'post',
    path: '/admin/practices/:practiceId/statements/:month/reimbursement',
    tag: 'Admin',
    summary: "Record the programme's payment of a practice's statement for a month that has ended, for its total",
    access: 'admin',
    params: t.type({ practiceId: PracticeId, month: Month }),
    body: t.type({ reference: t.intersection([NonEmptyString, boundedString(100)]) }),
    responses: {
      201: { description: 'Recorded', schema: Reimbursed },
      404: { description: 'Unknown practice' },
      409: { description: 'The month has not ended, or its payment is already recorded' },
    },
    handler: async ({ params, body, caller }) => {
      if (caller.kind !== 'participant') throw new Error('an admin route was reached without an admin');
      const known = await deps.pool.query('SELECT 1 FROM practices WHERE practice_id = $1', [params.practiceId]);
      if (!known.rowCount) throw notFound(`Practice ${params.practiceId}`);
      const now = deps.now();
      if (params.month >= dateIn(deps.settings.timeZone, now).slice(0, 7))
        throw new Problem('invalid-state', `${params.month} has not ended: a statement is paid once its month is over and its figures are final`);
      // The month has ended, so its total is final: the payment is that total, recorded once.
      const { reimbursementTotal } = await practiceStatement(deps.pool, params.practiceId, params.month);
      const r = await deps.pool.query<{ paid_at: Date }>(
        `INSERT INTO practice_reimbursements (practice_id, month, amount, reference, paid_at, paid_by) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT DO NOTHING RETURNING paid_at`,
        [params.practiceId, params.month, reimbursementTotal, body.reference.trim(), now, caller.paxId],
      );
      if (!r.rowCount) throw new Problem('conflict', `The payment of practice ${params.practiceId}'s statement for ${params.month} is already recorded`);
      return { status: 201, body: { amount: reimbursementTotal, reference: body.reference.trim(), paidAt: r.rows[0].paid_at.toISOString() } };
    },
  }),
];
