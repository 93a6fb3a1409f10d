import { navigate } from 'wouter/use-browser-location';
import { api } from '../lib/api';
import { createSessionApi } from './session-api';
import { createBroadcastSessionChannel } from './session-channel';
import { sessionAuthenticated, sessionEnded } from './session-events';
import type { SessionDeps } from './session.machine';
import { createSessionStorage } from './session-storage';

export const browserSessionDeps = (): SessionDeps => ({
  api: createSessionApi(api),
  storage: createSessionStorage(window.localStorage, window.sessionStorage),
  channel: createBroadcastSessionChannel(),
  navigate: (to) => navigate(to),
  now: () => Date.now(),
  lifecycle: {
    authenticated: (user, impersonated) => sessionAuthenticated({ user, impersonated }),
    ended: () => sessionEnded(),
  },
  log: console,
});
