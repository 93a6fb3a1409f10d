import type pg from 'pg';
import type { DomainEvent, EventMetadata } from '../event-schemas';
import type { Position } from '../server/ports/position';

export interface ProjectedEvent {
  event: DomainEvent;
  metadata: EventMetadata;
  streamName: string;
  revision: number;
  position: Position;
  eventId: string;
}

/** What one applied event changed that live clients should hear about. */
export interface Touched {
  paxIds: number[];
}

/** A read model: handlers that write its tables inside the runner's transaction. */
export interface Projection {
  name: string;
  /** Tables it owns; a rebuild empties them and replays the log from the start. */
  tables: string[];
  /** Kinds of member live messages it writes (emptied with its tables on rebuild). */
  liveKinds: string[];
  apply(db: pg.PoolClient, e: ProjectedEvent): Promise<Touched | void>;
}

/** Records a message for a member's live stream, in the same transaction as the read rows it describes. */
export async function pushLive(db: pg.PoolClient, paxId: number, e: ProjectedEvent, kind: string, data: unknown): Promise<void> {
  await db.query(
    `INSERT INTO member_live_messages (pax_id, position_major, position_minor, kind, data) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING`,
    [paxId, e.position.major.toString(), e.position.minor.toString(), kind, JSON.stringify(data)],
  );
}
