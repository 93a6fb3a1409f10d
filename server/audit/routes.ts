import * as t from 'io-ts';
import type { Timeline } from '../../event-schemas/contract/participants';
import {
  certificateStream,
  decodeStreamEvent,
  memberStream,
  promotionStream,
  type DecodedEvent,
  type DomainEvent,
  type MemberEvent,
} from '../../event-schemas';
import { Uuid } from '../../event-schemas/primitives';
import { DateParam, PaxIdParam } from '../core/http-codecs';
import { notFound, validationProblem } from '../core/problem';
import { dateIn } from '../../event-schemas/calendar';
import { route } from '../core/route';
import { assertExistsRecordingAccess, recordAccess } from '../privacy/access-log';
import type { Deps } from '../deps';
import type { StoredEvent } from '../../event-schemas/store/event-store';
import { auditEntry, memberTimeline, type HistoryEvent } from './timeline';
import { memberCertificateChanges } from './member-certificate-changes';
import { memberRecordChanges } from './member-record-changes';
import { actorNamesFor, withActorNames } from './people-names';
import { formatPosition } from '../../event-schemas/store/position';

const decoded = <E extends DomainEvent = DomainEvent>(s: StoredEvent): HistoryEvent<E> & DecodedEvent<E> => ({
  ...decodeStreamEvent<E>(s.streamName, s.type, s.data, s.metadata),
  position: s.position,
});

const ActorNamesSchema = t.type({ admin: t.union([t.string, t.null]), member: t.union([t.string, t.null]) });
const Entry = t.type({ type: t.string, data: t.unknown, actor: t.unknown, occurredAt: t.string, position: t.string });
/** A stream history's entry (event-schemas/contract/audit-entries.ts): with the people its actor names. */
const NamedEntry = t.intersection([Entry, t.type({ actorNames: ActorNamesSchema })]);
/** Support's words for a timeline entry: the people its actor names, and the certificate a certificate change is about. */
const TimelineExtras = t.partial({
  actorNames: ActorNamesSchema,
  certificate: t.type({ code: t.string, name: t.string }),
});

/** Both answers are read from the event streams themselves, never from a second log that could disagree. */
export const auditRoutes = (deps: Deps) => [
  route({
    method: 'get',
    path: '/admin/audit/certificates/:id',
    tag: 'Admin',
    summary: "A certificate's full history, oldest first: the redemption that bought it, its issue and every status change",
    access: 'admin',
    params: t.type({ id: Uuid }),
    responses: { 200: { description: 'History', schema: t.array(NamedEntry) }, 404: { description: 'Unknown certificate' } },
    handler: async ({ params, caller }) => {
      const own = (await deps.store.readStream(certificateStream(params.id))).map(decoded);
      const first = own[0]?.event;
      if (!first) throw notFound(`Certificate ${params.id}`);
      // A certificate's history is its owner's (what they redeemed, were given, used on which treatment): a staff read of it.
      if (first.type === 'CertificateIssued') await recordAccess(deps.pool, { caller, paxId: first.data.paxId, action: 'certificate-history', at: deps.now() });
      const origin =
        first.type === 'CertificateIssued'
          ? (await deps.store.readStream(memberStream(first.data.paxId)))
              .filter((s) => s.type === 'PointsRedeemed')
              .map(decoded)
              .filter((h) => h.event.type === 'PointsRedeemed' && h.event.data.certificateId === params.id)
          : [];
      return { status: 200, body: await withActorNames(deps.pool, [...origin, ...own].map(auditEntry)) };
    },
  }),
  route({
    method: 'get',
    path: '/admin/audit/promotions/:id',
    tag: 'Admin',
    summary: "A promotion's full history, oldest first: its creation and every status change, with who did it",
    access: 'admin',
    params: t.type({ id: Uuid }),
    responses: { 200: { description: 'History', schema: t.array(NamedEntry) }, 404: { description: 'Unknown promotion' } },
    handler: async ({ params }) => {
      const history = (await deps.store.readStream(promotionStream(params.id))).map(decoded);
      if (history.length === 0) throw notFound(`Promotion ${params.id}`);
      return { status: 200, body: await withActorNames(deps.pool, history.map(auditEntry)) };
    },
  }),
  route({
    method: 'get',
    path: '/admin/participants/:paxId/timeline',
    tag: 'Admin',
    summary:
      "Support replay: a member's events with the balance after each, and the changes to their record (contacts, profile; position audit-{id}, placed by time); with asOf, only up to the end of that programme date",
    access: 'admin',
    params: t.type({ paxId: PaxIdParam }),
    query: t.partial({ asOf: DateParam }),
    responses: {
      200: {
        description: 'Timeline; with asOf, asOfEndsAt is the last instant of that programme date',
        schema: t.intersection([
          t.type({ balanceAsOf: t.number, events: t.array(t.intersection([Entry, t.type({ balanceAfter: t.number }), TimelineExtras])) }),
          t.partial({ asOfEndsAt: t.string }),
        ]),
      },
      400: { description: 'asOf is not a date, or is after today' },
      404: { description: 'Unknown participant' },
    },
    handler: async ({ params, query, caller }) => {
      // A balance "as of" a day that has not happened yet would be today's balance passed off as a forecast.
      if (query.asOf !== undefined && query.asOf > dateIn(deps.settings.timeZone, deps.now()))
        throw validationProblem([{ path: 'query.asOf', message: 'must be today or earlier (the replay shows what has happened)' }]);
      const action = query.asOf === undefined ? 'support-timeline' : 'support-replay';
      // An erased member's ledger stays readable: every entry with its amount and cause, the person shown as erased.
      await assertExistsRecordingAccess(deps.pool, { caller, paxId: params.paxId, action, at: deps.now() }, { erasedToo: true });
      const history = (await deps.store.readStream(memberStream(params.paxId))).map((s) => decoded<MemberEvent>(s));
      const certificateChanges = await memberCertificateChanges(deps, params.paxId, history);
      const recordChanges = await memberRecordChanges(deps.pool, params.paxId);
      const timeline = memberTimeline(history, deps.settings.timeZone, query.asOf, certificateChanges, recordChanges);
      const certificateAt = new Map(certificateChanges.map((c) => [formatPosition(c.position), c.certificate]));
      const namesOf = await actorNamesFor(
        deps.pool,
        timeline.events.map((e) => e.actor),
      );
      const events = timeline.events.map((e) => {
        const certificate = certificateAt.get(e.position);
        return { ...e, actorNames: namesOf(e.actor), ...(certificate ? { certificate } : {}) };
      });
      return { status: 200, body: { ...timeline, events } satisfies Timeline };
    },
  }),
];
