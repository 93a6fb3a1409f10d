import { execFileSync } from 'node:child_process';
import { E2E_SERVER } from './worker-server';

/**
 * Compiles the server once for the whole run (as `npm start` compiles it); each worker then starts its own copy with
 * node, which is quicker and lighter than a tsx server per worker.
 */
export default function globalSetup(): void {
  execFileSync(process.execPath, ['server/cli/build-server.mjs', E2E_SERVER], { stdio: 'inherit' });
}
