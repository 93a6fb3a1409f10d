import type { Migration } from '../../server/db/migration';
import { checkpointMigrations } from './checkpoints';
import { memberPointsMigrations } from './member-points';

/** Read tables of every projection. A projection's rows can always be rebuilt from the log. */
export const projectionMigrations: Migration[] = [...checkpointMigrations, ...memberPointsMigrations];
