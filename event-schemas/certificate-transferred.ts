import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { PaxId, Uuid } from './primitives';

/**
 * A gift certificate's recipient claimed its code: from now on it is theirs, and the buyer sees it as sent. It can
 * happen once (the certificate decider refuses a second claim at the stream's revision).
 */
export const CertificateTransferred = defineEvent('CertificateTransferred', 1, t.type({ certificateId: Uuid, fromPaxId: PaxId, toPaxId: PaxId }));
