import { CertificateIssued } from '../certificate-issued';
import { CertificateStatusChanged } from '../certificate-status-changed';
import { CertificateTransferred } from '../certificate-transferred';
import { streamEvents, type EventsOf } from '../stream-events';

/** `certificate-{id}`: one reward, gift or offer certificate, from issue through every status change. */
export const certificateEvents = streamEvents('certificate', [CertificateIssued, CertificateStatusChanged, CertificateTransferred]);
export type CertificateEvent = EventsOf<typeof certificateEvents>;
