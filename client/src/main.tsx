import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primeicons/primeicons.css';
import './app/theme.css';
import './app/app.css';
import './app/pages.css';
import './app/shell-bottom.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App } from './app/app';
import { useCarryingLocation } from './lib/carrying-location';
import { loadClientConfig } from './lib/client-config';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
// Early, so a deployment's own time zone is the client's "today" before a screen needs it (programme-calendar.ts); a
// failure is retried by the first screen that needs the configuration.
loadClientConfig().catch(() => undefined);

createRoot(root).render(
  <StrictMode>
    <Router hook={useCarryingLocation}>
      <App />
    </Router>
  </StrictMode>,
);
