// Asset creation is audited (spec 6.2) and announced, like archiving and deletion:
// once, by whoever's scan or import first named the image, in the organization
// that scanned it.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readReportFixture } from '../findings/testing/report-fixtures.js';
import { testProfiles, useTestApp, type TestApp, type TestTenant } from '../../test/support/test-app.js';

const freshImage = () => `ghcr.io/acme/created-${randomUUID().slice(0, 8)}:1`;

async function assetEvents(t: TestApp, tenant: TestTenant, action: string) {
  return (await t.call('GET', `/api/v1/identity/audit?action=${action}`, { token: tenant.owner.token })).body.events as Array<{ actor: unknown; request_id: string; detail: Record<string, unknown> }>;
}

async function announced(t: TestApp, tenant: TestTenant, type: string) {
  const { rows } = await t.db.query<{ value: { subject_id: string; actor: unknown; correlation_id: string | null; payload: string } }>(
    "SELECT value FROM outbox_events WHERE org_id = $1 AND value->>'type' = $2 ORDER BY seq",
    [tenant.id, type],
  );
  return rows.map(({ value }) => ({ subject_id: value.subject_id, actor: value.actor, correlation_id: value.correlation_id, payload: JSON.parse(value.payload) }));
}

describe.each(testProfiles)('asset.created ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });

  it('audits and announces the asset a person’s scan creates, once, in the scanning organization only', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const image = freshImage();
    const first = await t.current.call('POST', '/api/v1/scans', { token: tenant.owner.token, body: { image, scanners: ['trivy'] }, headers: { 'x-request-id': 'first-sight-1' } });
    expect(first.status, first.raw).toBe(202);
    // The same image again: the asset exists, nothing more is recorded.
    expect((await t.current.call('POST', '/api/v1/scans', { token: tenant.owner.token, body: { image, scanners: ['trivy'] } })).status).toBe(202);

    const events = await assetEvents(t.current, tenant, 'asset.created');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor: { kind: 'user', id: tenant.owner.id }, request_id: 'first-sight-1' });
    expect(events[0]!.detail).toEqual({ asset_id: first.body.asset_id, reference: expect.stringContaining(image.slice(0, image.indexOf(':'))) });
    expect(await announced(t.current, tenant, 'asset.created')).toEqual([
      { subject_id: first.body.asset_id, actor: { kind: 'user', id: tenant.owner.id }, correlation_id: 'first-sight-1', payload: events[0]!.detail },
    ]);
    expect(await assetEvents(t.current, other, 'asset.created')).toEqual([]);
    expect(await announced(t.current, other, 'asset.created')).toEqual([]);

    // Deletion records the same detail, so the two read as a pair.
    expect((await t.current.call('DELETE', `/api/v1/assets/${first.body.asset_id}`, { token: tenant.owner.token })).status).toBe(204);
    const [deleted] = await assetEvents(t.current, tenant, 'asset.deleted');
    expect(deleted!.detail).toEqual(events[0]!.detail);
  });

  it('records an import by an API key as the key, and the same image in another organization as that organization’s own asset', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const image = freshImage();
    const key = await t.current.apiKey(tenant.owner, ['scans:create']);
    const body = { image, format: 'trivy', report: readReportFixture('trivy/alpine-310.json') };
    const imported = await t.current.call('POST', '/api/v1/scans/import', { token: key.key, body });
    expect(imported.status, imported.raw).toBe(202);
    const mine = await t.current.call('POST', '/api/v1/scans/import', { token: other.owner.token, body });
    expect(mine.status).toBe(202);

    const [byKey] = await assetEvents(t.current, tenant, 'asset.created');
    expect(byKey).toMatchObject({ actor: { kind: 'api_key', id: key.id }, detail: { asset_id: imported.body.asset_id } });
    expect((await announced(t.current, tenant, 'asset.created')).map((event) => event.actor)).toEqual([{ kind: 'api_key', id: key.id }]);
    const [byOther] = await assetEvents(t.current, other, 'asset.created');
    expect(byOther).toMatchObject({ actor: { kind: 'user', id: other.owner.id }, detail: { asset_id: mine.body.asset_id } });
    expect(mine.body.asset_id).not.toBe(imported.body.asset_id);
  });

  it('writes nothing for a refused scan', async () => {
    const tenant = await t.current.tenant();
    const viewer = await t.current.member(tenant, 'viewer');
    expect((await t.current.call('POST', '/api/v1/scans', { token: viewer.token, body: { image: freshImage(), scanners: ['trivy'] } })).status).toBe(403);
    expect((await t.current.call('POST', '/api/v1/scans', { token: tenant.owner.token, body: { image: 'not a reference!', scanners: ['trivy'] } })).status).toBe(400);
    expect(await assetEvents(t.current, tenant, 'asset.created')).toEqual([]);
    expect(await announced(t.current, tenant, 'asset.created')).toEqual([]);
  });
});

// Concurrent first sightings need a second connection, which the embedded profile does not have.
describe('asset.created under concurrent first sightings (postgres)', () => {
  const t = useTestApp({ profile: 'postgres', counters: 'redis' });

  it('is recorded exactly once when several scans name a new image at the same moment', async () => {
    const tenant = await t.current.tenant();
    const image = freshImage();
    const responses = await Promise.all(Array.from({ length: 6 }, () => t.current.call('POST', '/api/v1/scans', { token: tenant.owner.token, body: { image, scanners: ['trivy'] } })));
    expect(responses.map((response) => response.status)).toEqual(Array(6).fill(202));
    expect(new Set(responses.map((response) => response.body.asset_id)).size).toBe(1);
    expect(await assetEvents(t.current, tenant, 'asset.created')).toHaveLength(1);
    expect(await announced(t.current, tenant, 'asset.created')).toHaveLength(1);
  });
});
