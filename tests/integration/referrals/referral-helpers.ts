import { decodeEvent, memberStream } from '../../../event-schemas';
import type { TestServer } from '../../support/test-server';

let n = 0;
/** Enrollment overrides for a person unlike every other test member (the self-referral rule compares them). */
export const stranger = (firstName: string, extra: Record<string, unknown> = {}) => ({
  firstName,
  lastName: `Friend${String.fromCharCode(97 + (n++ % 26))}`,
  dateOfBirth: `19${70 + (n % 25)}-0${1 + (n % 9)}-1${n % 10}`,
  ...extra,
});

export const refCodeOf = async (s: TestServer, m: { paxId: number; token: string }): Promise<string> => {
  const r = await s.call('GET', `/api/rest/participants/${m.paxId}/referrals`, { token: m.token });
  if (r.status !== 200) throw new Error(`referrals: ${r.status}`);
  return r.body.refCode as string;
};

/** The REFERRAL awards on a member's stream, straight from the event store (the thing that must hold exactly once). */
export async function referralAwards(s: TestServer, paxId: number) {
  const stored = await s.runtime.deps.store.readStream(memberStream(paxId));
  return stored
    .map((e) => decodeEvent(e.type, e.data, e.metadata))
    .flatMap(({ event, metadata }) => (event.type === 'PointsAwarded' && event.data.source === 'REFERRAL' ? [{ ...event.data, actor: metadata.actor }] : []));
}
