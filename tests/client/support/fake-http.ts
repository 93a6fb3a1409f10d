export interface RecordedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Reply = { status: number; body?: unknown; contentType?: string } | Error;

/** A stand-in for fetch: answers by "METHOD path" (path may include the query) and records every call. */
export const fakeFetch = (routes: Record<string, Reply | ((call: RecordedCall) => Reply)>) => {
  const calls: RecordedCall[] = [];
  const fetch = jest.fn(async (url: string, init: RequestInit = {}): Promise<Response> => {
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      url,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${url}`] ?? routes[`${call.method} ${url.split('?')[0]}`];
    if (!route) return response({ status: 404, body: { title: 'Not Found', status: 404 }, contentType: 'application/problem+json' });
    const reply = typeof route === 'function' ? route(call) : route;
    if (reply instanceof Error) throw reply;
    return response(reply);
  });
  return { fetch, calls };
};

export const response = ({ status, body, contentType = 'application/json' }: { status: number; body?: unknown; contentType?: string }) =>
  ({
    status,
    ok: status >= 200 && status < 300,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' && body !== undefined ? contentType : null) },
    text: async () => (body === undefined ? '' : JSON.stringify(body)),
  }) as unknown as Response;

export const problem = (status: number, detail: string, slug = 'unauthorized'): Reply => ({
  status,
  body: { type: `https://example.test/problems/${slug}`, title: 'Problem', status, detail },
  contentType: 'application/problem+json',
});
