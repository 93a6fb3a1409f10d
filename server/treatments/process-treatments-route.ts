import * as t from 'io-ts';
import { IsoDate } from '../../event-schemas/primitives';
import { dateIn } from '../../event-schemas/calendar';
import { validationProblem } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { runProcessTreatments } from './process-treatments';

export const processTreatmentsRoutes = (deps: Deps) => [
  route({
    method: 'post',
    path: '/admin/jobs/process-treatments',
    tag: 'Admin',
    summary: 'Runs now the job that otherwise runs after 11:59 pm Pacific: PENDING treatments dated on or before asOf (default today) earn their points',
    access: 'admin',
    body: t.partial({ asOf: IsoDate }),
    responses: {
      200: {
        description: 'What was processed; position: the log position after its last append (absent when it wrote nothing), for x-wait-for-position',
        schema: t.intersection([t.type({ processed: t.number, pointsAwarded: t.number }), t.partial({ position: t.string })]),
      },
      400: { description: 'asOf invalid or in the future' },
    },
    handler: async ({ body }) => {
      const today = dateIn(deps.settings.timeZone, deps.now());
      if (body.asOf !== undefined && body.asOf > today) throw validationProblem([{ path: 'body.asOf', message: `must not be after today (${today})` }]);
      return { status: 200, body: await runProcessTreatments(deps, body.asOf ?? today) };
    },
  }),
];
