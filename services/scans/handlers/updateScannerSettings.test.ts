import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readReportFixture } from '../../findings/testing/report-fixtures.js';
import { usePipeline } from '../../../test/support/pipeline.js';
import { handlerTestProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';

describe.each(handlerTestProfiles)('PATCH /api/v1/settings/scanners ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const pipeline = usePipeline(t, profile);

  const patch = (token: string, body: unknown) => t.current.call('PATCH', '/api/v1/settings/scanners', { token, body });
  const settingsOf = async (tenant: TestTenant) => (await t.current.call('GET', '/api/v1/settings/scanners', { token: tenant.owner.token })).body.target_kinds[0];
  const changesOf = async (tenant: TestTenant) =>
    (await t.current.call('GET', '/api/v1/identity/audit?action=scanner_settings.changed', { token: tenant.owner.token })).body.events;

  /** Imports the secrets report and answers how many new findings the completed scan recorded. */
  async function newFindingsFromSecretsReport(tenant: TestTenant, image: string): Promise<number> {
    const imported = await t.current.call('POST', '/api/v1/scans/import', { token: tenant.owner.token, body: { image, format: 'trivy', report: readReportFixture('trivy/secrets.json') } });
    expect(imported.status).toBe(202);
    await pipeline.current.scanSettled(tenant.id, imported.body.id);
    return (await t.current.call('GET', `/api/v1/scans/${imported.body.id}`, { token: tenant.owner.token })).body.new_findings;
  }

  it('turns secret findings on for the next import of this organization only', async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const image = `ghcr.io/acme/app-${randomUUID().slice(0, 8)}:1.0`;
    expect(await newFindingsFromSecretsReport(tenant, image)).toBe(0);

    const enabled = await patch(tenant.owner.token, { container_image: { secrets: true } });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toEqual({ target_kinds: [{ target_kind: 'container_image', vulnerabilities: true, secrets: true, misconfigurations: false }] });
    expect(await newFindingsFromSecretsReport(tenant, image)).toBe(2);
    expect(await newFindingsFromSecretsReport(neighbour, image)).toBe(0);

    await patch(tenant.owner.token, { container_image: { secrets: false } });
    expect(await newFindingsFromSecretsReport(tenant, `ghcr.io/acme/app-${randomUUID().slice(0, 8)}:1.0`)).toBe(0);
  });

  it('audits each change naming the switches turned on and off, and records nothing when nothing changes', async () => {
    const [tenant] = await t.current.twoTenants();
    await patch(tenant.owner.token, { container_image: { secrets: true, misconfigurations: false } });
    await patch(tenant.owner.token, { container_image: { secrets: false, misconfigurations: true } });
    expect(await changesOf(tenant)).toEqual([
      expect.objectContaining({ actor: { kind: 'user', id: tenant.owner.id }, detail: { target_kind: 'container_image', enabled: ['misconfigurations'], disabled: ['secrets'] } }),
      expect.objectContaining({ actor: { kind: 'user', id: tenant.owner.id }, detail: { target_kind: 'container_image', enabled: ['secrets'], disabled: [] } }),
    ]);
    const before = await t.current.snapshot(tenant);
    const unchanged = await patch(tenant.owner.token, { container_image: { secrets: false, misconfigurations: true } });
    expect(unchanged.status).toBe(200);
    expect(await t.current.snapshot(tenant)).toEqual(before);
  });

  it('is refused to an analyst and to any API key, changing nothing (only the refusal is audited)', async () => {
    const [tenant] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    const { key } = await t.current.apiKey(tenant.owner, ['scans:create', 'scans:read', 'findings:write']);
    const before = await t.current.snapshot(tenant);
    const byAnalyst = await patch(analyst.token, { container_image: { secrets: true } });
    expect(byAnalyst.status).toBe(403);
    expect(byAnalyst.body).toMatchObject({ required_scope: 'organization:manage', principal: 'user' });
    expect((await patch(key, { container_image: { secrets: true } })).status).toBe(403);
    expect(await settingsOf(tenant)).toMatchObject({ secrets: false });
    expect(await changesOf(tenant)).toEqual([]);
    expect((await t.current.snapshot(tenant)).domainEventIds).toEqual(before.domainEventIds);
  });

  it.each([
    ['an empty patch', {}],
    ['an empty target kind', { container_image: {} }],
    ['a switch that is not a boolean', { container_image: { secrets: 'yes' } }],
    ['an unknown target kind', { kubernetes_cluster: { secrets: true } }],
    ['vulnerabilities, which are always on', { container_image: { vulnerabilities: false } }],
  ])('refuses %s with 400', async (_case, body) => {
    const [tenant] = await t.current.twoTenants();
    const before = await t.current.snapshot(tenant);
    expect((await patch(tenant.owner.token, body)).status).toBe(400);
    expect(await t.current.snapshot(tenant)).toEqual(before);
  });
});
