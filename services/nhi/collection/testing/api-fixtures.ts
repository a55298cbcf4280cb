// Test-only: runs requested through the real route, and a collector written in the
// test (what it emits, and how often it was called), for the collection pipeline's tests.
import type { TestApp, TestPerson } from '../../../../test/support/test-app.js';
import type { ConnectorKind } from '../../connectors/index.js';
import type { CollectedEdge, CollectedIdentity, CollectionContext, Collector } from '../collector.js';
import type { RunView } from '../runs.js';

/** POST /nhi/api/v1/connectors/{connectorId}/synchronizations as the person. */
export async function requestRun(t: TestApp, person: TestPerson, connectorId: string): Promise<RunView> {
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
