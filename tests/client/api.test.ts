import { createApiClient } from '../../client/src/lib/api';
import { ApiError, problemMessage } from '../../client/src/lib/problem';
import { fakeFetch, problem } from './support/fake-http';

const client = (routes: Parameters<typeof fakeFetch>[0], token: string | null = 'stored-token') => {
  const http = fakeFetch(routes);
  const log = { error: jest.fn(), warn: jest.fn() };
  return { api: createApiClient({ fetch: http.fetch, getToken: () => token, log }), http, log };
};

describe('api client', () => {
  it('adds the stored token as the auth-token header and sends JSON', async () => {
    const { api, http } = client({ 'POST /api/rest/things': { status: 201, body: { id: 1 } } });
    await expect(api.post('/api/rest/things', { name: 'x' })).resolves.toEqual({ id: 1 });
    expect(http.calls[0].headers).toMatchObject({ 'auth-token': 'stored-token', 'content-type': 'application/json' });
    expect(http.calls[0].body).toEqual({ name: 'x' });
  });

  it('sends no token when there is none or when told not to', async () => {
    const { api, http } = client({ 'GET /a': { status: 200, body: {} } }, null);
    await api.get('/a');
    await api.get('/a', { token: null });
    expect(http.calls.map((c) => c.headers['auth-token'])).toEqual([undefined, undefined]);
  });

  it('adds query parameters', async () => {
    const { api, http } = client({ 'GET /a': { status: 200, body: [] } });
    await api.get('/a', { query: { page: 0, size: 10, skip: undefined } });
    expect(http.calls[0].url).toBe('/a?page=0&size=10');
  });

  it('turns a problem+json answer into an ApiError carrying the problem, and logs it', async () => {
    const { api, log } = client({ 'POST /api/rest/x': problem(409, 'Not enough points', 'insufficient-points') });
    const error = await api.post('/api/rest/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Not enough points', slug: 'insufficient-points' });
    expect(log.error).toHaveBeenCalled();
  });

  it('stays quiet when asked to', async () => {
    const { api, log } = client({ 'GET /a': problem(401, 'No') });
    await expect(api.get('/a', { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('answers undefined for 204', async () => {
    const { api } = client({ 'POST /a': { status: 204 } });
    await expect(api.post('/a')).resolves.toBeUndefined();
  });

  it('falls back through detail, first field error and title to a default message', () => {
    expect(problemMessage({ detail: 'd', title: 't' })).toBe('d');
    expect(problemMessage({ errors: [{ path: 'amount', message: 'must be 100..1000' }], title: 't' })).toBe('must be 100..1000');
    expect(problemMessage({ title: 't' })).toBe('t');
    expect(problemMessage(null)).toBe('An unknown error occurred');
  });
});
