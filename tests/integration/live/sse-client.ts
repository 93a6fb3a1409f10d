/**
 * A minimal server-sent-events reader for tests: Node 20 has no EventSource, so this reads the fetch body and
 * splits it into frames as the SSE spec does (blank line ends a frame; `:` starts a comment).
 */
export interface SseFrame {
  event?: string;
  id?: string;
  data?: string;
  retry?: number;
  /** The text of a comment line (a heartbeat), without the colon. */
  comment?: string;
}

export interface PointsData {
  paxId: number;
  balance: number;
  pending: number;
  position: string;
}

export class SseClient {
  readonly frames: SseFrame[] = [];
  /** The body of a refused (non-200) answer. */
  body = '';
  private waiters: (() => void)[] = [];
  private ended = false;
  private error: unknown;

  private constructor(
    readonly status: number,
    private readonly controller: AbortController,
    readonly headers: Headers,
  ) {}

  /** Opens the stream; answers the client whatever the status (read `status`), reading frames only on 200. */
  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const controller = new AbortController();
    const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
    const client = new SseClient(res.status, controller, res.headers);
    if (res.status !== 200 || !res.body) {
      client.body = await res.text();
      client.ended = true;
      return client;
    }
    void client.read(res.body.getReader());
    return client;
  }

  private async read(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: RegExpExecArray | null;
        while ((end = /\r\n\r\n|\n\n|\r\r/.exec(buffer))) {
          const block = buffer.slice(0, end.index);
          buffer = buffer.slice(end.index + end[0].length);
          this.frames.push(parseFrame(block));
          this.wake();
        }
      }
    } catch (e) {
      if (!this.controller.signal.aborted) this.error = e;
    } finally {
      this.ended = true;
      this.wake();
    }
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  get closed(): boolean {
    return this.ended;
  }

  /** Message frames (those with an event name), in arrival order. */
  messages(kind?: string): SseFrame[] {
    return this.frames.filter((f) => f.event !== undefined && (kind === undefined || f.event === kind));
  }

  points(): (PointsData & { id?: string })[] {
    return this.messages('points').map((f) => ({ ...(JSON.parse(f.data ?? 'null') as PointsData), id: f.id }));
  }

  /** Waits until some frame satisfies `test` and answers it; fails after `timeoutMs`. */
  async waitFor(test: (f: SseFrame) => boolean, timeoutMs = 5000, what = 'a matching frame'): Promise<SseFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(test);
      if (found) return found;
      if (this.error) throw this.error;
      if (this.ended) throw new Error(`stream ended before ${what}; frames: ${JSON.stringify(this.frames)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; frames: ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for the message of `kind` (default `points`) whose id is `id`; other kinds may share a position. */
  waitForId(id: string, timeoutMs = 5000, kind = 'points'): Promise<SseFrame> {
    return this.waitFor((f) => f.id === id && f.event === kind, timeoutMs, `the ${kind} message with id ${id}`);
  }

  close(): void {
    this.controller.abort();
  }
}

export function parseFrame(block: string): SseFrame {
  const frame: SseFrame = {};
  for (const line of block.split(/\r\n|\n|\r/)) {
    if (line.startsWith(':')) {
      frame.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') frame.event = value;
    else if (field === 'id') frame.id = value;
    else if (field === 'data') frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
    else if (field === 'retry') frame.retry = Number(value);
  }
  return frame;
}
