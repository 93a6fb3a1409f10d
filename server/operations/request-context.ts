import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/*
 * The request a piece of work belongs to, carried through async calls (AsyncLocalStorage): the request log, every log
 * line written while serving it, and the metadata of the events its commands append share one id, so an operator can
 * go from a log line to the events it wrote and back.
 */
const context = new AsyncLocalStorage<{ requestId: string }>();

export const runInRequest = <T>(requestId: string, work: () => T): T => context.run({ requestId }, work);

export const currentRequestId = (): string | undefined => context.getStore()?.requestId;

/** The correlation id of a command: the request's id while serving one, a new id for jobs and processes. */
export const correlationId = (): string => currentRequestId() ?? randomUUID();

/** A caller's `x-request-id` is kept when it is a sane token (it appears in logs); otherwise a new one is made. */
export const requestIdFrom = (header: string | undefined): string => (header && /^[A-Za-z0-9._:-]{1,100}$/.test(header) ? header : randomUUID());
