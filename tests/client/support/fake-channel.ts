import type { SessionChannel, SessionMessage } from '../../../client/src/session/session-channel';

/** Two or more tabs' channels joined together; like BroadcastChannel, a tab does not hear itself. */
export const channelHub = () => {
  const tabs = new Set<{ listeners: Set<(message: SessionMessage) => void> }>();
  const open = (): SessionChannel & { posted: SessionMessage[] } => {
    const tab = { listeners: new Set<(message: SessionMessage) => void>() };
    tabs.add(tab);
    const posted: SessionMessage[] = [];
    return {
      posted,
      post(message) {
        posted.push(message);
        for (const other of tabs) if (other !== tab) for (const listener of other.listeners) listener(message);
      },
      subscribe(listener) {
        tab.listeners.add(listener);
        return () => tab.listeners.delete(listener);
      },
    };
  };
  return { open };
};
