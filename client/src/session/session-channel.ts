import { SESSION_CHANNEL_NAME, TOKEN_STORAGE_KEY } from '../config/session';

export type SessionMessage = { type: 'signIn' } | { type: 'signOut' };

export interface SessionChannel {
  post(message: SessionMessage): void;
  subscribe(listener: (message: SessionMessage) => void): () => void;
}

const isSessionMessage = (value: unknown): value is SessionMessage =>
  typeof value === 'object' && value !== null && ((value as { type?: unknown }).type === 'signIn' || (value as { type?: unknown }).type === 'signOut');

/**
 * One BroadcastChannel for posting and listening, so a tab never hears its own messages.
 * Without BroadcastChannel (old browsers, jsdom) tabs simply do not hear each other.
 */
export const createBroadcastSessionChannel = (name = SESSION_CHANNEL_NAME): SessionChannel => {
  let channel: BroadcastChannel | null = null;
  const open = () => {
    if (!channel && typeof BroadcastChannel !== 'undefined') channel = new BroadcastChannel(name);
    return channel;
  };
  return {
    post(message) {
      open()?.postMessage(message);
    },
    subscribe(listener) {
      const target = open();
      const onMessage = (event: MessageEvent) => {
        if (isSessionMessage(event.data)) listener(event.data);
      };
      // A second, independent signal: every other tab of the origin gets a storage event when the token changes.
      // A busy browser was seen to leave a background tab's broadcast unhandled; a repeat only costs a keepalive.
      const onStorage = (event: StorageEvent) => {
        if (event.key !== TOKEN_STORAGE_KEY || event.oldValue === event.newValue) return;
        listener(event.newValue ? { type: 'signIn' } : { type: 'signOut' });
      };
      target?.addEventListener('message', onMessage);
      if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      return () => {
        target?.removeEventListener('message', onMessage);
        if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
  };
};
