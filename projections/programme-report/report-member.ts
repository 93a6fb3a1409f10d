import type { Statement } from '../batch-buffer';

/** A member as the report follows them: the balance, the activity window and the lots the expiry ladder takes from. */
export interface Member {
  balance: number;
  /** The first day the member no longer counts as active (null: never active). */
  activeUntil: string | null;
  /** Lots with points left, in the order they were awarded. */
  lots: OpenLot[];
}

/**
 * [lotId, expiry month 'YYYY-MM', remaining]: a tuple in a list, not a property keyed by lot id. Each lot id is unique,
 * so adding one as a property gave every member's object a shape of its own, the costliest step of the report's
 * replay (`awarded`). Redemptions take the earliest-expiring lots first and expiries the expired ones: mostly the first
 * awarded, so the lot an event names is usually near the front.
 */
export type OpenLot = [string, string, number];

/**
 * The write of members as they now stand; `intoEmpty`: none of them has a row yet (a rebuild's first write), so they
 * are inserted without looking for one. The lots go as one JSON array, one element per member: as a jsonb[] parameter,
 * node-postgres escaped every quote of every member's JSON into the array literal, a sixth of what the report spent in
 * JavaScript.
 */
export const membersWrite = (pax: number[], members: Member[], intoEmpty = false): Statement => ({
  sql: `INSERT INTO rm_report_members AS t (pax_id, balance, active_until, open_lots)
        SELECT u.pax_id, u.balance, u.active_until, l.lots
        FROM unnest($1::bigint[], $2::bigint[], $3::date[]) WITH ORDINALITY AS u(pax_id, balance, active_until, i)
        JOIN json_array_elements($4::json) WITH ORDINALITY AS l(lots, i) ON l.i = u.i${
          intoEmpty
            ? ''
            : '\n        ON CONFLICT (pax_id) DO UPDATE SET balance = EXCLUDED.balance, active_until = EXCLUDED.active_until, open_lots = EXCLUDED.open_lots'
        }`,
  values: [pax, members.map((x) => x.balance), members.map((x) => x.activeUntil), JSON.stringify(members.map((x) => x.lots))],
});
