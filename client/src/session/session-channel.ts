import { SESSION_CHANNEL_NAME } from '../config/session';

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
      if (!target) return () => undefined;
      const onMessage = (event: MessageEvent) => {
        if (isSessionMessage(event.data)) listener(event.data);
      };
      target.addEventListener('message', onMessage);
      return () => target.removeEventListener('message', onMessage);
    },
  };
};
