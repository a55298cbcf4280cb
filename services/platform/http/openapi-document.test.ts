import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { getOpenApiDocument } from '../../health/handlers/getOpenApiDocument.js';
import type { OperationContext } from './handler.js';
import { createOpenApiBackend } from './app.js';
import { bundleOpenApiDocument, loadOpenApiDocument, openApiPath, operationsByModuleFile } from './openapi-document.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// The served document as it was while api/openapi.yaml was one file (commit 37b2fa6),
// written once from that file and not from the bundler under test.
const beforeSplit = JSON.parse(readFileSync(path.join(repo, 'api/testdata/openapi.before-split.json'), 'utf8')) as Record<string, unknown>;

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

function everyRef(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => everyRef(item, found));
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref') found.push(String(value));
      everyRef(value, found);
    }
  }
  return found;
}

/** The document as JSON, component names in one order: what differs when only that order differs. */
function withSortedComponentNames(document: Record<string, unknown>): string {
  const components = document.components as Record<string, Record<string, unknown>>;
  const sorted = Object.fromEntries(Object.entries(components).map(([type, named]) => [type, Object.fromEntries(Object.entries(named).sort(([a], [b]) => a.localeCompare(b)))]));
  return JSON.stringify({ ...document, components: sorted }, null, 2);
}

describe('the OpenAPI document bundled from api/openapi.yaml and its module files', () => {
  it('compiles a request, response and response-header validator for every operation (the app compiles them when first called)', async () => {
    const api = await createOpenApiBackend(loadOpenApiDocument());
    expect(api.getOperations().length).toBeGreaterThan(100);
    expect(() => {
      api.validator.preCompileRequestValidators();
      api.validator.preCompileResponseValidators();
      api.validator.preCompileResponseHeaderValidators();
    }).not.toThrow();
    expect(Object.keys(api.validator.requestValidators)).toHaveLength(api.getOperations().length);
    // About ten seconds of CPU: the whole document's validators at once.
  }, 300_000);

  it('is the document served before the split', () => {
    const document = loadOpenApiDocument() as unknown as Record<string, unknown>;
    expect(document).toStrictEqual(beforeSplit);
    // Order too: paths, operations, parameters and properties as before; only the component
    // maps list the root's shared names before each module's.
    expect(withSortedComponentNames(document)).toBe(withSortedComponentNames(beforeSplit));
  });

  it('is what GET /api/v1/openapi.json answers, naming this service as its server', async () => {
    const answer = await getOpenApiDocument({ publicUrl: 'http://127.0.0.1:9137' })({} as OperationContext<'getOpenApiDocument'>);
    expect(answer.status).toBe(200);
    expect(JSON.parse(JSON.stringify(answer.body))).toStrictEqual({ ...beforeSplit, servers: [{ url: 'http://127.0.0.1:9137', description: 'This service' }] });
    // The source's development address, whatever port the service runs on, is what it served before.
    expect(beforeSplit.servers).toEqual([{ url: 'http://127.0.0.1:8080', description: 'Embedded profile on a developer machine' }]);
  });

  it('has no $ref pointing outside itself', () => {
    const document = loadOpenApiDocument() as unknown as { components: Record<string, Record<string, unknown>> };
    const refs = everyRef(document);
    expect(refs.length).toBeGreaterThan(500);
    for (const ref of refs) {
      const match = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref);
      expect(match, ref).not.toBeNull();
      expect(document.components[match![1]!]?.[match![2]!], ref).toBeDefined();
    }
  });

  it('gives each caller its own copy', () => {
    const first = loadOpenApiDocument();
    first.info.title = 'changed';
    delete first.components!.schemas!.Error;
    const second = loadOpenApiDocument();
    expect(second.info.title).toBe((beforeSplit.info as { title: string }).title);
    expect(second.components!.schemas!.Error).toBeDefined();
  });

  it('lists each operation once, under the module file of the capability whose handler serves it', () => {
    const byFile = operationsByModuleFile();
    const listed = [...byFile.values()].flat();
    const declared = Object.values(loadOpenApiDocument().paths).flatMap((item) =>
      Object.entries(item!).filter(([key]) => METHODS.has(key)).map(([, operation]) => (operation as { operationId: string }).operationId));
    expect([...listed].sort()).toEqual([...declared].sort());
    expect(new Set(listed).size).toBe(listed.length);
    for (const [file, operationIds] of byFile) {
      expect(file).toMatch(/^api\/modules\/[a-z-]+\.yaml$/);
      // A nested capability's part is named after its path with hyphens: identity-sso.yaml is services/identity/sso.
      const capability = path.basename(file, '.yaml').replace(/^(identity|nhi)-/, '$1/');
      for (const id of operationIds) expect(existsSync(path.join(repo, 'services', capability, 'handlers', `${id}.ts`)), `${file}: ${id}`).toBe(true);
    }
  });
});

describe('bundleOpenApiDocument', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /** Writes files (name -> YAML text) to a fresh folder and returns the root's path. */
  function fixture(files: Record<string, string>): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-bundle-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    return path.join(dir, 'root.yaml');
  }

  const root = (paths: string) => `
openapi: 3.0.3
info: { title: t, version: '1' }
paths:
${paths}
components:
  schemas:
    Shared: { type: string }
`;

  it('inlines path items and moves module components into the root, re-pointing their refs', () => {
    const rootFile = fixture({
      'root.yaml': root(`  /a/{id}:\n    $ref: './modules/a.yaml#/paths/~1a~1%7Bid%7D'`),
      'modules/a.yaml': `
paths:
  /a/{id}:
    get:
      operationId: getA
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/A' }
components:
  schemas:
    A:
      type: object
      properties:
        shared: { description: kept beside the ref, $ref: '../root.yaml#/components/schemas/Shared' }
        self: { $ref: '#/components/schemas/A' }
`,
    });
    expect(bundleOpenApiDocument(rootFile)).toStrictEqual({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/a/{id}': {
          get: {
            operationId: 'getA',
            responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } } } },
          },
        },
      },
      components: {
        schemas: {
          Shared: { type: 'string' },
          A: {
            type: 'object',
            properties: {
              shared: { description: 'kept beside the ref', $ref: '#/components/schemas/Shared' },
              self: { $ref: '#/components/schemas/A' },
            },
          },
        },
      },
    });
  });

  const module = (name: string, component: string) => `
paths:
  /${name}:
    get:
      operationId: get_${name}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/${component}' }
components:
  schemas:
    ${component}: { type: object, title: ${name} }
`;

  it('refuses one component name defined in two files', () => {
    const rootFile = fixture({
      'root.yaml': root(`  /a:\n    $ref: './a.yaml#/paths/~1a'\n  /b:\n    $ref: './b.yaml#/paths/~1b'`),
      'a.yaml': module('a', 'Thing'),
      'b.yaml': module('b', 'Thing'),
    });
    expect(() => bundleOpenApiDocument(rootFile)).toThrow(/component schemas\/Thing is defined in both/);
  });

  it('refuses a module component named like a root one', () => {
    const rootFile = fixture({ 'root.yaml': root(`  /a:\n    $ref: './a.yaml#/paths/~1a'`), 'a.yaml': module('a', 'Shared') });
    expect(() => bundleOpenApiDocument(rootFile)).toThrow(/component schemas\/Shared is defined in both/);
  });

  it('refuses a file outside the root document folder', () => {
    const rootFile = fixture({ 'root.yaml': root(`  /a:\n    $ref: '../elsewhere.yaml#/paths/~1a'`) });
    expect(() => bundleOpenApiDocument(rootFile)).toThrow(/names something other than a file under/);
  });

  it('refuses a ref to nothing', () => {
    const missingPath = fixture({ 'root.yaml': root(`  /a:\n    $ref: './a.yaml#/paths/~1b'`), 'a.yaml': module('a', 'A') });
    expect(() => bundleOpenApiDocument(missingPath)).toThrow(/has nothing at #\/paths\/~1b/);
    const missingShared = fixture({
      'root.yaml': root(`  /a:\n    $ref: './a.yaml#/paths/~1a'`),
      'a.yaml': module('a', 'A').replace("'#/components/schemas/A'", "'./root.yaml#/components/schemas/Gone'"),
    });
    expect(() => bundleOpenApiDocument(missingShared)).toThrow(/refers to #\/components\/schemas\/Gone, which it does not define/);
  });

  it('bundles the real root with the same result as loadOpenApiDocument', () => {
    expect(bundleOpenApiDocument(openApiPath)).toStrictEqual(loadOpenApiDocument());
  });
});
