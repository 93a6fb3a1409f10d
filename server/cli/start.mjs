// `npm start`: builds the client (vite) and the server (esbuild) when their sources changed since the last build, then
// runs the compiled server with node in this process. A restart with nothing changed starts in about a second.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

await buildIfStale();
await import(pathToFileURL(resolve('dist/server/index.js')).href);
