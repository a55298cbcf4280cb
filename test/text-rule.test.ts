// The one input rule at the facade (services/platform/http/text-rule.ts), sent to
// every string of every operation the document declares: each path and query
// parameter gets a NUL, each string of each request body (however deep) a NUL and
// an unpaired surrogate. Every request answers 400 validation_failed naming the
// field; none reaches a handler (the tenant's data is unchanged). A string inside a
// subtree the document marks as a customer's document (x-sentinel-document) passes
// the rule instead: the request goes on to validation, whose answer names no text
// problem (the import of such a report is shown in importScanReport.test.ts).
import { describe, expect, it } from 'vitest';
import { scopeRegistry } from '../services/platform/authorization/permissions.js';
import { loadOpenApiDocument, resolveLocalReference } from '../services/platform/http/openapi-document.js';
import { DOCUMENT_EXTENSION } from '../services/platform/http/text-rule.js';
import type { OpenAPIV3 } from 'openapi-types';
import { testProfiles, useTestApp, type TestTenant } from './support/test-app.js';

type Schema = OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject;
const document = loadOpenApiDocument();
const resolve = <T,>(node: T | OpenAPIV3.ReferenceObject): T => resolveLocalReference(document, node);

interface BadBody {
  body: unknown;
  where: string;
  /** Inside a subtree the document marks DOCUMENT_EXTENSION. */
  inDocument: boolean;
}

/** A JSON value holding `bad` at one string location of the schema, with that location as the problem names it; one per location. */
function bodiesWithBadString(schema: Schema, bad: string, where = '/requestBody', depth = 0, inDocument = false): BadBody[] {
  const resolved = resolve<OpenAPIV3.SchemaObject>(schema);
  if (depth > 6) return [];
  const document = inDocument || (resolved as Record<string, unknown>)[DOCUMENT_EXTENSION] === true;
  const branches = [...(resolved.oneOf ?? []), ...(resolved.anyOf ?? []), ...(resolved.allOf ?? [])];
  const found = branches.flatMap((branch) => bodiesWithBadString(branch, bad, where, depth + 1, document));
  if (resolved.type === 'string' || (resolved.type === undefined && resolved.enum?.every((value) => typeof value === 'string'))) found.push({ body: bad, where, inDocument: document });
  if (resolved.type === 'array' && resolved.items) {
    for (const inner of bodiesWithBadString(resolved.items, bad, `${where}/0`, depth + 1, document)) found.push({ ...inner, body: [inner.body] });
  }
  for (const [name, property] of Object.entries(resolved.properties ?? {})) {
    for (const inner of bodiesWithBadString(property, bad, `${where}/${name}`, depth + 1, document)) found.push({ ...inner, body: { [name]: inner.body } });
  }
  // A document's members are its author's: a NUL in a member name, at any depth, passes too.
  if (document && resolved.type === 'object' && !resolved.properties) found.push({ body: { [`member${bad}`]: { deeper: [bad] } }, where: `${where}/member`, inDocument: true });
  const seen = new Set<string>();
  return found.filter((candidate) => !seen.has(candidate.where) && seen.add(candidate.where));
}

interface Probe {
  title: string;
  operation: OpenAPIV3.OperationObject & { operationId: string };
  method: string;
  url: string;
  body?: unknown;
  where: string;
  inDocument: boolean;
}

const NUL = 'a\u0000b';
const UNPAIRED = 'a\ud800b';
const probes: Probe[] = [];
for (const [path, item] of Object.entries(document.paths ?? {})) {
  for (const method of ['get', 'put', 'post', 'patch', 'delete'] as const) {
    const operation = item?.[method] as (OpenAPIV3.OperationObject & { operationId: string }) | undefined;
    if (!operation) continue;
    const parameters = [...(item?.parameters ?? []), ...(operation.parameters ?? [])].map((parameter) => resolve<OpenAPIV3.ParameterObject>(parameter));
    const fill = (name?: string) => path.replace(/\{([^}]+)\}/g, (_, parameter: string) => (parameter === name ? encodeURIComponent(NUL) : '0190c3c6-7c6a-7000-8000-000000000001'));
    for (const parameter of parameters) {
      if (parameter.in === 'path') probes.push({ title: `${operation.operationId} path ${parameter.name}`, operation, method, url: fill(parameter.name), where: `/path/${parameter.name}`, inDocument: false });
      if (parameter.in === 'query') probes.push({ title: `${operation.operationId} query ${parameter.name}`, operation, method, url: `${fill()}?${parameter.name}=${encodeURIComponent(NUL)}`, where: `/query/${parameter.name}`, inDocument: false });
    }
    const schema = resolve<OpenAPIV3.RequestBodyObject | undefined>(operation.requestBody)?.content?.['application/json']?.schema;
    if (!schema) continue;
    for (const [kind, bad] of [['NUL', NUL], ['unpaired surrogate', UNPAIRED]] as const) {
      for (const { body, where, inDocument } of bodiesWithBadString(schema, bad)) {
        probes.push({ title: `${operation.operationId} body ${where}${inDocument ? ' in a document' : ''} (${kind})`, operation, method, url: fill(), body, where, inDocument });
      }
    }
  }
}

describe.each(testProfiles)('text no column can hold, on $profile', ({ profile }) => {
  const t = useTestApp({ profile, rateLimit: { perMinute: 1_000_000 } });

  it('probes every operation that takes a string', () => {
    const probed = new Set(probes.map((probe) => probe.operation.operationId));
    expect(probed.size).toBeGreaterThan(40);
    expect(probes.length).toBeGreaterThan(150);
  });

  // One tenant for every probe: nothing a refused request does may show in its snapshot.
  let caller: Promise<{ tenant: TestTenant; key: string; directoryToken: string }> | undefined;
  const callerOnce = () =>
    (caller ??= t.current.tenant().then(async (tenant) => ({
      tenant,
      key: (await t.current.apiKey(tenant.owner, [...scopeRegistry.grantable.keys()])).key,
      directoryToken: await t.current.directoryToken(tenant),
    })));

  it('marks at least the report of an import as a document', () => {
    expect(probes.filter((probe) => probe.inDocument).map((probe) => `${probe.operation.operationId} ${probe.where}`)).toEqual(
      expect.arrayContaining(['importScanReport /requestBody/report', 'importScanReport /requestBody/report/member']),
    );
  });

  // What the tenant holds before the first probe and after the last: no probe may change
  // anything. Once around all of them, not around each: a snapshot is some fifteen
  // requests, and around each of the probes it was most of the file's time.
  let before: Awaited<ReturnType<typeof t.current.snapshot>> | undefined;
  it('reads what the tenant holds before the probes', async () => {
    before = await t.current.snapshot((await callerOnce()).tenant);
    expect(before.members.length).toBeGreaterThan(0);
  });

  const send = async (probe: Probe) => {
    const { tenant, key, directoryToken } = await callerOnce();
    const schemes = (probe.operation.security ?? document.security ?? []).flatMap((requirement) => Object.keys(requirement));
    const token = schemes.length === 0 ? undefined : schemes.includes('session') ? tenant.owner.token : schemes.includes('directoryToken') ? directoryToken : key;
    return t.current.call(probe.method.toUpperCase(), probe.url, { token, body: probe.body });
  };

  it.each(probes.filter((probe) => !probe.inDocument))('refuses $title with 400 naming the field', async (probe) => {
    const response = await send(probe);
    expect(response.status, response.raw).toBe(400);
    // The directory protocol answers in SCIM's error shape (detail for error, no code).
    if (response.body.schemas) {
      expect(response.body).toMatchObject({ status: '400', scimType: 'invalidValue' });
      expect(response.body.detail).toContain(`${probe.where} contains a NUL character or an unpaired surrogate`);
      return;
    }
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.error).toContain(`${probe.where} contains a NUL character or an unpaired surrogate`);
  });

  // The probe's body holds nothing else, so validation refuses it for the missing
  // required members: the rule let it through, and nothing was recorded.
  it.each(probes.filter((probe) => probe.inDocument))('lets $title through to validation', async (probe) => {
    const response = await send(probe);
    expect(response.status, response.raw).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.error).toMatch(/required/);
    expect(response.body.error).not.toContain('NUL');
  });

  it('leaves the tenant as it was: no probe reached a handler', async () => {
    expect(before).toBeDefined();
    expect(await t.current.snapshot((await callerOnce()).tenant)).toEqual(before);
  });
});
