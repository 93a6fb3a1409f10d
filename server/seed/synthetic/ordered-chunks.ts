import type pg from 'pg';
import { inTransaction } from '../../../projections/in-transaction';

/**
 * Writes chunks `writers` at a time, each in a transaction of its own on a connection of its own, while keeping the
 * order one writer would give them: a chunk takes its transaction id only after the chunk before it has taken its own
 * (so its rows stand after that chunk's in the log, whose position starts with the transaction id), and commits only
 * after that chunk has committed and been reported. A chunk that fails, or whose report throws, fails every chunk
 * after it: they roll back, so what is committed is always the first k chunks. Answers once nothing is left running.
 *
 * `write` does a chunk's work in its transaction and answers a count; `finish` runs in the same transaction just before
 * its commit (once the chunks before it have committed); `committed` is told of each commit, in order.
 */
export async function writeChunksInOrder<C>(
  pool: pg.Pool,
  chunks: Iterable<C>,
  writers: number,
  steps: {
    write(db: pg.PoolClient, chunk: C): Promise<number>;
    finish(db: pg.PoolClient, chunk: C, count: number): Promise<void>;
    committed(chunk: C, count: number): void;
  },
): Promise<void> {
  let before: Turns = { started: Promise.resolve(), committed: Promise.resolve() };
  const writing = new Set<Promise<void>>();
  try {
    for (const chunk of chunks) {
      const turns = newTurns();
      const work = writeOne(pool, chunk, before, turns, steps);
      before = turns;
      writing.add(work);
      void work.then(
        () => writing.delete(work),
        () => writing.delete(work),
      );
      if (writing.size >= writers) await Promise.race(writing);
    }
    await Promise.all(writing);
  } finally {
    // After a failure: the chunks after it roll back, the ones before may still commit; none is left running.
    await Promise.allSettled(writing);
  }
}

/** When a chunk's transaction has its id, and when it has committed (rejected: it failed, and so do the ones after). */
interface Turns {
  started: Promise<void>;
  committed: Promise<void>;
}

interface OwnTurns extends Turns {
  markStarted(): void;
  markCommitted(): void;
  markFailed(error: unknown): void;
}

function newTurns(): OwnTurns {
  let markStarted!: () => void;
  let markCommitted!: () => void;
  let failCommitted!: (error: unknown) => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const committed = new Promise<void>((resolve, reject) => ((markCommitted = resolve), (failCommitted = reject)));
  // The next chunk hears of a failure when it waits for its turn to commit; until then nobody awaits it.
  committed.catch(() => undefined);
  return { started, committed, markStarted, markCommitted, markFailed: (error) => (markStarted(), failCommitted(error)) };
}

async function writeOne<C>(pool: pg.Pool, chunk: C, before: Turns, turns: OwnTurns, steps: Parameters<typeof writeChunksInOrder<C>>[3]): Promise<void> {
  try {
    const count = await inTransaction(pool, async (db) => {
      await before.started;
      // The transaction id now, not at the first row written: the order between chunks is fixed here.
      await db.query('SELECT pg_current_xact_id()');
      turns.markStarted();
      const written = await steps.write(db, chunk);
      await before.committed;
      await steps.finish(db, chunk, written);
      return written;
    });
    steps.committed(chunk, count);
    turns.markCommitted();
  } catch (error) {
    turns.markFailed(error);
    throw error;
  }
}
