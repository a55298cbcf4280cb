// Test support for the assets capability: assets come into being the way they do
// in production, as the side effect of a scan request or a report import.
import { randomBytes, randomUUID } from 'node:crypto';
import type { TestApp, TestTenant } from '../../../test/support/test-app.js';
import { readSbomFixture } from '../../findings/testing/report-fixtures.js';
import { topics } from '../../../streams/topics.js';
import type { PageEnvelope } from '../../platform/pagination/page.js';

/** A tag reference no other test uses. */
export const taggedImage = (): string => `ghcr.io/acme/app-${randomUUID().slice(0, 8)}:1.0`;

/** A digest-pinned reference no other test uses. */
export const pinnedImage = (): string => `ghcr.io/acme/app-${randomUUID().slice(0, 8)}@sha256:${randomBytes(32).toString('hex')}`;

/** The asset a POST /api/v1/scans of the image created (or found) in the tenant; the scan stays queued. */
export async function assetOf(t: TestApp, tenant: TestTenant, image: string = taggedImage()): Promise<string> {
  const response = await t.call('POST', '/api/v1/scans', { token: tenant.owner.token, body: { image, scanners: ['trivy'] } });
  if (response.status !== 202) throw new Error(`POST /scans answered ${response.status}: ${response.raw}`);
  return response.body.asset_id;
}

/** A software asset's name no other test uses. */
export const softwareName = (): string => `acme billing ${randomUUID().slice(0, 8)}`;

/**
 * The named software asset an import of a real SBOM (Dependency-Track's CycloneDX 1.6 test
 * BOM, test/fixtures/sboms) created (or found) in the tenant; the scan may still be running.
 */
export async function softwareAssetOf(t: TestApp, tenant: TestTenant, software: { name: string; version?: string } = { name: softwareName() }): Promise<string> {
  const report = readSbomFixture('cyclonedx/dependency-track-valid-bom-1.6.json');
  const response = await t.call('POST', '/api/v1/scans/import', { token: tenant.owner.token, body: { software, format: 'cyclonedx', report } });
  if (response.status !== 202) throw new Error(`POST /scans/import answered ${response.status}: ${response.raw}`);
  return response.body.asset_id;
}

/** What GET /api/v1/identity/audit shows of one action in the tenant, newest first. */
export async function auditedActions(t: TestApp, tenant: TestTenant, action: string): Promise<{ actor: unknown; detail: Record<string, unknown> }[]> {
  const trail = await t.call('GET', `/api/v1/identity/audit?action=${encodeURIComponent(action)}`, { token: tenant.owner.token });
  if (trail.status !== 200) throw new Error(`GET /identity/audit answered ${trail.status}: ${trail.raw}`);
  return trail.body.events;
}

/** The types of the tenant's asset domain events in the outbox (asset.*), oldest first. */
export async function assetEventTypes(t: TestApp, tenant: TestTenant): Promise<string[]> {
  const { rows } = await t.db.query<{ type: string }>(
    "SELECT value->>'type' AS type FROM outbox_events WHERE org_id = $1 AND topic = $2 AND value->>'type' LIKE 'asset.%' ORDER BY seq",
    [tenant.id, topics.domainEvents.name],
  );
  return rows.map((row) => row.type);
}

/** Every page of a cursor listing (path with its query), following next_cursor until the last page. */
export async function allPages<Item>(t: TestApp, token: string, pathAndQuery: string): Promise<{ items: Item[]; pages: PageEnvelope<Item>[] }> {
  const pages: PageEnvelope<Item>[] = [];
  let cursor: string | undefined;
  do {
    const separator = pathAndQuery.includes('?') ? '&' : '?';
    const response = await t.call<PageEnvelope<Item>>('GET', cursor ? `${pathAndQuery}${separator}cursor=${cursor}` : pathAndQuery, { token });
    if (response.status !== 200) throw new Error(`GET ${pathAndQuery} answered ${response.status}: ${response.raw}`);
    pages.push(response.body);
    cursor = response.body.next_cursor;
  } while (cursor);
  return { items: pages.flatMap((page) => page.items), pages };
}
