import { createEffect, createStore, sample } from 'effector';
import { api } from '../lib/api';
import { sessionAuthenticated, sessionEnded } from '../session/session-events';
import type { Pax } from '../session/types';

export const fetchParticipantFx = createEffect((paxId: number) => api.get<Pax>(`/api/rest/participants/${paxId}`));

/** The full participant record, as last read from the server. */
export const $participant = createStore<Pax | null>(null)
  .on(sessionAuthenticated, (current, { user }) => (current?.paxId === user.pax.paxId ? current : user.pax))
  .on(fetchParticipantFx.done, (current, { params, result }) => (current?.paxId === params ? result : current))
  .reset(sessionEnded);

export const $participantLoading = fetchParticipantFx.pending;

sample({ clock: sessionAuthenticated, fn: ({ user }) => user.pax.paxId, target: fetchParticipantFx });
