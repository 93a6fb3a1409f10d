import { PointsAwarded, PointsExpired, PointsRedeemed, type MemberEvent } from '../../../event-schemas';
import { fold } from '../../../server/core/decider';
import { evolveMember, initialMemberState } from '../../../server/points/member-state';

export const PAX = 7;
export const CERT_ID = '3f1b7a52-0c2d-4e8f-9a6b-1d2e3f4a5b6c';

export const given = (...events: MemberEvent[]) => fold(evolveMember, initialMemberState, events);

export const awarded = (lotId: string, amount: number, expirationDate: string) =>
  PointsAwarded.of({ paxId: PAX, lotId, amount, description: 'test', source: 'ADMIN', expirationDate, idempotencyKey: null });

export const redeemed = (amount: number, consumed: { lotId: string; amount: number }[]) =>
  PointsRedeemed.of({
    paxId: PAX,
    certificateId: CERT_ID,
    certificateCode: 'ABCD-EFGH-JK',
    amount,
    value: amount / 10,
    consumed,
    expirationDate: '2026-05-14',
  });

export const expired = (lotId: string, amount: number, expirationDate: string) => PointsExpired.of({ paxId: PAX, lotId, amount, expirationDate });
