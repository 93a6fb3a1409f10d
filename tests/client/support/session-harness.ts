import { createApiClient } from '../../../client/src/lib/api';
import { createSessionApi } from '../../../client/src/session/session-api';
import type { SessionChannel } from '../../../client/src/session/session-channel';
import { createSessionStorage } from '../../../client/src/session/session-storage';
import type { SessionDeps } from '../../../client/src/session/session.machine';
import type { LoginAnswer } from '../../../client/src/session/types';
import { channelHub } from './fake-channel';
import { fakeFetch, type Reply, type RecordedCall } from './fake-http';

export const memberAnswer: LoginAnswer = {
  authToken: 'token-member',
  pax: { paxId: 7, firstName: 'Mia', lastName: 'Member' },
  events: [{ code: 'MKT_LOGIN_CERT_SPRING' }, { code: 'WELCOME' }],
};

export const storeSession = (answer: LoginAnswer = memberAnswer) => {
  localStorage.setItem('user', JSON.stringify({ authToken: answer.authToken, pax: answer.pax, events: answer.events }));
  localStorage.setItem('token', answer.authToken);
};

export const sessionHarness = (
  routes: Record<string, Reply | ((call: RecordedCall) => Reply)>,
  options: { channel?: SessionChannel; now?: () => number } = {},
) => {
  const http = fakeFetch(routes);
  const channel = options.channel ?? channelHub().open();
  const lifecycle = { authenticated: jest.fn(), ended: jest.fn() };
  const deps: SessionDeps = {
    api: createSessionApi(createApiClient({ fetch: http.fetch, getToken: () => localStorage.getItem('token'), log: { error: jest.fn(), warn: jest.fn() } })),
    storage: createSessionStorage(localStorage, sessionStorage),
    channel,
    navigate: jest.fn(),
    now: options.now ?? (() => 1_000_000),
    lifecycle,
    log: { error: jest.fn() },
  };
  return { deps, http, lifecycle };
};
