import type { CertificatePage } from '../../event-schemas/contract/certificates';
import { dateIn } from '../../event-schemas/calendar';
import { correlationId } from '../operations/request-context';
import * as t from 'io-ts';
import { certificateStream } from '../../event-schemas';
import { Uuid } from '../../event-schemas/primitives';
import { certificateItem } from '../../projections/certificates/certificate-item';
import { listCertificates, SORT_COLUMNS, type SortField } from '../../projections/certificates/certificates-query';
import { actorOf, type SignedIn } from '../auth/caller';
import { handleCommand } from '../core/command-handler';
import { PageParam, PaxRefParam, sizeParam } from '../core/http-codecs';
import { forbidden } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { formatPosition } from '../../event-schemas/store/position';
import { ChangeCertificateBody, changeCertificateStatus } from './change-certificate-status';
import { activationDates } from './activation-dates';
import { assertCanReadFor } from '../privacy/access-log';

const SORT_RULE = `must be a field (${Object.keys(SORT_COLUMNS).join(', ')}) optionally followed by asc or desc, e.g. "expirationDate desc"`;

/** `expirationDate desc`, `amount,asc` (Spring style) or just `amount` (ascending). */
const SortParam = Object.assign(
  new t.Type<{ field: SortField; direction: 'asc' | 'desc' }, string, unknown>(
    'Sort',
    (u): u is { field: SortField; direction: 'asc' | 'desc' } => typeof u === 'object' && u !== null && 'field' in u,
    (u, c) => {
      const m = typeof u === 'string' ? /^\s*(\w+)(?:[\s,]+(asc|desc))?\s*$/i.exec(u) : null;
      if (!m || !(m[1] in SORT_COLUMNS)) return t.failure(u, c, SORT_RULE);
      return t.success({ field: m[1] as SortField, direction: (m[2]?.toLowerCase() ?? 'asc') as 'asc' | 'desc' });
    },
    (s) => `${s.field} ${s.direction}`,
  ),
  { jsonSchema: { type: 'string', description: SORT_RULE, default: 'expirationDate desc' } },
);

const CertificateItemOut = t.type({
  id: t.string,
  status: t.string,
  displayStatus: t.string,
  expirationDate: t.string,
  certificateCategoryType: t.union([t.string, t.null]),
  summaryDisplay: t.string,
  amount: t.number,
  name: t.string,
  code: t.string,
  purchasePrice: t.number,
  displayCategory: t.string,
  cardArtId: t.union([t.string, t.null]),
  /** The first day it may be redeemed, when its category shows it (showActivationDate); else null. */
  activationDate: t.union([t.string, t.null]),
});

export const certificateRoutes = (deps: Deps) => [
  route({
    method: 'get',
    path: '/participants/:paxId/certificates',
    tag: 'Certificates',
    summary: "A member's certificates, paged and sorted; `~` as paxId means the caller",
    access: 'signed-in',
    params: t.type({ paxId: PaxRefParam }),
    query: t.partial({ page: PageParam, size: sizeParam(100), sort: SortParam, displayCategory: t.string }),
    responses: {
      200: { description: 'One page', schema: t.type({ items: t.array(CertificateItemOut), page: t.number, size: t.number, totalElements: t.number }) },
      400: { description: 'Bad page, size or sort' },
      403: { description: 'Another participant' },
    },
    handler: async ({ params, query, caller }) => {
      const paxId = params.paxId === '~' ? (caller as SignedIn).paxId : params.paxId;
      await assertCanReadFor(deps.pool, { caller, paxId: paxId, action: 'certificates', at: deps.now() });
      const page = await listCertificates(deps.pool, paxId, {
        page: query.page ?? 0,
        size: query.size ?? 100,
        sort: query.sort ?? { field: 'expirationDate', direction: 'desc' },
        displayCategory: query.displayCategory,
      });
      const activation = await activationDates(
        deps.pool,
        page.items.map((c) => c.id),
        deps.settings.timeZone,
      );
      return {
        status: 200,
        body: { ...page, items: page.items.map((c) => ({ ...c, activationDate: activation.get(c.id) ?? null })) } satisfies CertificatePage,
      };
    },
  }),
  route({
    method: 'put',
    path: '/certificates/:id',
    tag: 'Certificates',
    summary: "An impersonating admin changes the owner's ACTIVE or EXPIRED certificate's status and, optionally, its expiration date",
    access: 'signed-in',
    params: t.type({ id: Uuid }),
    body: ChangeCertificateBody,
    responses: {
      200: { description: 'The certificate as it now is', schema: t.intersection([CertificateItemOut, t.partial({ position: t.string })]) },
      400: { description: 'Invalid status or date; an ACTIVE certificate expires today or later; REFUND and CHARGEBACK only for purchased certificates' },
      403: { description: 'Not an admin impersonating the owner' },
      404: { description: 'Unknown certificate' },
      409: { description: 'The certificate is not ACTIVE or EXPIRED' },
    },
    handler: async ({ params, body, caller }) => {
      const session = caller as SignedIn;
      if (session.impersonatorId === null) throw forbidden('Only an admin impersonating the owner may edit a certificate');
      const now = deps.now();
      const result = await handleCommand(
        deps.store,
        changeCertificateStatus,
        certificateStream(params.id),
        {
          status: body.status,
          expirationDate: body.expirationDate ?? null,
          adminId: session.impersonatorId,
          actingForPaxId: session.paxId,
          today: dateIn(deps.settings.timeZone, now),
        },
        { actor: actorOf(caller), correlationId: correlationId(), now },
      );
      const s = result.state;
      if (s.kind !== 'issued') throw new Error('a decided certificate change left no certificate');
      const item = certificateItem({ ...s, gift: s.gift ? { ...s.gift, claimed: s.claimed } : undefined });
      return { status: 200, body: result.position ? { ...item, position: formatPosition(result.position) } : item };
    },
  }),
];
