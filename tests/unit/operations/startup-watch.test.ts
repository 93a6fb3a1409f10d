import pino from 'pino';
import { STARTUP_WARN_EVERY_MS, watchStartup } from '../../../server/operations/startup-watch';

/** A real pino logger writing its JSON lines into an array. */
function capturedLogger() {
  const lines: { level: number; msg: string; step?: string; poolWaiting?: number }[] = [];
  const logger = pino({ level: 'info', base: undefined }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, warnings: () => lines.filter((l) => l.level === 40), lines };
}

describe('the startup watch', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('names the step under way and the pool counts in a warning every 15 s until the start is done', () => {
    const { logger, warnings, lines } = capturedLogger();
    const watch = watchStartup(logger);
    watch.step('migrating the database');
    expect(lines.map((l) => l.msg)).toEqual(['migrating the database']);
    jest.advanceTimersByTime(STARTUP_WARN_EVERY_MS - 1);
    expect(warnings()).toHaveLength(0);

    watch.watchPool({ totalCount: 20, idleCount: 0, waitingCount: 3 });
    jest.advanceTimersByTime(1);
    expect(warnings()).toEqual([
      expect.objectContaining({ step: 'migrating the database', poolWaiting: 3, msg: 'still starting after 15 s: migrating the database' }),
    ]);

    watch.step('seeding the demo data');
    jest.advanceTimersByTime(STARTUP_WARN_EVERY_MS);
    expect(warnings().at(-1)).toEqual(expect.objectContaining({ msg: 'still starting after 30 s: seeding the demo data' }));

    watch.done();
    jest.advanceTimersByTime(10 * STARTUP_WARN_EVERY_MS);
    expect(warnings()).toHaveLength(2);
  });
});
