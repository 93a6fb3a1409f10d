import type { Logger } from './logger';

/** The database pool's counts as a warning shows them (a pg.Pool has them all). */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export interface StartupWatch {
  /** The start moved on to this step (an info line, and what a later warning names). */
  step(name: string): void;
  /** The pool whose counts a warning adds, once there is one. */
  watchPool(pool: PoolCounts): void;
  /** Started: no more warnings. */
  done(): void;
}

/** How often a start still under way says so. */
export const STARTUP_WARN_EVERY_MS = 15_000;

/**
 * While the server starts, a warning every 15 s naming the step under way and the pool's counts. A start that hangs
 * (a CI run once waited two minutes on a server that printed nothing at LOG_LEVEL warn) then says where it stands, and
 * an operator watching a slow start sees it is alive. The timer never keeps the process up.
 */
export function watchStartup(logger: Logger, everyMs = STARTUP_WARN_EVERY_MS): StartupWatch {
  const began = performance.now();
  let current = 'starting';
  let pool: PoolCounts | undefined;
  const timer = setInterval(() => {
    const seconds = Math.round((performance.now() - began) / 1000);
    const counts = pool && { poolTotal: pool.totalCount, poolIdle: pool.idleCount, poolWaiting: pool.waitingCount };
    logger.warn({ step: current, seconds, ...counts }, `still starting after ${seconds} s: ${current}`);
  }, everyMs);
  timer.unref();
  return {
    step(name) {
      current = name;
      logger.info(name);
    },
    watchPool(p) {
      pool = p;
    },
    done() {
      clearInterval(timer);
    },
  };
}
