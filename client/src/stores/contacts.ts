import type { ParticipantEmail, ParticipantPhone } from '../../../event-schemas/contract/participants';
import { createEffect, createStore, sample } from 'effector';
import { api } from '../lib/api';
import { sessionAuthenticated, sessionEnded } from '../session/session-events';

/** GET /participants/{paxId}/phones and /emails, as the server declares them (event-schemas/contract/participants.ts). */
export type Phone = ParticipantPhone;
export type Email = ParticipantEmail;

/** The one flagged preferred 'Y', otherwise the first; null for an empty list. */
export const preferredOf = <T extends { preferred: string }>(items: readonly T[]): T | null => items.find((i) => i.preferred === 'Y') ?? items[0] ?? null;

export const fetchContactsFx = createEffect(async (paxId: number) => {
  const [phones, emails] = await Promise.all([
    api.get<Phone[]>(`/api/rest/participants/${paxId}/phones`),
    api.get<Email[]>(`/api/rest/participants/${paxId}/emails`),
  ]);
  return { phones, emails };
});

export const $contacts = createStore<{ phones: Phone[]; emails: Email[] } | null>(null)
  .on(fetchContactsFx.doneData, (_, contacts) => contacts)
  .reset(sessionEnded);

sample({ clock: sessionAuthenticated, fn: ({ user }) => user.pax.paxId, target: fetchContactsFx });
