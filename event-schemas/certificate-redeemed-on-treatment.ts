import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { IsoDate, PaxId, Uuid } from './primitives';

/**
 * A practice's treatment used this certificate. Appended on the certificate's stream at its revision before the
 * treatment is recorded, so of two treatments naming one code only one can use it. The certificate's status stays
 * what the spec allows (ACTIVE...); "used" is read from this fact, dated the treatment's date of service.
 */
export const CertificateRedeemedOnTreatment = defineEvent(
  'CertificateRedeemedOnTreatment',
  1,
  t.type({ certificateId: Uuid, paxId: PaxId, treatmentId: Uuid, dateOfService: IsoDate }),
);

/**
 * A redemption taken back because its treatment was refused before being recorded (another of its certificates had
 * just been used elsewhere), so a refused treatment uses nothing.
 */
export const CertificateRedemptionReleased = defineEvent('CertificateRedemptionReleased', 1, t.type({ certificateId: Uuid, paxId: PaxId, treatmentId: Uuid }));
