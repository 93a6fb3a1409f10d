// `npm run lint:openapi` writes the generated OpenAPI document to a file and lints it with Redocly (redocly.yaml).
// The document is the one GET /api/rest/openapi.json serves: the same routes and codecs, without a database.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { allRoutes } from '../composition-root';
import { settingsFromEnv } from '../config';
import { openApiDocument } from '../core/openapi';
import type { Deps } from '../deps';

const out = process.argv[2] ?? '.tmp/openapi.json';
// Building the route table reads only the settings; no handler runs.
const routes = allRoutes({ settings: settingsFromEnv() } as Deps);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(openApiDocument(routes), null, 1));
console.log(`OpenAPI document of ${routes.length} routes written to ${out}`);
