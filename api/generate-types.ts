// Writes the API's types (api/openapi.d.ts) from the document the service serves:
// api/openapi.yaml bundled with its module files by the service's own loader, so the
// types are those of the document a request is validated against. The service's
// handlers (services/platform/http/handler.ts) and the dashboard both compile against
// this one file. It is committed (a change of the API shows in review as a change of
// the types the code compiles against); `--check` fails when it is stale, and
// `npm run typecheck` runs it so, before the dashboard's type check.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { loadOpenApiDocument } from '../services/platform/http/openapi-document.js';

const target = path.resolve(import.meta.dirname, 'openapi.d.ts');
const header = '// Generated from api/openapi.yaml by api/generate-types.ts: do not edit. Run `npm run api:types`.\n';

/**
 * The document without its `discriminator`s. They tell the validator which branch of a
 * oneOf to check (policy conditions, SSO providers); openapi-typescript instead reads a
 * discriminator without a mapping as naming each branch by its schema's name (`field:
 * "PolicyConditionKind"`), while every branch already fixes the property's value with an
 * enum, which gives the type the API takes. (A mapping would name the values, but the
 * validator, ajv, refuses a mapping.)
 */
function withoutDiscriminators(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDiscriminators);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'discriminator').map(([key, member]) => [key, withoutDiscriminators(member)]));
}

// emptyObjectsUnknown: an object schema without properties (an SBOM, the document itself)
// is any object, not one with no members.
const generated = header + astToString(await openapiTS(withoutDiscriminators(loadOpenApiDocument()) as OpenAPI3, { emptyObjectsUnknown: true }));

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // A missing file is as stale as an outdated one.
  }
  if (current !== generated) {
    console.error('api/openapi.d.ts is not the one api/openapi.yaml gives: run `npm run api:types` and commit it.');
    process.exit(1);
  }
} else {
  writeFileSync(target, generated);
}
