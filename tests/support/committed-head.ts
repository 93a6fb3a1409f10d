/**
 * The position of the newest committed event in the PostgreSQL log, whatever is still open elsewhere. The store's
 * headPosition() is the newest *readable* one: a transaction open anywhere in the cluster (a projection batch, another
 * test file) holds it back, so "a process passed headPosition()" can come before it has seen what was just appended.
 * The adapter's own query (EventStore.committedHead), for tests that hold a pool rather than a store.
 */
export { committedHeadOf as committedHead } from '../../server/adapters/pg-event-store';
