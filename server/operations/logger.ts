import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import { currentRequestId } from './request-context';
import { scrubPersonalData } from './scrub-personal-data';

export type { Logger };

/**
 * The server's logger (pino): one JSON object per line for machines (production, CI, containers), readable colour
 * when a person watches a terminal. Every line written while serving a request carries its `requestId`.
 */
export function createLogger(options: { level: string; pretty: boolean; destination?: pino.DestinationStream }): Logger {
  const scrub = (text: string | undefined) => (text === undefined ? undefined : scrubPersonalData(text));
  const config: pino.LoggerOptions = {
    level: options.level,
    base: undefined,
    // Only what explains an error: a pg error also carries its client object (a thousand lines of JSON).
    serializers: {
      err: (e: { name?: string; message?: string; code?: string; stack?: string; detail?: string }) => ({
        type: e?.name,
        message: scrub(e?.message),
        code: e?.code,
        detail: scrub(e?.detail),
        stack: scrub(e?.stack),
      }),
    },
    // Every message text passes the scrub too: a message is often built from an error's or a provider's words.
    hooks: {
      logMethod(args, method) {
        return method.apply(this, args.map((a: unknown) => (typeof a === 'string' ? scrubPersonalData(a) : a)) as Parameters<typeof method>);
      },
    },
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  };
  // pino-pretty as a stream in this process (no worker thread), so a compiled bundle needs nothing beside it.
  if (options.destination) return pino(config, options.destination);
  return options.pretty ? pino(config, pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' })) : pino(config);
}

/** The `log(message, error?)` the programme's modules take: with an error it is an error line, without a warning. */
export const logFunction =
  (logger: Logger) =>
  (message: string, error?: unknown): void => {
    if (error === undefined || error === '') logger.warn(message);
    else logger.error({ err: error instanceof Error ? error : new Error(String(error)) }, message);
  };

/** A logger that writes nothing (tests pass their own `log`). */
export const silentLogger = (): Logger => pino({ level: 'silent' });
