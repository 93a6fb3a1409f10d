// `promotions` is a broadcast without an id: the promotions every member may see changed. `resync`, without an id,
// follows the snapshot a reconnect gets when the server can no longer replay from its last id.
export const LIVE_EVENT_TYPES = ['points', 'activity', 'certificate', 'promotions', 'reports', 'resync'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** The part of EventSource the stream uses, so tests can hand in a fake. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface LiveStreamOptions {
  /** POST /api/rest/live/tickets: a single-use ticket, since EventSource cannot send the auth-token header. */
  fetchTicket: () => Promise<string>;
  onEvent: (type: LiveEventType, data: unknown, id: string) => void;
  /** Each (re)connection: a moment to re-read state that may have changed while no stream was listening. */
  onOpen?: () => void;
  /** The ticket was refused: the session is probably gone, so stop and say so. */
  onUnauthorized?: () => void;
  createEventSource?: (url: string) => EventSourceLike;
  retryDelayMs?: (attempt: number) => number;
  schedule?: (run: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
  log?: Pick<Console, 'warn'>;
}

export interface LiveStream {
  close(): void;
}

export const LIVE_PATH = '/api/rest/live';

export const liveUrl = (ticket: string, lastEventId: string | null): string => {
  const params = new URLSearchParams({ ticket });
  if (lastEventId) params.set('lastEventId', lastEventId);
  return `${LIVE_PATH}?${params.toString()}`;
};

export const backoff = (attempt: number): number => Math.min(500 * 2 ** attempt, 30_000);

const isUnauthorized = (error: unknown) => typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401;

/**
 * Keeps one EventSource open. EventSource's own retry would reuse a spent ticket, so on any error
 * the stream closes it, fetches a new ticket and reconnects with the last event id it saw.
 */
export const openLiveStream = ({
  fetchTicket,
  onEvent,
  onOpen,
  onUnauthorized,
  createEventSource = (url) => new EventSource(url),
  retryDelayMs = backoff,
  schedule = (run, ms) => setTimeout(run, ms),
  cancel = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  log = console,
}: LiveStreamOptions): LiveStream => {
  let closed = false;
  let source: EventSourceLike | null = null;
  let retryHandle: unknown = null;
  let attempt = 0;
  let lastEventId: string | null = null;

  const retry = () => {
    if (closed) return;
    const delay = retryDelayMs(attempt++);
    retryHandle = schedule(() => {
      retryHandle = null;
      void connect();
    }, delay);
  };

  const connect = async () => {
    let ticket: string;
    try {
      ticket = await fetchTicket();
    } catch (error) {
      if (closed) return;
      if (isUnauthorized(error)) {
        closed = true;
        onUnauthorized?.();
        return;
      }
      log.warn('Live updates: could not get a ticket, retrying', error);
      retry();
      return;
    }
    if (closed) return;
    const current = createEventSource(liveUrl(ticket, lastEventId));
    source = current;
    current.onopen = () => {
      attempt = 0;
      onOpen?.();
    };
    current.onerror = () => {
      current.close();
      if (source === current) source = null;
      retry();
    };
    for (const type of LIVE_EVENT_TYPES) {
      current.addEventListener(type, (event) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
        let data: unknown;
        try {
          data = JSON.parse(String(event.data));
        } catch {
          log.warn(`Live updates: unreadable ${type} message`, event.data);
          return;
        }
        onEvent(type, data, event.lastEventId);
      });
    }
  };

  void connect();

  return {
    close() {
      closed = true;
      if (retryHandle !== null) cancel(retryHandle);
      source?.close();
      source = null;
    },
  };
};
