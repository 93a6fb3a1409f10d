/** One server-sent event frame. JSON data is a single line, so no `data:` splitting is needed. */
export const sseFrame = (kind: string, id: string | undefined, data: unknown): string =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${kind}\ndata: ${JSON.stringify(data)}\n\n`;

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
  Connection: 'keep-alive',
} as const;

/**
 * The frame that follows the snapshot a stream got instead of the replay it asked for (its messages were pruned, or a
 * rebuild replaced them): the tab re-reads what it keeps from messages. It carries no id, so the tab's last id stays
 * the snapshot's.
 */
export const RESYNC_EVENT = 'resync';
