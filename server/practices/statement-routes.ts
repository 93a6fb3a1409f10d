import * as t from 'io-ts';
import { refined } from '../../event-schemas/primitives';
import { practiceStatement } from '../../projections/practice-statements/statement-query';
import { IntFromString } from '../core/http-codecs';
import { notFound } from '../core/problem';
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
];
