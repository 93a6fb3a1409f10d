import { right } from 'fp-ts/Either';
import * as t from 'io-ts';
import { TreatmentApprovalRequested, TreatmentRecorded, type TreatmentEvent } from '../../event-schemas';
import { boundedString, IsoDate, PaxId, PositiveInteger, refined } from '../../event-schemas/primitives';
import type { RedeemedCertificate, TreatmentLineItem } from '../../event-schemas/treatment-recorded';
import type { Decider } from '../core/decider';
import { evolveTreatment, initialTreatmentState, type TreatmentState } from './treatment-state';

export const MAX_QUANTITY = 1000;

const Quantity = refined(t.number, 'Quantity', `must be a whole number from 1 to ${MAX_QUANTITY}`, (n) => Number.isInteger(n) && n >= 1 && n <= MAX_QUANTITY, {
  type: 'integer',
  minimum: 1,
  maximum: MAX_QUANTITY,
});
/** A list of `min` to `max` entries whose entries' own failures keep their paths (body.lineItems.2.quantity). */
export const boundedArray = <C extends t.Mixed>(item: C, min: number, max: number) => {
  const base = t.array(item);
  const rule = `must list ${min} to ${max} entries`;
  const codec = new t.Type<t.TypeOf<typeof base>, t.OutputOf<typeof base>, unknown>(
    `Array(${min}..${max})`,
    (u): u is t.TypeOf<typeof base> => base.is(u) && u.length >= min && u.length <= max,
    (u, c) => {
      if (u === undefined) return t.failure(u, c, 'is required');
      if (!Array.isArray(u) || u.length < min || u.length > max) return t.failure(u, c, rule);
      return base.validate(u, c);
    },
    base.encode,
  );
  // `base` and `rule` let the OpenAPI document describe it as the array it is.
  return Object.assign(codec, { base, rule });
};

export const LineItemBody = t.intersection([
  t.type({ productId: PositiveInteger, quantity: Quantity, injector: t.type({ firstName: boundedString(100), lastName: boundedString(100) }) }),
  t.partial({ isPriviPlan: t.boolean }),
]);

export const RecordTreatmentBody = t.intersection([
  t.type({
    externalId: boundedString(100),
    paxId: PaxId,
    dateOfService: IsoDate,
    hcpName: boundedString(200),
    lineItems: boundedArray(LineItemBody, 1, 100),
  }),
  t.partial({
    financed: t.boolean,
    redeemedCertificateCodes: boundedArray(boundedString(64), 0, 20),
    /** Admins entering a treatment may name the practice; a practice key always records its own. */
    practiceId: PositiveInteger,
  }),
]);
export type RecordTreatmentBody = t.TypeOf<typeof RecordTreatmentBody>;

export interface RecordTreatment {
  treatmentId: string;
  externalId: string;
  practiceId: number | null;
  paxId: number;
  dateOfService: string;
  hcpName: string;
  financed: boolean;
  lineItems: TreatmentLineItem[];
  redeemedCertificates: RedeemedCertificate[];
  expectedPoints: number;
  /** SHA-256 of the single-use confirmation token, for financed treatments. */
  approvalTokenHash: string | null;
  approvalChannels: ('email' | 'sms')[];
  /** When the confirmation link stops working. */
  approvalExpiresAt?: string;
}

/**
 * Records a treatment once. The stream id derives from the practice and its externalId, so a repeat, even a
 * concurrent one, lands on the same stream: the loser's append conflicts, it decides again and records nothing.
 */
export const recordTreatment: Decider<RecordTreatment, TreatmentState, TreatmentEvent> = {
  initialState: initialTreatmentState,
  evolve: evolveTreatment,
  decide: (c, state) => {
    if (state.kind === 'recorded') return right([]);
    const recorded = TreatmentRecorded.of({
      treatmentId: c.treatmentId,
      externalId: c.externalId,
      practiceId: c.practiceId,
      paxId: c.paxId,
      dateOfService: c.dateOfService,
      hcpName: c.hcpName,
      financed: c.financed,
      status: c.financed ? 'PENDING_APPROVAL' : 'PENDING',
      lineItems: c.lineItems,
      redeemedCertificates: c.redeemedCertificates,
      expectedPoints: c.expectedPoints,
    });
    if (!c.financed || !c.approvalTokenHash) return right([recorded]);
    return right([
      recorded,
      TreatmentApprovalRequested.of({
        treatmentId: c.treatmentId,
        paxId: c.paxId,
        tokenHash: c.approvalTokenHash,
        channels: c.approvalChannels,
        ...(c.approvalExpiresAt ? { expiresAt: c.approvalExpiresAt } : {}),
      }),
    ]);
  },
};
