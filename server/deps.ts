import type { Logger } from './operations/logger';
import type { Metrics } from './operations/metrics';
import type pg from 'pg';
import type { ProgrammeSettings } from './config';
import type { FindCardArt } from './gift-certificates/card-art-catalogue';
import type { LiveHub } from './live/hub';
import type { ProjectionProgress } from './live/progress';
import type { StatusSampler } from './operations/status-sampler';
import type { EventStore } from '../event-schemas/store/event-store';

/** Everything a route needs, built once in server/index.ts (or by a test). */
export interface Deps {
  pool: pg.Pool;
  store: EventStore;
  settings: ProgrammeSettings;
  now: () => Date;
  progress: ProjectionProgress;
  hub: LiveHub;
  /** Recent event-store and projection-lag samples for the admin status page. */
  status: StatusSampler;
  log: (message: string, error?: unknown) => void;
  /** Gift card designs by id with their titles (our content table or a configured Contentful space), remembered. */
  cardArt: FindCardArt;
  /** True when running on the embedded default: demo conveniences (readable mailbox) are on. */
  embedded: boolean;
  /** The structured logger (server/operations/logger.ts); `log` writes through it. */
  logger: Logger;
  /** Prometheus metrics of this runtime (GET /metrics). */
  metrics: Metrics;
  /** The outbox's dispatcher in this process: a route that wrote a message may have it looked at now. */
  outbox: { wake(): void };
}
