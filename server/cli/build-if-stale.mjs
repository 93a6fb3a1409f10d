// Builds the client (vite) and the server (esbuild) into dist/ when their sources changed since the last build, as
// `npm start` needs them; run on its own (`node server/cli/build-if-stale.mjs`), it is the build step of `npm test`,
// so a test that starts `npm start` finds dist/ current and never rebuilds it under the end-to-end servers' feet.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer } from './build-server.mjs';

const SOURCES = ['client', 'server', 'projections', 'event-schemas', 'index.html', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];
const STAMP = 'dist/.build-stamp';

/** The newest modification time under `path` (files only; node_modules and dist are never sources). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => (name === 'node_modules' || name === 'dist' ? max : Math.max(max, newest(join(path, name)))), 0);
}

/** Builds dist/ unless it is newer than every source; answers whether it built. */
export async function buildIfStale() {
  const built = existsSync(STAMP) && existsSync('dist/server/index.js') && existsSync('dist/client/index.html') ? statSync(STAMP).mtimeMs : 0;
  if (Math.max(...SOURCES.map(newest)) <= built) return false;
  console.log('Building the client and the server...');
  // Always React's production build: Vite takes the development one from a NODE_ENV it inherits, and jest sets
  // NODE_ENV=test. A test that ran `npm start` on stale sources so left a development client in dist/, and the
  // end-to-end run after it was slower and failed on React's development warnings.
  execFileSync(process.execPath, [resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  await buildServer();
  writeFileSync(STAMP, new Date().toISOString());
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildIfStale();
