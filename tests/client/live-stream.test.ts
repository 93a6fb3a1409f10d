import { liveUrl, openLiveStream, type EventSourceLike } from '../../client/src/lib/live-stream';

class FakeEventSource implements EventSourceLike {
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  emit(type: string, data: unknown, id: string) {
    const event = { data: JSON.stringify(data), lastEventId: id } as MessageEvent;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  fail() {
    this.onerror?.(new Event('error'));
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const harness = (tickets: (() => Promise<string>)[] = []) => {
  const sources: FakeEventSource[] = [];
  const scheduled: { run: () => void; ms: number }[] = [];
  let ticketNo = 0;
  const fetchTicket = jest.fn(() => (tickets[ticketNo] ? tickets[ticketNo++]() : Promise.resolve(`ticket-${++ticketNo}`)));
  const onEvent = jest.fn();
  const onUnauthorized = jest.fn();
  const stream = openLiveStream({
    fetchTicket,
    onEvent,
    onUnauthorized,
    createEventSource: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
    schedule: (run, ms) => scheduled.push({ run, ms }),
    cancel: () => undefined,
    log: { warn: jest.fn() },
  });
  const runScheduled = async () => {
    for (const job of scheduled.splice(0)) job.run();
    await flush();
  };
  return { stream, sources, scheduled, fetchTicket, onEvent, onUnauthorized, runScheduled };
};

describe('live stream', () => {
  it('opens the stream with a fresh ticket and passes on points messages', async () => {
    const { sources, onEvent } = harness();
    await flush();
    expect(sources[0].url).toBe('/api/rest/live?ticket=ticket-1');
    sources[0].emit('points', { paxId: 7, balance: 1200, pending: 0, position: '41' }, '41');
    expect(onEvent).toHaveBeenCalledWith('points', { paxId: 7, balance: 1200, pending: 0, position: '41' }, '41');
  });

  it('on error closes the source, takes a new ticket and resumes after the last event seen', async () => {
    const { sources, scheduled, fetchTicket, runScheduled } = harness();
    await flush();
    sources[0].emit('points', { paxId: 7, balance: 1, pending: 0, position: 'p-9' }, 'p-9');
    sources[0].fail();
    expect(sources[0].closed).toBe(true);
    expect(scheduled).toHaveLength(1);
    await runScheduled();
    expect(fetchTicket).toHaveBeenCalledTimes(2);
    expect(sources[1].url).toBe('/api/rest/live?ticket=ticket-2&lastEventId=p-9');
  });

  it.each([
    ['promotions broadcasts', 'promotions', { topic: 'promotions' }],
    ['the resync word that follows a snapshot', 'resync', { reason: 'The messages since your last one are no longer kept.' }],
  ])('passes on %s, which carry no id and leave the resume point where it was', async (_, type, data) => {
    const { sources, onEvent, runScheduled } = harness();
    await flush();
    sources[0].emit('points', { paxId: 7, balance: 1, pending: 0, position: 'p-9' }, 'p-9');
    sources[0].emit(type, data, '');
    expect(onEvent).toHaveBeenLastCalledWith(type, data, '');
    sources[0].fail();
    await runScheduled();
    expect(sources[1].url).toBe('/api/rest/live?ticket=ticket-2&lastEventId=p-9');
  });

  it('backs off between failed attempts and starts over once connected', async () => {
    const { sources, scheduled, runScheduled } = harness();
    await flush();
    sources[0].fail();
    const first = scheduled[0].ms;
    await runScheduled();
    sources[1].fail();
    expect(scheduled[0].ms).toBeGreaterThan(first);
    await runScheduled();
    sources[2].onopen?.(new Event('open'));
    sources[2].fail();
    expect(scheduled[0].ms).toBe(first);
  });

  it('retries when a ticket cannot be had, and gives up when the session is refused', async () => {
    const { sources, scheduled, onUnauthorized, runScheduled } = harness([
      () => Promise.reject(new TypeError('offline')),
      () => Promise.reject(Object.assign(new Error('Unauthorized'), { status: 401 })),
    ]);
    await flush();
    expect(sources).toHaveLength(0);
    expect(scheduled).toHaveLength(1);
    await runScheduled();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(scheduled).toHaveLength(0);
  });

  it('says when each connection opens', async () => {
    const onOpen = jest.fn();
    const sources: FakeEventSource[] = [];
    openLiveStream({
      fetchTicket: () => Promise.resolve('t'),
      onEvent: jest.fn(),
      onOpen,
      createEventSource: (url) => {
        const source = new FakeEventSource(url);
        sources.push(source);
        return source;
      },
    });
    await flush();
    sources[0].onopen?.(new Event('open'));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('closes for good', async () => {
    const { stream, sources, scheduled } = harness();
    await flush();
    stream.close();
    expect(sources[0].closed).toBe(true);
    sources[0].fail();
    expect(scheduled).toHaveLength(0);
  });

  it('does not open a source when closed while the ticket is on its way', async () => {
    const { stream, sources } = harness();
    stream.close();
    await flush();
    expect(sources).toHaveLength(0);
  });

  it('escapes the ticket and event id in the URL', () => {
    expect(liveUrl('a b&c', '1/2')).toBe('/api/rest/live?ticket=a+b%26c&lastEventId=1%2F2');
  });
});
