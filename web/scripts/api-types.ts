// Writes the dashboard's API types (web/src/api/schema.d.ts) from the document the
// service serves: api/openapi.yaml bundled with its module files by the service's own
// loader, so the types are those of the document a request is validated against.
// The file is committed (a change of the API shows in review as a change of the
// types the pages compile against); `--check` fails when it is stale, and
// `npm run typecheck` runs it so, before the dashboard's type check.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { loadOpenApiDocument } from '../../services/platform/http/openapi-document.js';

const target = path.resolve(import.meta.dirname, '../src/api/schema.d.ts');
const header = '// Generated from api/openapi.yaml by web/scripts/api-types.ts: do not edit. Run `npm run web:api-types`.\n';

const generated = header + astToString(await openapiTS(loadOpenApiDocument() as unknown as OpenAPI3));

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // A missing file is as stale as an outdated one.
  }
  if (current !== generated) {
    console.error('web/src/api/schema.d.ts is not the one api/openapi.yaml gives: run `npm run web:api-types` and commit it.');
    process.exit(1);
  }
} else {
  writeFileSync(target, generated);
}
