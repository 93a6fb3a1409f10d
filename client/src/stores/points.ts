import { createEffect, createEvent, createStore, sample } from 'effector';
import { api } from '../lib/api';
import { sessionAuthenticated, sessionEnded } from '../session/session-events';

export interface ExpiringPoints {
  amount: number;
  expirationDate: string;
}

export interface Points {
  balance: number;
  pending: number;
  expiring: ExpiringPoints[];
}

/** Data of a live `points` message. */
export interface PointsChanged {
  paxId: number;
  balance: number;
  pending: number;
  position: string | number;
}

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
