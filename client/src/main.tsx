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

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <Router hook={useCarryingLocation}>
      <App />
    </Router>
  </StrictMode>,
);
