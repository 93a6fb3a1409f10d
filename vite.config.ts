import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:3000';

export default defineConfig({
  root: 'client',
  plugins: [react()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
  },
  server: {
    // The client imports the shared contract (event-schemas/contract/) from outside its root; nothing else is served.
    fs: { allow: ['.', '../event-schemas/contract', '../node_modules'] },
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/cda': { target: api, changeOrigin: false },
      '/healthz': { target: api, changeOrigin: false },
    },
  },
});
