// Test-only: runs requested through the real route, and a collector written in the
// test (what it emits, and how often it was called), for the collection pipeline's tests.
import { randomUUID } from 'node:crypto';
import type { TestApp, TestPerson, TestTenant } from '../../../../test/support/test-app.js';
import type { ConnectorKind } from '../../connectors/index.js';
import type { CollectedEdge, CollectedIdentity, CollectionContext, Collector } from '../collector.js';
import type { SynchronizationRun } from '../runs.js';

/** POST /nhi/api/v1/connectors/{connectorId}/synchronizations as the person. */
export async function requestRun(t: TestApp, person: TestPerson, connectorId: string): Promise<SynchronizationRun> {
  const response = await t.call('POST', `/nhi/api/v1/connectors/${connectorId}/synchronizations`, { token: person.token });
  if (response.status !== 202) throw new Error(`POST synchronizations answered ${response.status}: ${response.raw}`);
  return response.body;
}

/** What a scripted collector does for one connector's run: emit these, then end as told. */
export interface ScriptedCollection {
  identities: CollectedIdentity[];
  edges?: CollectedEdge[];
  /** Thrown after emitting: a PartialCollectionError makes the run partial, anything else failed. */
  endWith?: Error;
  /** Awaited before emitting: keeps the run running until the test releases it. */
  holdUntil?: Promise<void>;
}

/**
 * A collector of one kind that plays, per connector id, the script the test set
 * last, and counts its calls (a run that fails before collection must leave it at 0).
 */
export function scriptedCollector(kind: ConnectorKind) {
  const scripts = new Map<string, ScriptedCollection>();
  const calls: string[] = [];
  const collector: Collector = {
    kind,
    async collect(context: CollectionContext) {
      calls.push(context.connector.id);
      const script = scripts.get(context.connector.id) ?? { identities: [] };
      await script.holdUntil;
      for (const identity of script.identities) await context.emitIdentity(identity);
      for (const edge of script.edges ?? []) await context.emitEdge(edge);
      if (script.endWith) throw script.endWith;
    },
  };
  return {
    collector,
    calls,
    script: (connectorId: string, collection: ScriptedCollection) => scripts.set(connectorId, collection),
  };
}

/** A tool-server identity as a collector would emit it. */
export const toolIdentity = (externalId: string, overrides: Partial<CollectedIdentity> = {}): CollectedIdentity => ({
  externalId,
  kind: 'mcp_tool',
  name: externalId.split(':').at(-1) ?? externalId,
  attributes: { description: `the ${externalId} tool` },
  fingerprint: null,
  lastUsedAt: null,
  ...overrides,
});

export interface SeededIdentity {
  connectorId?: string;
  kind?: string;
  provider?: string;
  externalId?: string;
  state?: 'active' | 'removed';
  lastUsedAt?: Date | null;
}

/** An identity straight into the tenant's inventory, for the read API's tests (the pipeline's own tests go through the topic). */
export async function seedInventoryIdentity(t: TestApp, tenant: TestTenant, seeded: SeededIdentity = {}): Promise<{ id: string; connectorId: string; externalId: string }> {
  const id = randomUUID();
  const connectorId = seeded.connectorId ?? randomUUID();
  const externalId = seeded.externalId ?? `tool:${id}`;
  const removed = seeded.state === 'removed';
  await t.db.query(
    `INSERT INTO nhi_identities (org_id, id, connector_id, kind, provider, external_id, name, state, last_used_at, first_seen_at, last_seen_at, removed_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'seeded', $7, $8, now(), now(), CASE WHEN $9 THEN now() END)`,
    [tenant.id, id, connectorId, seeded.kind ?? 'mcp_tool', seeded.provider ?? 'mcp', externalId, removed ? 'removed' : 'active', seeded.lastUsedAt ?? null, removed],
  );
  return { id, connectorId, externalId };
}

/** An edge straight into the tenant's inventory. */
export async function seedRelationship(t: TestApp, tenant: TestTenant, edge: { connectorId: string; type: string; from: string; to: string }): Promise<string> {
  const id = randomUUID();
  await t.db.query(
    `INSERT INTO nhi_relationships (org_id, id, connector_id, edge_type, from_external_id, to_external_id, first_seen_at, last_seen_at, last_seen_run_id)
     VALUES ($1, $2, $3, $4, $5, $6, now(), now(), $7)`,
    [tenant.id, id, edge.connectorId, edge.type, edge.from, edge.to, randomUUID()],
  );
  return id;
}
