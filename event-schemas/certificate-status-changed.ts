import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { CertificateStatus } from './certificate-issued';
import { IsoDate, PaxId, Uuid } from './primitives';

/**
 * A certificate's status (and perhaps its expiration date) changed. `changedBy` is the impersonating admin and
 * `paxId` the member they acted for, so the fact names both people; a nightly expiry has no admin (null).
 */
export const CertificateStatusChanged = defineEvent(
  'CertificateStatusChanged',
  1,
  t.type({
    certificateId: Uuid,
    paxId: PaxId,
    from: CertificateStatus,
    to: CertificateStatus,
    expirationDate: IsoDate,
    changedBy: t.union([PaxId, t.null]),
  }),
);
