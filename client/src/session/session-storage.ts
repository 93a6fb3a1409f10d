import {
  CART_STORAGE_KEY,
  IMPERSONATED_FROM_STORAGE_KEY,
  IMPERSONATED_STORAGE_KEY,
  SURVEY_MODAL_VIEWED_KEY,
  TOKEN_STORAGE_KEY,
  USER_STORAGE_KEY,
} from '../config/session';
import type { Pax, SessionEvent, SessionUser, StoredSession } from './types';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SessionStorage {
  read(): StoredSession | null;
  write(session: StoredSession): void;
  writeUser(user: SessionUser): void;
  clear(): void;
  /** Clears only while `token` is still the stored one: another tab may have stored a newer session meanwhile. */
  clearIfToken(token: string): void;
  clearCart(): void;
  clearSurveyModalViewed(): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isPax = (value: unknown): value is Pax =>
  isRecord(value) && typeof value.paxId === 'number' && typeof value.firstName === 'string' && typeof value.lastName === 'string';

const isEvent = (value: unknown): value is SessionEvent => isRecord(value) && typeof value.code === 'string';

/** Reads what another tab or an older version may have left; anything malformed counts as no session. */
export const parseStoredUser = (raw: string | null): SessionUser | null => {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isRecord(value) || typeof value.authToken !== 'string' || !isPax(value.pax)) return null;
    const events = Array.isArray(value.events) ? value.events.filter(isEvent) : [];
    return { authToken: value.authToken, pax: value.pax, events };
  } catch {
    return null;
  }
};

export const createSessionStorage = (local: KeyValueStorage, perTab: KeyValueStorage): SessionStorage => ({
  read() {
    const user = parseStoredUser(local.getItem(USER_STORAGE_KEY));
    const token = local.getItem(TOKEN_STORAGE_KEY);
    if (!user || !token) return null;
    const impersonated = local.getItem(IMPERSONATED_STORAGE_KEY) === 'true';
    const returnTo = impersonated ? local.getItem(IMPERSONATED_FROM_STORAGE_KEY) : null;
    return { user, token, impersonated, ...(returnTo ? { returnTo } : {}) };
  },
  write({ user, token, impersonated, returnTo }) {
    local.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    local.setItem(TOKEN_STORAGE_KEY, token);
    if (impersonated) local.setItem(IMPERSONATED_STORAGE_KEY, 'true');
    else local.removeItem(IMPERSONATED_STORAGE_KEY);
    if (impersonated && returnTo) local.setItem(IMPERSONATED_FROM_STORAGE_KEY, returnTo);
    else local.removeItem(IMPERSONATED_FROM_STORAGE_KEY);
  },
  writeUser(user) {
    local.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  },
  clear() {
    local.removeItem(USER_STORAGE_KEY);
    local.removeItem(TOKEN_STORAGE_KEY);
    local.removeItem(IMPERSONATED_STORAGE_KEY);
    local.removeItem(IMPERSONATED_FROM_STORAGE_KEY);
  },
  clearIfToken(token) {
    if (local.getItem(TOKEN_STORAGE_KEY) === token) this.clear();
  },
  clearCart() {
    local.removeItem(CART_STORAGE_KEY);
  },
  clearSurveyModalViewed() {
    perTab.removeItem(SURVEY_MODAL_VIEWED_KEY);
  },
});
