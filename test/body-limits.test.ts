// The shape limits of request bodies (services/platform/http/body-limits.ts), sent to
// every operation of the document that takes a body, in each media type it declares:
// a body nested 2,000 levels deep (each of them a 500 before), one nested past the
// limit of every other body but within that of a body holding a customer's document,
// and one with more members than the limit. Each answers 400 validation_failed (in
// SCIM's error shape under /api/scim/v2), none reaches a handler, and the tenant's data
// is unchanged. A customer's report nested up to the limit of a document is imported.
import { describe, expect, it } from 'vitest';
import type { OpenAPIV3 } from 'openapi-types';
import { scopeRegistry } from '../services/platform/authorization/permissions.js';
import { BODY_LIMITS, DOCUMENT_BODY_LIMITS } from '../services/platform/http/body-limits.js';
import { loadOpenApiDocument, resolveLocalReference } from '../services/platform/http/openapi-document.js';
import { readReportFixture } from '../services/findings/testing/report-fixtures.js';
import { testProfiles, useTestApp, type TestTenant } from './support/test-app.js';

const document = loadOpenApiDocument();
const resolve = <T,>(node: T | OpenAPIV3.ReferenceObject): T => resolveLocalReference(document, node);

const nestedObject = (depth: number): string => '{"x":'.repeat(depth) + '1' + '}'.repeat(depth);
const FORM = 'application/x-www-form-urlencoded';

interface Probe {
  title: string;
  operation: OpenAPIV3.OperationObject & { operationId: string };
  method: string;
  url: string;
  contentType: string;
  payload: string;
  error: RegExp;
}

const probes: Probe[] = [];
for (const [path, item] of Object.entries(document.paths ?? {})) {
  for (const method of ['get', 'put', 'post', 'patch', 'delete'] as const) {
    const operation = item?.[method] as (OpenAPIV3.OperationObject & { operationId: string }) | undefined;
    const requestBody = resolve<OpenAPIV3.RequestBodyObject | undefined>(operation?.requestBody);
    if (!operation || !requestBody) continue;
    const url = path.replace(/\{[^}]+\}/g, '0190c3c6-7c6a-7000-8000-000000000001');
    for (const contentType of Object.keys(requestBody.content)) {
      const probe = { operation, method: method.toUpperCase(), url, contentType };
      // A form has no nesting: its shape is its number of fields.
      if (contentType === FORM) {
        probes.push({ ...probe, title: `${operation.operationId} (${contentType}) with too many fields`, payload: 'f=1&'.repeat(BODY_LIMITS.members) + 'f=1', error: /more than 100000 members/ });
        continue;
      }
      probes.push(
        { ...probe, title: `${operation.operationId} (${contentType}) nested 2,000 levels`, payload: nestedObject(2_000), error: /nested deeper than 512 levels/ },
        { ...probe, title: `${operation.operationId} (${contentType}) nested 65 levels`, payload: nestedObject(BODY_LIMITS.depth + 1), error: /nested deeper than 64 levels/ },
        { ...probe, title: `${operation.operationId} (${contentType}) with too many members`, payload: JSON.stringify({ x: new Array(BODY_LIMITS.members).fill(0) }), error: /more than 100000 members/ },
      );
    }
  }
}

describe.each(testProfiles)('body shape limits on $profile', ({ profile }) => {
  const t = useTestApp({ profile, rateLimit: { perMinute: 1_000_000, authPerMinute: 1_000_000 } });

  it('probes every operation that takes a body, in every media type it declares', () => {
    const operations = new Set(probes.map((probe) => probe.operation.operationId));
    expect(operations.size).toBe(Object.values(document.paths ?? {}).flatMap((item) => ['get', 'put', 'post', 'patch', 'delete'].filter((method) => (item as Record<string, { requestBody?: unknown }>)[method]?.requestBody)).length);
    expect(operations.size).toBeGreaterThan(60);
    expect(new Set(probes.map((probe) => probe.contentType))).toEqual(new Set(['application/json', 'application/scim+json', FORM]));
  });

  // One tenant for every probe: nothing a refused request does may show in its snapshot,
  // read before the first probe and after the last (a snapshot is some fifteen requests;
  // around each probe it was most of the file's time).
  let caller: Promise<{ tenant: TestTenant; key: string; directoryToken: string; before: unknown }> | undefined;
  const callerOnce = () =>
    (caller ??= t.current.tenant().then(async (tenant) => ({
      tenant,
      key: (await t.current.apiKey(tenant.owner, [...scopeRegistry.grantable.keys()])).key,
      directoryToken: await t.current.directoryToken(tenant),
      before: await t.current.snapshot(tenant),
    })));

  it.each(probes)('refuses $title with 400 validation_failed', async (probe) => {
    const { tenant, key, directoryToken } = await callerOnce();
    const schemes = (probe.operation.security ?? document.security ?? []).flatMap((requirement) => Object.keys(requirement));
    const token = schemes.length === 0 ? undefined : schemes.includes('session') ? tenant.owner.token : schemes.includes('directoryToken') ? directoryToken : key;
    const response = await t.current.call(probe.method, probe.url, { token, body: probe.payload, headers: { 'content-type': probe.contentType } });
    expect(response.status, response.raw).toBe(400);
    if (probe.url.startsWith('/api/scim/v2/')) {
      expect(response.body).toMatchObject({ status: '400', scimType: 'invalidSyntax' });
      expect(response.body.detail).toMatch(probe.error);
    } else {
      expect(response.body.code).toBe('validation_failed');
      expect(response.body.error).toMatch(probe.error);
    }
  });

  it('leaves the tenant as it was: no probe reached a handler', async () => {
    const { tenant, before } = await callerOnce();
    expect(await t.current.snapshot(tenant)).toEqual(before);
  });

  describe('a customer report (x-sentinel-document)', () => {
    /** A real Trivy report carrying, beside its results, a member nested `depth` levels (the report's own object is the first). */
    const reportNested = (depth: number) => ({ ...(readReportFixture('trivy/alpine-310.json') as object), Extra: JSON.parse('['.repeat(depth - 1) + '1' + ']'.repeat(depth - 1)) });

    it('is imported nested as deep as a body holding a document may be, and fingerprinted for its idempotency key', async () => {
      const { key } = await callerOnce();
      // The body is the report's envelope, one level more.
      const body = { image: 'registry.example.test/deep/app:1', format: 'trivy', report: reportNested(DOCUMENT_BODY_LIMITS.depth - 1) };
      const headers = { 'idempotency-key': 'deep-report-1' };
      const imported = await t.current.call('POST', '/api/v1/scans/import', { token: key, body, headers });
      expect(imported.status, imported.raw).toBe(202);
      const replayed = await t.current.call('POST', '/api/v1/scans/import', { token: key, body, headers });
      expect([replayed.status, replayed.headers['idempotent-replayed'], replayed.body.id]).toEqual([202, 'true', imported.body.id]);
    });

    it('is refused one level deeper, and so is an envelope nested past the limit of other bodies', async () => {
      const { key } = await callerOnce();
      const tooDeep = await t.current.call('POST', '/api/v1/scans/import', { token: key, body: { image: 'registry.example.test/deep/app:1', format: 'trivy', report: reportNested(DOCUMENT_BODY_LIMITS.depth) } });
      expect([tooDeep.status, tooDeep.body.error]).toEqual([400, 'request body nested deeper than 512 levels']);
      const deepEnvelope = await t.current.call('POST', '/api/v1/scans/import', { token: key, body: { image: 'registry.example.test/deep/app:1', format: 'trivy', report: reportNested(2), idempotency_key: JSON.parse(nestedObject(64)) } });
      expect([deepEnvelope.status, deepEnvelope.body.error]).toEqual([400, 'request body nested deeper than 64 levels']);
    });
  });
});
