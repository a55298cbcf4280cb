// The collection pipeline end to end, in both profiles: a run requested over HTTP,
// executed by the synchronization worker with an in-test collector, published on
// the nhi-inventory topic, applied by the inventory processor, shown by the API.
import { describe, expect, it } from 'vitest';
import { testProfiles, useTestApp, type TestApp, type TestTenant } from '../../../test/support/test-app.js';
import { auditRecords, connectorBodies, createConnector } from '../connectors/testing/api-fixtures.js';
import { PartialCollectionError, type CollectedEdge } from './collector.js';
import type { Identity, Relationship } from './inventory.js';
import type { SynchronizationRun } from './runs.js';
import { requestRun, scriptedCollector, toolIdentity, type ScriptedCollection } from './testing/api-fixtures.js';
import { useCollectionPipeline } from './testing/collection-pipeline.js';

const REFERENCE = connectorBodies.tool_server.credentialsReference;

async function identitiesOf(t: TestApp, tenant: TestTenant, query = ''): Promise<Identity[]> {
  const response = await t.call('GET', `/nhi/api/v1/identities?limit=200${query}`, { token: tenant.owner.token });
  expect(response.status).toBe(200);
  return response.body.items;
}

const byExternalId = (identities: Identity[]) => Object.fromEntries(identities.map((identity) => [identity.externalId, identity]));

describe.each(testProfiles)('NHI collection pipeline ($profile)', (options) => {
  const t = useTestApp(options);
  const tools = scriptedCollector('tool_server');
  const pipeline = useCollectionPipeline(t, options.profile, [tools.collector]);

  /** A tool-server connector of the tenant whose credentials the deployment holds. */
  async function connectorOf(tenant: TestTenant): Promise<string> {
    await pipeline.current.holdCredentials(tenant, REFERENCE);
    return (await createConnector(t.current, tenant.owner)).id;
  }

  async function synchronize(tenant: TestTenant, connectorId: string, script: ScriptedCollection): Promise<SynchronizationRun> {
    tools.script(connectorId, script);
    const queued = await requestRun(t.current, tenant.owner, connectorId);
    expect(queued.state).toBe('queued');
    return pipeline.current.runApplied(tenant, connectorId, queued.id);
  }

  const edges: CollectedEdge[] = [
    { type: 'ACCESSES', fromExternalId: 'tool:search', toExternalId: 'resource:index' },
    { type: 'AUTHENTICATES_WITH', fromExternalId: 'server:tools', toExternalId: 'tool:search' },
  ];

  it('records what a complete run collected, shows it over the API, and only to its organization', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const connectorId = await connectorOf(tenant);
    const run = await synchronize(tenant, connectorId, { identities: [toolIdentity('tool:search', { fingerprint: 'a'.repeat(64) }), toolIdentity('tool:fetch'), toolIdentity('server:tools', { kind: 'mcp_server' })], edges });

    expect(run).toMatchObject({ state: 'completed', trigger: 'manual', error: null, counts: { identitiesSeen: 3, identitiesNew: 3, identitiesRemoved: 0, edges: 2, personsExcluded: 0 } });
    const identities = byExternalId(await identitiesOf(t.current, tenant));
    expect(Object.keys(identities).sort()).toEqual(['server:tools', 'tool:fetch', 'tool:search']);
    expect(identities['tool:search']).toMatchObject({ connectorId, kind: 'mcp_tool', provider: 'mcp', name: 'search', principalType: 'machine', state: 'active', fingerprint: 'a'.repeat(64), lastUsedAt: 'not reported', removedAt: null, attributes: { description: 'the tool:search tool' } });

    const search = identities['tool:search']!;
    const one = await t.current.call('GET', `/nhi/api/v1/identities/${search.id}`, { token: tenant.owner.token });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(search);
    const relationships = await t.current.call('GET', `/nhi/api/v1/identities/${search.id}/relationships`, { token: tenant.owner.token });
    expect(relationships.status).toBe(200);
    const seen: Relationship[] = relationships.body.items;
    expect(seen.map(({ type, direction, counterpartIdentityId }) => ({ type, direction, counterpartIdentityId })).sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { type: 'ACCESSES', direction: 'outgoing', counterpartIdentityId: null },
      { type: 'AUTHENTICATES_WITH', direction: 'incoming', counterpartIdentityId: identities['server:tools']!.id },
    ]);

    expect((await auditRecords(t.current, tenant, 'collection.sync.requested')).map((record) => record.subject)).toEqual([run.id]);
    expect((await auditRecords(t.current, tenant, 'collection.sync.completed')).map((record) => [record.subject, record.actor_kind])).toEqual([[run.id, 'system']]);

    // The other organization sees nothing of it: an empty inventory, and the same 404 as a missing id.
    expect(await identitiesOf(t.current, other)).toEqual([]);
    const foreign = await t.current.call('GET', `/nhi/api/v1/identities/${search.id}`, { token: other.owner.token });
    expect(foreign.status).toBe(404);
    const foreignRun = await t.current.call('GET', `/nhi/api/v1/connectors/${connectorId}/synchronizations/${run.id}`, { token: other.owner.token });
    expect(foreignRun.status).toBe(404);
    await t.current.expectNeighbourUntouched();
  });

  it('tombstones exactly what a second complete run no longer saw, and nothing of another connector or organization', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const connectorId = await connectorOf(tenant);
    const neighbourConnector = await createConnector(t.current, tenant.owner, { ...connectorBodies.tool_server, name: 'Other tools' });
    const otherConnector = await connectorOf(other);
    const same = { identities: [toolIdentity('tool:search'), toolIdentity('tool:fetch')], edges };
    await synchronize(tenant, neighbourConnector.id, same);
    await synchronize(other, otherConnector, same);
    await synchronize(tenant, connectorId, same);
    const before = byExternalId(await identitiesOf(t.current, tenant, `&connectorId=${connectorId}`));

    const second = await synchronize(tenant, connectorId, { identities: [toolIdentity('tool:search')], edges: edges.slice(0, 1) });

    expect(second.counts).toMatchObject({ identitiesSeen: 1, identitiesNew: 0, identitiesRemoved: 1 });
    const after = byExternalId(await identitiesOf(t.current, tenant, `&connectorId=${connectorId}`));
    expect(after['tool:fetch']).toMatchObject({ id: before['tool:fetch']!.id, state: 'removed', firstSeenAt: before['tool:fetch']!.firstSeenAt });
    expect(after['tool:fetch']!.removedAt).not.toBeNull();
    expect(after['tool:search']).toMatchObject({ id: before['tool:search']!.id, state: 'active', removedAt: null });
    const removedOnly = await identitiesOf(t.current, tenant, '&state=removed');
    expect(removedOnly.map((identity) => identity.id)).toEqual([before['tool:fetch']!.id]);
    const relationships = await t.current.call('GET', `/nhi/api/v1/identities/${before['tool:search']!.id}/relationships`, { token: tenant.owner.token });
    expect(relationships.body.items.map((edge: Relationship) => [edge.type, edge.state]).sort()).toEqual([['ACCESSES', 'active'], ['AUTHENTICATES_WITH', 'removed']]);

    // The same identifiers under another connector and in another organization stay as they were.
    expect((await identitiesOf(t.current, tenant, `&connectorId=${neighbourConnector.id}`)).map((identity) => identity.state)).toEqual(['active', 'active']);
    expect((await identitiesOf(t.current, other)).map((identity) => identity.state)).toEqual(['active', 'active']);
    expect(await auditRecords(t.current, tenant, 'collection.identities.tombstoned')).toHaveLength(1);

    // Seen again, the removed identity comes back on its own row, first sighting kept.
    const third = await synchronize(tenant, connectorId, same);
    expect(third.counts).toMatchObject({ identitiesNew: 0, identitiesRemoved: 0 });
    const back = byExternalId(await identitiesOf(t.current, tenant, `&connectorId=${connectorId}`));
    expect(back['tool:fetch']).toMatchObject({ id: before['tool:fetch']!.id, state: 'active', removedAt: null, firstSeenAt: before['tool:fetch']!.firstSeenAt });
  });

  it('removes nothing after a partial or a failed run, and lists every run with its state and counts', async () => {
    const [tenant] = await t.current.twoTenants();
    const connectorId = await connectorOf(tenant);
    const complete = await synchronize(tenant, connectorId, { identities: [toolIdentity('tool:search'), toolIdentity('tool:fetch')] });

    const partial = await synchronize(tenant, connectorId, { identities: [toolIdentity('tool:search'), toolIdentity('tool:new')], endWith: new PartialCollectionError('the server stopped listing tools after the first page') });
    expect(partial).toMatchObject({ state: 'partial', error: { code: 'partial_collection', message: 'the server stopped listing tools after the first page' }, counts: { identitiesSeen: 2, identitiesNew: 1, identitiesRemoved: 0 } });
    const failed = await synchronize(tenant, connectorId, { identities: [], endWith: new Error('the tool server answered 500') });
    expect(failed).toMatchObject({ state: 'failed', error: { code: 'collection_failed', message: 'the tool server answered 500' }, counts: { identitiesSeen: 0, identitiesRemoved: 0 } });

    const identities = await identitiesOf(t.current, tenant);
    expect(identities.map((identity) => [identity.externalId, identity.state]).sort()).toEqual([['tool:fetch', 'active'], ['tool:new', 'active'], ['tool:search', 'active']]);
    expect(await auditRecords(t.current, tenant, 'collection.sync.partial')).toHaveLength(1);
    expect((await auditRecords(t.current, tenant, 'collection.sync.failed')).map((record) => record.result)).toEqual(['failure']);

    const listed = await t.current.call('GET', `/nhi/api/v1/connectors/${connectorId}/synchronizations?limit=2`, { token: tenant.owner.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total: 3, has_more: true, page: { limit: 2, stable: true } });
    const rest = await t.current.call('GET', `/nhi/api/v1/connectors/${connectorId}/synchronizations?limit=2&cursor=${encodeURIComponent(listed.body.next_cursor)}`, { token: tenant.owner.token });
    const runs: SynchronizationRun[] = [...listed.body.items, ...rest.body.items];
    expect(runs.map((run) => [run.id, run.state, run.counts.identitiesSeen])).toEqual([
      [failed.id, 'failed', 0],
      [partial.id, 'partial', 2],
      [complete.id, 'completed', 2],
    ]);
  });

  it('keeps what a provider said when its text holds a NUL or an unpaired surrogate, each replaced visibly, and ends such a failed run', async () => {
    const [tenant] = await t.current.twoTenants();
    const connectorId = await connectorOf(tenant);
    const run = await synchronize(tenant, connectorId, {
      identities: [toolIdentity('tool:se\u0000arch', { name: 'se\u0000arch', attributes: { 'no\u0000te': 'half \ud800 a pair' } })],
      edges: [{ type: 'ACCESSES', fromExternalId: 'tool:se\u0000arch', toExternalId: 'resource:\udfff' }],
    });
    expect(run).toMatchObject({ state: 'completed', counts: { identitiesSeen: 1, edges: 1 } });
    const [identity] = await identitiesOf(t.current, tenant);
    expect(identity).toMatchObject({ externalId: 'tool:se\ufffdarch', name: 'se\ufffdarch', attributes: { 'no\ufffdte': 'half \ufffd a pair' } });

    // The error text goes into the run's row and the audit record: before, the row refused it
    // and the run stayed running for good, holding the connector's one run slot.
    const failed = await synchronize(tenant, connectorId, { identities: [], endWith: new Error('the server answered \u0000') });
    expect(failed).toMatchObject({ state: 'failed', error: { code: 'collection_failed', message: 'the server answered \ufffd' } });
    expect((await requestRun(t.current, tenant.owner, connectorId)).state).toBe('queued');
  });

  it('fails a run whose credentials reference names nothing with configuration_error before calling the collector', async () => {
    const [tenant] = await t.current.twoTenants();
    // No entry is written for this tenant: the deployment does not hold the reference.
    const connector = await createConnector(t.current, tenant.owner);
    tools.script(connector.id, { identities: [toolIdentity('tool:search')] });
    const queued = await requestRun(t.current, tenant.owner, connector.id);
    const run = await pipeline.current.runApplied(tenant, connector.id, queued.id);

    expect(run).toMatchObject({ state: 'failed', error: { code: 'configuration_error' }, counts: { identitiesSeen: 0, identitiesNew: 0, identitiesRemoved: 0 } });
    expect(run.error!.message).toContain(`"${REFERENCE}"`);
    expect(tools.calls.filter((id) => id === connector.id)).toEqual([]);
    expect(await identitiesOf(t.current, tenant)).toEqual([]);
  });

  it('never records a person, and records identities a provider cannot tell apart as unknown only where the kind mixes people in', async () => {
    const [tenant] = await t.current.twoTenants();
    const connectorId = await connectorOf(tenant);
    const run = await synchronize(tenant, connectorId, {
      identities: [toolIdentity('tool:search'), toolIdentity('user:alice', { kind: 'mcp_user', attributes: { principalType: 'person' } })],
    });
    expect(run.counts).toMatchObject({ identitiesSeen: 1, personsExcluded: 1 });
    expect((await identitiesOf(t.current, tenant)).map((identity) => [identity.externalId, identity.principalType])).toEqual([['tool:search', 'machine']]);
  });

  it('runs one synchronization per connector at a time', async () => {
    const [tenant] = await t.current.twoTenants();
    const connectorId = await connectorOf(tenant);
    let release = (): void => undefined;
    tools.script(connectorId, { identities: [toolIdentity('tool:search')], holdUntil: new Promise<void>((resolve) => (release = resolve)) });
    const first = await requestRun(t.current, tenant.owner, connectorId);
    await pipeline.current.runInState(tenant, connectorId, first.id, 'running');

    const second = await t.current.call('POST', `/nhi/api/v1/connectors/${connectorId}/synchronizations`, { token: tenant.owner.token });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('a synchronization of this connector is already queued or running');

    release();
    expect((await pipeline.current.runApplied(tenant, connectorId, first.id)).state).toBe('completed');
    expect((await requestRun(t.current, tenant.owner, connectorId)).state).toBe('queued');
  });
});
