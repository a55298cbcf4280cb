// Which collector serves which connector kind: filled once by the composition root
// (the tool-server collector comes from services/nhi/tool-servers), tests fill their own.
import type { ConnectorKind } from '../connectors/index.js';
import type { Collector } from './collector.js';

export type CollectorRegistry = ReadonlyMap<ConnectorKind, Collector>;

/** A kind served twice is a wiring mistake that stops start-up. */
export function createCollectorRegistry(collectors: readonly Collector[]): CollectorRegistry {
  const registry = new Map<ConnectorKind, Collector>();
  for (const collector of collectors) {
    if (registry.has(collector.kind)) throw new Error(`two collectors are registered for connector kind ${collector.kind}`);
    registry.set(collector.kind, collector);
  }
  return registry;
}
