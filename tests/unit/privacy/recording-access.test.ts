import type { Caller } from '../../../server/auth/caller';
import { recordingAccess, staffReaderOf } from '../../../server/privacy/access-log';

const at = new Date('2024-03-01T10:00:00Z');
const participant = (over: Partial<Extract<Caller, { kind: 'participant' }>>): Caller => ({
  kind: 'participant',
  paxId: 1,
  firstName: 'A',
  lastName: 'B',
  isAdmin: false,
  impersonatorId: null,
  tokenHash: Buffer.alloc(0),
  ...over,
});

describe('staffReaderOf', () => {
  it('is the admin reading another member, or the admin behind an impersonation; never the member themselves', () => {
    expect(staffReaderOf(participant({ paxId: 7, isAdmin: true }), 42)).toEqual({ adminId: 7, impersonating: false });
    expect(staffReaderOf(participant({ paxId: 42, impersonatorId: 7 }), 42)).toEqual({ adminId: 7, impersonating: true });
    expect(staffReaderOf(participant({ paxId: 7, isAdmin: true }), 7)).toBeNull();
    expect(staffReaderOf(participant({ paxId: 42 }), 42)).toBeNull();
    expect(staffReaderOf({ kind: 'practice', practiceId: 1, apiKeyId: 2, staff: null }, 42)).toBeNull();
    expect(staffReaderOf({ kind: 'anonymous' }, 42)).toBeNull();
  });
});

describe('recordingAccess', () => {
  const read = { text: 'SELECT * FROM participants WHERE pax_id = $1', values: [42] };

  it("leaves a member's own read untouched", () => {
    expect(recordingAccess(read, { caller: participant({ paxId: 42 }), paxId: 42, action: 'points', at })).toBe(read);
  });

  it("puts a staff read's record in front of the read, numbering its values after the read's", () => {
    const recorded = recordingAccess(read, { caller: participant({ paxId: 7, isAdmin: true }), paxId: 42, action: 'participant-record', at });
    expect(recorded.text).toMatch(
      /^WITH staff_read AS \(INSERT INTO member_access_log .* \$2::bigint, \$3::bigint, \$4::boolean, \$5::text, \$6::timestamptz, \$7::text .*\) SELECT \* FROM participants WHERE pax_id = \$1$/,
    );
    expect(recorded.values).toEqual([42, 42, 7, false, 'participant-record', at, null]);
  });

  it('joins a read that has its own WITH list instead of nesting a second one', () => {
    const recorded = recordingAccess(
      { text: 'WITH mine AS (SELECT 1) SELECT * FROM mine', values: [] },
      { caller: participant({ paxId: 42, impersonatorId: 7 }), paxId: 42, action: 'points', at },
    );
    expect(recorded.text).toMatch(/^WITH staff_read AS \(.*\), mine AS \(SELECT 1\) SELECT \* FROM mine$/);
    expect(recorded.values).toEqual([42, 7, true, 'points', at, null]);
  });
});
