import { AUTH_TOKEN_HEADER, TOKEN_STORAGE_KEY } from '../config/session';
import { ApiError, asProblem } from './problem';

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Overrides the stored token; `null` sends none. */
  token?: string | null;
  signal?: AbortSignal;
  /** Expected failures (a 401 on sign-in, a failed keepalive) are the caller's business, not the console's. */
  quiet?: boolean;
  /** Read-your-writes: the server answers once its read models include this log position (at most 5 s). */
  waitForPosition?: string;
}

export interface ApiClient {
  send(method: Method, path: string, options?: RequestOptions): Promise<Response>;
  request<T>(method: Method, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
}

export interface ApiClientDeps {
  fetch: Fetch;
  getToken: () => string | null;
  log?: Pick<Console, 'error' | 'warn'>;
}

const withQuery = (path: string, query: RequestOptions['query']): string => {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
};

const isJson = (response: Response) => /[/+]json\b/.test(response.headers.get('content-type') ?? '');

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
};

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export const createApiClient = ({ fetch, getToken, log = console }: ApiClientDeps): ApiClient => {
  const send: ApiClient['send'] = (method, path, options = {}) => {
    const token = options.token === undefined ? getToken() : options.token;
    const headers: Record<string, string> = { accept: 'application/json, application/problem+json' };
    if (token) headers[AUTH_TOKEN_HEADER] = token;
    // A form (the promotion wizard's multipart `json` part) sets its own content type with the boundary.
    const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
    if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
    if (options.waitForPosition) headers['x-wait-for-position'] = options.waitForPosition;
    return fetch(withQuery(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  };

  const request = async <T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> => {
    try {
      const response = await send(method, path, options);
      if (!response.ok) {
        const body = isJson(response) ? await readJson(response).catch(() => undefined) : undefined;
        throw new ApiError(response.status, asProblem(body), path);
      }
      if (response.status === 204 || !isJson(response)) return undefined as T;
      return (await readJson(response)) as T;
    } catch (error) {
      if (!options.quiet) {
        if (isAbort(error)) log.warn(`${method} ${path} cancelled`);
        else log.error(`${method} ${path} failed`, error);
      }
      throw error;
    }
  };

  return {
    send,
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
  };
};

const readStoredToken = (): string | null => {
  try {
    return globalThis.localStorage?.getItem(TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
};

/** The client every feature uses: same origin, token from storage. */
export const api = createApiClient({ fetch: (input, init) => globalThis.fetch(input, init), getToken: readStoredToken });
