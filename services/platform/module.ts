// The contract every capability keeps: services/<capability>/index.ts exports a
// factory taking the capability's narrowed dependencies and returning a
// CapabilityModule. The composition root (services/modules.ts) lists the modules
// once; the HTTP routes, the worker list and the processor list are each built
// from that one list, so adding a capability is adding one line there.
import type { RefusalRecorder } from './authorization/authorize-request.js';
import type { ErrorDialect, OperationHandlers } from './http/handler.js';
import type { Worker } from './jobs.js';
import type { SubscribeOptions } from '../../streams/log/stream-log.js';
import type { WorkerRegistration } from './worker-registry.js';

/** A stream processor: one consumer group, its topic and its handler. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each processor decodes its own topic's value type
export type StreamProcessor = SubscribeOptions<any>;

export interface CapabilityModule {
  /**
   * The capability's folder under services/, e.g. 'findings', 'identity/sso'. The shared
   * security suite finds the module's resource fixtures by it (testing/security-fixtures.ts).
   */
  name: string;
  /** Its operations by operationId. Every operationId of the document belongs to exactly one module. */
  handlers: OperationHandlers;
  /**
   * Job workers and sweeps the `workers` role runs; built only when that role starts,
   * for the process's registration, which every lease they take records.
   */
  workers?: (registration: WorkerRegistration) => Worker[];
  /** Stream processors the `streams` role runs, each its own consumer group; built only when that role starts. */
  processors?: () => StreamProcessor[];
  /**
   * Where the guard records a refusal of this module's operations, for a module that
   * keeps an audit trail of its own (the non-human identity module: authz.denied in
   * its chain); otherwise the identity trail.
   */
  refusalRecorder?: RefusalRecorder;
  /** How errors under the module's path prefix are answered, for a module serving a protocol with an error shape of its own (SCIM). */
  errorDialect?: ErrorDialect;
}
