import type { CertificateItem, CertificatePage } from '../../../event-schemas/contract/certificates';
import { createEffect, createEvent, createStore, sample } from 'effector';
import { api } from '../lib/api';
import { sessionEnded } from '../session/session-events';
import { liveReplayLost } from './live-resync';

/** A member's certificate, as the server declares it (event-schemas/contract/certificates.ts). */
export type { CertificateItem };

/** A gift this member bought that nobody claimed yet: theirs on paper, but shown as sent, never as usable. */
/** A certificate a treatment already used: listed as used, with the treatment's date, never as usable. */
export const isUsed = (c: CertificateItem): boolean => Boolean(c.usedOn);

export const isUnclaimedGift = (c: CertificateItem): boolean => c.gift !== undefined && !c.gift.claimed;

export const certificatesRequested = createEvent();
export const liveCertificateReceived = createEvent<CertificateItem>();

export const fetchCertificatesFx = createEffect(
  async () => (await api.get<CertificatePage>('/api/rest/participants/~/certificates', { query: { page: 0, size: 100, sort: 'expirationDate desc' } })).items,
);

const byExpiryDesc = (a: CertificateItem, b: CertificateItem) => b.expirationDate.localeCompare(a.expirationDate) || b.id.localeCompare(a.id);

/** The member's certificates, newest expiry first; live `certificate` messages insert or replace by id. */
export const $certificates = createStore<CertificateItem[] | null>(null)
  .on(fetchCertificatesFx.doneData, (_, items) => [...items].sort(byExpiryDesc))
  .on(liveCertificateReceived, (items, item) =>
    item.sentGift ? (items ?? []).filter((c) => c.id !== item.id) : [...(items ?? []).filter((c) => c.id !== item.id), item].sort(byExpiryDesc),
  )
  .reset(sessionEnded);

export const $certificatesError = createStore(false)
  .on(fetchCertificatesFx.fail, () => true)
  .on(fetchCertificatesFx.done, () => false)
  .reset(sessionEnded);

sample({ clock: certificatesRequested, source: fetchCertificatesFx.pending, filter: (pending) => !pending, target: fetchCertificatesFx });
// A wallet already read may have missed certificates the stream could not replay; one never read is read when shown.
sample({ clock: liveReplayLost, source: $certificates, filter: (items) => items !== null, target: certificatesRequested });
