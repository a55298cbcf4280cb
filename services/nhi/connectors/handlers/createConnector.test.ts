import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { connectorKinds } from '../kinds.js';
import { auditRecords, connectorBodies, secretLookingReferences } from '../testing/api-fixtures.js';

// Names resolve through this table, so a permitted name can point at any address.
const resolvedAddresses: Record<string, string[]> = {
  'tools.example.com': ['93.184.216.34'],
  'vault.example.com': ['93.184.216.34', '10.20.30.40'],
  'k8s.example.com': ['169.254.169.254'],
};

describe.each(handlerTestProfiles)('POST /nhi/api/v1/connectors ($profile)', (profile) => {
  const t = useTestApp({
    ...profile,
    resolveConnectorEndpoint: async (hostname) => (resolvedAddresses[hostname] ?? ['93.184.216.34']).map((address) => ({ address, family: 4 as const })),
  });
  const create = (token: string, body: unknown) => t.current.call('POST', '/nhi/api/v1/connectors', { token, body });
  const listed = async (token: string) => (await t.current.call('GET', '/nhi/api/v1/connectors', { token })).body.items;

  it.each(connectorKinds.filter((kind) => kind !== 'container_cluster' && kind !== 'secrets_manager'))('creates a %s connector, audited in the same organization only', async (kind) => {
    const [tenant, other] = await t.current.twoTenants();
    const body = connectorBodies[kind];
    const response = await create(tenant.owner.token, body);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ ...body, id: expect.any(String), enabled: true, createdByUserId: tenant.owner.id });
    const [record] = await auditRecords(t.current, tenant, 'connector.created');
    expect(record).toMatchObject({ actor_kind: 'person', actor_id: tenant.owner.id, subject: response.body.id, result: 'success', detail: { connectorId: response.body.id, kind } });
    expect(await auditRecords(t.current, other, 'connector.created')).toEqual([]);
    expect(await listed(other.owner.token)).toEqual([]);
  });

  it('gives a cloud account an external id of its own, and takes none from the request', async () => {
    const tenant = await t.current.tenant();
    const created = await create(tenant.owner.token, connectorBodies.cloud_account);
    expect(created.body.externalId).toMatch(/^sentinel-[A-Za-z0-9_-]{32}$/);
    expect((await create(tenant.owner.token, { ...connectorBodies.cloud_account, externalId: 'chosen-by-caller' })).status).toBe(400);
  });

  it.each([
    ['tool_server', 'role_discovery'],
    ['cloud_account', 'tool_discovery'],
    ['code_hosting_organization', 'service_account_discovery'],
    ['container_cluster', 'app_discovery'],
    ['secrets_manager', 'workload_discovery'],
  ] as const)('refuses a %s connector with the capability %s, which the kind does not support (400)', async (kind, capability) => {
    const tenant = await t.current.tenant();
    const response = await create(tenant.owner.token, { ...connectorBodies[kind], enabledCapabilities: [capability] });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_failed', unsupported_capabilities: [capability] });
    expect(await listed(tenant.owner.token)).toEqual([]);
  });

  it.each([
    ['tool_server', { includeUsers: true }],
    ['cloud_account', { includeApps: true }],
    ['code_hosting_organization', { includeKeyLastUsed: true }],
  ] as const)('refuses %s settings that do not apply to the kind', async (kind, settings) => {
    const tenant = await t.current.tenant();
    const response = await create(tenant.owner.token, { ...connectorBodies[kind], settings });
    expect(response.status).toBe(400);
    expect(response.body.error).toContain(`does not apply to ${kind}`);
  });

  it.each(['container_cluster', 'secrets_manager', 'tool_server'] as const)('requires an endpoint for %s connectors', async (kind) => {
    const tenant = await t.current.tenant();
    const { endpoint: _omitted, ...body } = connectorBodies[kind];
    void _omitted;
    const response = await create(tenant.owner.token, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(`endpoint is required for ${kind} connectors`);
  });

  it.each(['cloud_account', 'code_hosting_organization'] as const)('refuses an endpoint for %s connectors, whose hosts are built in', async (kind) => {
    const tenant = await t.current.tenant();
    expect((await create(tenant.owner.token, { ...connectorBodies[kind], endpoint: 'https://tools.example.com/' })).status).toBe(400);
  });

  it.each([
    ['http://tools.example.com/mcp', 'must use https'],
    ['https://tools.example.com:80/mcp', 'port must be one of 443, 6443, 8443'],
    ['https://tools.example.com:9443/mcp', 'port must be one of 443, 6443, 8443'],
    ['https://localhost/mcp', 'localhost is not allowed'],
    ['https://mcp.internal/mcp', 'ending .internal'],
    ['https://mcp.local/mcp', 'ending .local'],
    ['https://mcp.localdomain/mcp', 'ending .localdomain'],
    ['https://10.0.0.1/mcp', 'class private'],
    ['https://127.0.0.1/mcp', 'class loopback'],
    ['https://169.254.1.1/mcp', 'class link_local'],
    ['https://100.64.0.1/mcp', 'class carrier_grade_nat'],
    ['https://169.254.169.254/latest', 'class cloud_metadata'],
    ['https://[fd00:ec2::254]/', 'class cloud_metadata'],
    ['https://[::1]/mcp', 'class loopback'],
    ['https://tools.attacker.example/mcp', 'is not permitted for tool_server connectors'],
  ])('refuses the endpoint %s (%s), writing nothing', async (endpoint, reason) => {
    const tenant = await t.current.tenant();
    const response = await create(tenant.owner.token, { ...connectorBodies.tool_server, endpoint });
    expect(response.status).toBe(400);
    expect(response.body.error).toContain(reason);
    expect(await listed(tenant.owner.token)).toEqual([]);
    expect(await auditRecords(t.current, tenant, 'connector.created')).toEqual([]);
  });

  it('refuses a permitted name that resolves to a private or metadata address', async () => {
    const tenant = await t.current.tenant();
    const vault = await create(tenant.owner.token, connectorBodies.secrets_manager);
    expect(vault.status).toBe(400);
    expect(vault.body.error).toContain('class private');
    const cluster = await create(tenant.owner.token, connectorBodies.container_cluster);
    expect(cluster.status).toBe(400);
    expect(cluster.body.error).toContain('class cloud_metadata');
  });

  it.each(secretLookingReferences)('refuses a credentials reference that looks like a secret ($kind) without echoing it', async ({ value }) => {
    const tenant = await t.current.tenant();
    const response = await create(tenant.owner.token, { ...connectorBodies.tool_server, credentialsReference: value });
    expect(response.status).toBe(400);
    expect(response.body.error).toContain('looks like a secret');
    expect(response.raw).not.toContain(value);
    expect(await listed(tenant.owner.token)).toEqual([]);
  });

  it('accepts a reference to an entry the deployment does not hold: that fails its synchronization, not its creation', async () => {
    const tenant = await t.current.tenant();
    expect((await create(tenant.owner.token, { ...connectorBodies.tool_server, credentialsReference: 'not-yet-provisioned' })).status).toBe(201);
  });

  it.each(['admin', 'analyst', 'viewer'] as const)('is for Organization Admins: %s', async (role) => {
    const tenant = await t.current.tenant();
    const person = await t.current.member(tenant, role);
    const response = await create(person.token, connectorBodies.tool_server);
    if (role === 'admin') {
      expect(response.status).toBe(201);
      return;
    }
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'forbidden', required_scope: 'connectors:manage', principal: 'user' });
    expect((await auditRecords(t.current, tenant, 'authz.denied')).length).toBe(1);
  });
});
