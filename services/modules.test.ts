// Coverage by construction: every operation of the document belongs to exactly one
// module, every module with a secured operation runs the shared security suite,
// and the streams role subscribes every module's processors.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleCatalogue } from '../test/support/module-catalogue.js';
import { securedOperationsOf, securedOperations } from '../test/support/security-suite.js';
import { handlersOf, processorsOf } from './modules.js';
import { loadOpenApiDocument, operationsByModuleFile } from './platform/http/openapi-document.js';
import type { CapabilityModule } from './platform/module.js';

const documentOperationIds = (): string[] =>
  Object.values(loadOpenApiDocument().paths ?? {}).flatMap((item) =>
    (['get', 'put', 'post', 'patch', 'delete'] as const).flatMap((method) => item?.[method]?.operationId ?? []),
  );

/** A nested module's part keeps the folder list flat: identity/workloads is api/modules/identity-workloads.yaml. */
const documentPartOf = (module: CapabilityModule): string => `api/modules/${module.name.replaceAll('/', '-')}.yaml`;

describe('the module list', () => {
  const modules = moduleCatalogue();

  it('gives every operationId of the document to exactly one module', () => {
    const owners = new Map<string, string[]>();
    for (const module of modules) for (const operationId of Object.keys(module.handlers)) owners.set(operationId, [...(owners.get(operationId) ?? []), module.name]);
    const declared = documentOperationIds();
    expect(declared.filter((operationId) => !owners.has(operationId)), 'operations no module handles').toEqual([]);
    expect([...owners].filter(([, names]) => names.length > 1), 'operations two modules claim').toEqual([]);
    expect([...owners.keys()].filter((operationId) => !declared.includes(operationId)), 'handlers the document does not declare').toEqual([]);
  });

  it("handles exactly the operations of its own part of the document, api/modules/<module>.yaml", () => {
    const byFile = operationsByModuleFile();
    for (const module of modules) {
      expect(Object.keys(module.handlers).sort(), module.name).toEqual([...(byFile.get(documentPartOf(module)) ?? [])].sort());
    }
    expect([...byFile.keys()].filter((file) => !modules.some((module) => file === documentPartOf(module))), 'document parts no module owns').toEqual([]);
  });

  it('refuses to build routes when two modules claim one operation', () => {
    const handler = async () => ({ status: 204 as const });
    const twice: CapabilityModule[] = [
      { name: 'first', handlers: { deleteWebhookEndpoint: handler } },
      { name: 'second', handlers: { deleteWebhookEndpoint: handler } },
    ];
    expect(() => handlersOf(twice)).toThrow('operation deleteWebhookEndpoint is claimed by two modules: first and second');
  });

  it('runs the shared security suite over every module that has a secured operation', () => {
    const secured = modules.filter((module) => securedOperationsOf(module).length > 0);
    expect(secured.flatMap((module) => securedOperationsOf(module)).length, 'every secured operation is some module’s').toBe(securedOperations().length);
    const missing = secured
      .filter((module) => {
        const file = path.join(import.meta.dirname, module.name, 'security.test.ts');
        return !existsSync(file) || !readFileSync(file, 'utf8').includes(`describeModuleSecurity('${module.name}')`);
      })
      .map((module) => `services/${module.name}/security.test.ts`);
    expect(missing, "add the file with describeModuleSecurity('<module>')").toEqual([]);
  });

  it('names each module after its folder under services/', () => {
    for (const module of modules) expect(existsSync(path.join(import.meta.dirname, module.name, 'index.ts')), module.name).toBe(true);
  });

  it('subscribes each processor in a consumer group of its own, the scan summaries beside the findings', () => {
    const processors = processorsOf(modules);
    expect(processors.map((processor) => `${processor.group} <- ${processor.topic.name}`)).toEqual(
      expect.arrayContaining(['findings <- scanner-results', 'scan-summaries <- scanner-results', 'webhook-dispatcher <- domain-events', 'analytics-sink <- domain-events']),
    );
    expect(new Set(processors.map((processor) => processor.group)).size).toBe(processors.length);
  });
});
