import type { PointsChanged, PointsSummary } from '../../../event-schemas/contract/participants';
import { createEffect, createEvent, createStore, sample } from 'effector';
import { api } from '../lib/api';
import { sessionAuthenticated, sessionEnded } from '../session/session-events';

/** GET /participants/{paxId}/points, as the server declares it (event-schemas/contract/participants.ts). */
export type Points = PointsSummary;
export type ExpiringPoints = PointsSummary['expiring'][number];

/** Data of a live `points` message, as the server declares it. */
export type { PointsChanged };

export const pointsRequested = createEvent<number>();
export const livePointsReceived = createEvent<PointsChanged>();

export const fetchPointsFx = createEffect((paxId: number) => api.get<Points>(`/api/rest/participants/${paxId}/points`));

export const $pointsOwner = createStore<number | null>(null)
  .on(sessionAuthenticated, (_, { user }) => user.pax.paxId)
  .reset(sessionEnded);

export const $points = createStore<Points | null>(null).reset(sessionEnded);

export const $pointsLoading = fetchPointsFx.pending;

sample({ clock: sessionAuthenticated, fn: ({ user }) => user.pax.paxId, target: pointsRequested });
sample({ clock: pointsRequested, target: fetchPointsFx });

sample({
  clock: fetchPointsFx.done,
  source: $pointsOwner,
  filter: (owner, { params }) => owner === params,
  fn: (_, { result }) => result,
  target: $points,
});

// The live message carries the balance and pending figures (CONTRACT.md). When the balance falls (points spent or
// expired), what expires when is read again as of that change's position (read-your-writes), so the wallet never lists
// more expiring than the balance holds; after an award it is read again only where it is shown (below). Only the newest
// read is kept: one that finishes late is dropped.
let expiringReads = 0;
export const fetchExpiringFx = createEffect(async ({ paxId, position }: { paxId: number; position: string }) => {
  const read = ++expiringReads;
  const points = await api.get<Points>(`/api/rest/participants/${paxId}/points`, { waitForPosition: position, quiet: true });
  return { paxId, expiring: points.expiring, newest: read === expiringReads };
});

// Declared before the sample that applies the message, so `points` here is still the balance before it.
sample({
  clock: livePointsReceived,
  source: { points: $points, owner: $pointsOwner },
  filter: ({ points, owner }, change) => owner !== null && owner === change.paxId && points !== null && change.balance < points.balance,
  fn: (_, change) => ({ paxId: change.paxId, position: String(change.position) }),
  target: fetchExpiringFx,
});

/**
 * An award's lot may expire before every date listed (a promotion's 60 days against a year), so after a rise the
 * expiring list is read again too, as of that message; but only while a page shows it (the wallet says so with
 * `expiringListShown`): on /home a live award is one message and no read. Holds the position still to read as of.
 */
export const expiringListShown = createEvent<boolean>();
const $expiringShown = createStore(false)
  .on(expiringListShown, (_, shown) => shown)
  .reset(sessionEnded);
const expiringBehind = createEvent<string>();
const $expiringBehindAt = createStore<string | null>(null)
  .on(expiringBehind, (_, position) => position)
  .reset(fetchExpiringFx, sessionEnded);

sample({
  clock: livePointsReceived,
  source: { points: $points, owner: $pointsOwner },
  filter: ({ points, owner }, change) => owner !== null && owner === change.paxId && points !== null && change.balance > points.balance,
  fn: (_, change) => String(change.position),
  target: expiringBehind,
});

sample({
  clock: [expiringBehind, expiringListShown],
  source: { at: $expiringBehindAt, shown: $expiringShown, owner: $pointsOwner },
  filter: ({ at, shown, owner }) => at !== null && shown && owner !== null,
  fn: ({ at, owner }) => ({ paxId: owner!, position: at! }),
  target: fetchExpiringFx,
});

sample({
  clock: livePointsReceived,
  source: { points: $points, owner: $pointsOwner },
  filter: ({ owner }, change) => owner === change.paxId,
  fn: ({ points }, change): Points => ({
    balance: change.balance,
    pending: change.pending,
    expiring: points?.expiring ?? [],
  }),
  target: $points,
});

/** The log position of the newest live points message: lists that follow the balance read as of it. */
export const $pointsPosition = createStore<string | null>(null)
  .on(livePointsReceived, (_, change) => String(change.position))
  .reset(sessionEnded);

sample({
  clock: fetchExpiringFx.doneData,
  source: { points: $points, owner: $pointsOwner },
  filter: ({ points, owner }, read) => points !== null && read.newest && owner === read.paxId,
  fn: ({ points }, read): Points => ({ ...points!, expiring: read.expiring }),
  target: $points,
});
