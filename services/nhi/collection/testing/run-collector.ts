// One collection in a collector's own tests: the collector walks its peer through a
// synchronization session, and what it emits (or throws) is kept for the assertions.
// The session's client is closed whatever happens.
import type { CollectedEdge, CollectedIdentity, CollectionContext, Collector } from '../collector.js';

export interface CollectorRun {
  identities: CollectedIdentity[];
  edges: CollectedEdge[];
  /** What the collector threw, undefined when it completed. */
  error: unknown;
}

export async function runCollector(collector: Pick<Collector, 'collect'>, context: Omit<CollectionContext, 'emitIdentity' | 'emitEdge' | 'progress'>): Promise<CollectorRun> {
  const run: CollectorRun = { identities: [], edges: [], error: undefined };
  try {
    await collector.collect({
      ...context,
      emitIdentity: async (identity) => void run.identities.push(identity),
      emitEdge: async (edge) => void run.edges.push(edge),
      progress: () => undefined,
    });
  } catch (error) {
    run.error = error;
  } finally {
    context.session.client.close();
  }
  return run;
}
