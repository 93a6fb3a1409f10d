import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = resolve('dist/client');
const BUDGET_KB = 250;

const gzipKb = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length / 1024;

/** Static imports of a built chunk (`import{a}from"./x.js"`, `import"./x.js"`); `import("./x.js")` is lazy and not followed. */
const staticImports = (code: string): string[] => {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\.?\/[^"']+\.js)["']/g)) found.add(m[1]);
  for (const m of code.matchAll(/\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["'](\.\.?\/[^"']+\.js)["']/g)) found.add(m[1]);
  return [...found];
};

/** The chunk files reachable by static imports from `roots` (paths under dist/client). */
const closure = (roots: string[]): Set<string> => {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const rel of staticImports(readFileSync(file, 'utf8'))) queue.push(resolve(dirname(file), rel));
  }
  return seen;
};

const weigh = (files: Iterable<string>) => [...files].reduce((kb, f) => kb + gzipKb(readFileSync(f)), 0);

/** Entry script and modulepreloads of index.html, as dist paths. */
const initialFiles = (): string[] => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map(
    (m) => m[1],
  );
  return refs.map((r) => join(DIST, r.replace(/^\//, '')));
};

const routeChunk = (prefix: string) =>
  readdirSync(join(DIST, 'assets'))
    .filter((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'))
    .map((f) => join(DIST, 'assets', f));

/** `npm run bench weight`: gzipped JavaScript of the member home before any lazy chunk, against the 250 KB budget and against React + ReactDOM alone. */
export async function benchClientWeight(): Promise<string> {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/client/index.html is missing: run `npx vite build` first');
  const initial = closure(initialFiles());
  const initialKb = weigh(initial);
  const home = closure([...initial, ...routeChunk('home-page'), ...routeChunk('member-chrome')]);
  const homeKb = weigh(home);
  const react = [
    'react/cjs/react.production.js',
    'react/cjs/react-jsx-runtime.production.js',
    'react-dom/cjs/react-dom.production.js',
    'react-dom/cjs/react-dom-client.production.js',
    'scheduler/cjs/scheduler.production.js',
  ]
    .map((p) => resolve('node_modules', p))
    .filter(existsSync);
  const reactKb = gzipKb(Buffer.concat(react.map((f) => readFileSync(f))));
  const verdict = initialKb <= BUDGET_KB ? 'within' : 'OVER';
  return [
    'client weight (gzip -9 of built JavaScript)',
    `  before any lazy chunk: ${initialKb.toFixed(1)} KB in ${initial.size} files, ${verdict} the ${BUDGET_KB} KB budget (${((initialKb / BUDGET_KB) * 100).toFixed(0)}%)`,
    `  member home with its route chunks: ${homeKb.toFixed(1)} KB in ${home.size} files`,
    `  baseline React + ReactDOM production builds: ${reactKb.toFixed(1)} KB`,
    `  ratio to baseline: initial ${(initialKb / reactKb).toFixed(2)}x, member home ${(homeKb / reactKb).toFixed(2)}x`,
  ].join('\n');
}
