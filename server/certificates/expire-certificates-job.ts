import { correlationId } from '../operations/request-context';
import * as t from 'io-ts';
import { certificateStream, type Actor } from '../../event-schemas';
import { IsoDate } from '../../event-schemas/primitives';
import { certificatesToExpire } from '../../projections/certificates/certificates-query';
import { dateIn } from '../../event-schemas/calendar';
import { handleCommand } from '../core/command-handler';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { formatPosition } from '../../event-schemas/store/position';
import { asOfDate } from '../points/expire-points-job';
import { expireCertificate } from './expire-certificate';

const ACTOR: Actor = { kind: 'system', job: 'certificate-expiry' };

/** Expires ACTIVE certificates past their date, one certificate stream per append so no write transaction runs long. */
export async function runCertificateExpiry(
  deps: Pick<Deps, 'pool' | 'store' | 'now'>,
  today: string,
): Promise<{ certificatesExpired: number; position?: string }> {
  let certificatesExpired = 0;
  let position: string | undefined;
  for (const id of await certificatesToExpire(deps.pool, today)) {
    const r = await handleCommand(
      deps.store,
      expireCertificate,
      certificateStream(id),
      { today },
      { actor: ACTOR, correlationId: correlationId(), now: deps.now() },
    );
    certificatesExpired += r.appended.length;
    if (r.position) position = formatPosition(r.position);
  }
  return { certificatesExpired, ...(position ? { position } : {}) };
}

export const certificateExpiryRoutes = (deps: Deps) => [
  route({
    method: 'post',
    path: '/admin/jobs/expire-certificates',
    tag: 'Admin',
    summary: 'Runs the certificate expiry now: ACTIVE certificates whose expiration date is before asOf (default today) become EXPIRED',
    access: 'admin',
    body: t.partial({ asOf: IsoDate }),
    responses: {
      200: { description: 'How many expired', schema: t.intersection([t.type({ certificatesExpired: t.number }), t.partial({ position: t.string })]) },
      400: { description: 'asOf invalid or in the future' },
    },
    handler: async ({ body }) => {
      const today = asOfDate(body.asOf, dateIn(deps.settings.timeZone, deps.now()));
      return { status: 200, body: await runCertificateExpiry(deps, today) };
    },
  }),
];
