import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { auditRecords, createConnector } from '../../connectors/testing/api-fixtures.js';
import { SYNCHRONIZATION_JOB } from '../runs.js';

describe.each(handlerTestProfiles)('POST /nhi/api/v1/connectors/{connectorId}/synchronizations ($profile)', (profile) => {
  const t = useTestApp(profile);
  const request = (token: string, connectorId: string) => t.current.call('POST', `/nhi/api/v1/connectors/${connectorId}/synchronizations`, { token });

  it('queues a run with its job and records collection.sync.requested, in the organization only', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const connector = await createConnector(t.current, tenant.owner);
    const response = await request(tenant.owner.token, connector.id);
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ connectorId: connector.id, trigger: 'manual', requestedByUserId: tenant.owner.id, state: 'queued', error: null, startedAt: null, finishedAt: null, appliedAt: null });
    const jobs = await t.current.db.query<{ org_id: string; payload: { runId: string } }>('SELECT org_id, payload FROM jobs WHERE kind = $1 AND payload->>\'runId\' = $2', [SYNCHRONIZATION_JOB, response.body.id]);
    expect(jobs.rows).toEqual([{ org_id: tenant.id, payload: { runId: response.body.id } }]);
    const [audit] = await auditRecords(t.current, tenant, 'collection.sync.requested');
    expect(audit).toMatchObject({ actor_kind: 'person', actor_id: tenant.owner.id, subject: response.body.id, result: 'success', detail: { connectorId: connector.id, kind: 'tool_server', trigger: 'manual' } });
    expect(await auditRecords(t.current, other, 'collection.sync.requested')).toEqual([]);
  });

  it('refuses a disabled connector with 409 and queues nothing', async () => {
    const tenant = await t.current.tenant();
    const connector = await createConnector(t.current, tenant.owner);
    expect((await t.current.call('PATCH', `/nhi/api/v1/connectors/${connector.id}`, { token: tenant.owner.token, body: { enabled: false } })).status).toBe(200);
    const response = await request(tenant.owner.token, connector.id);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'the connector is disabled; enable it before synchronizing', code: 'conflict' });
    expect(await auditRecords(t.current, tenant, 'collection.sync.requested')).toEqual([]);
  });

  it('is an Organization Admin’s: an analyst is refused and the refusal recorded in the module’s trail', async () => {
    const tenant = await t.current.tenant();
    const connector = await createConnector(t.current, tenant.owner);
    const analyst = await t.current.member(tenant, 'analyst');
    const response = await request(analyst.token, connector.id);
    expect(response.status).toBe(403);
    expect(response.body.required_scope).toBe('connectors:manage');
    expect((await auditRecords(t.current, tenant, 'authz.denied')).map((record) => record.subject)).toEqual(['requestSynchronization']);
  });
});
