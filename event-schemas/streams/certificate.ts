import { CertificateIssued } from '../certificate-issued';
import { CertificateRedeemedOnTreatment, CertificateRedemptionReleased } from '../certificate-redeemed-on-treatment';
import { CertificateStatusChanged } from '../certificate-status-changed';
import { CertificateTransferred } from '../certificate-transferred';
import { streamEvents, type EventsOf } from '../stream-events';

/** `certificate-{id}`: one reward, gift or offer certificate, from issue through every status change and its use. */
export const certificateEvents = streamEvents('certificate', [
  CertificateIssued,
  CertificateStatusChanged,
  CertificateTransferred,
  CertificateRedeemedOnTreatment,
  CertificateRedemptionReleased,
]);
export type CertificateEvent = EventsOf<typeof certificateEvents>;
