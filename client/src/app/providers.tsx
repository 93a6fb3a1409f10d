import { PrimeReactProvider } from 'primereact/api';
import type { ReactNode } from 'react';
import { SessionProvider } from '../session/session-provider';
import type { SessionDeps } from '../session/session.machine';
import { SessionBridge } from './session-bridge';
import { styleNonce } from './style-nonce';

export function AppProviders({ sessionDeps, children }: { sessionDeps?: SessionDeps; children: ReactNode }) {
  return (
    <PrimeReactProvider value={{ ripple: false, nonce: styleNonce() }}>
      <SessionProvider deps={sessionDeps}>
        <SessionBridge />
        {children}
      </SessionProvider>
    </PrimeReactProvider>
  );
}
