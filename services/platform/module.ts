// The contract every capability keeps: services/<capability>/index.ts exports a
// factory taking the capability's narrowed dependencies and returning a
// CapabilityModule. The composition root (services/modules.ts) lists the modules
// once; the HTTP routes, the worker list and the processor list are each built
// from that one list, so adding a capability is adding one line there.
import type { RefusalRecorder } from './authorization/authorize-request.js';
import type { ErrorDialect, OperationHandler } from './http/handler.js';
import type { Worker } from './jobs.js';
import type { SubscribeOptions } from './streams/log/stream-log.js';
import type { WorkerRegistration } from './worker-registry.js';

/** A stream processor: one consumer group, its topic and its handler. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each processor decodes its own topic's value type
export type StreamProcessor = SubscribeOptions<any>;

/** A request reaching one resource: path parameters and, where the operation needs one, a valid body. */
export interface ResourceRequest {
  params: Record<string, string>;
  body?: unknown;
  /**
   * Path parameters of the request that reaches nothing, for parameters that are
   * not ids (a version number); the others get fresh random ids.
   */
  missingParams?: Record<string, string>;
}

/**
 * Creates a resource in a tenant and answers the request that reaches it. The
 * harness and tenant are the test harness's types (test/support/test-app.ts): the
 * platform leaves them open so production code never depends on test code.
 */
export type SecurityFixture = (harness: never, tenant: never) => Promise<ResourceRequest>;

export interface CapabilityModule {
  /** The capability's folder under services/, e.g. 'findings' (later 'identity/sso', 'nhi/connectors'). */
  name: string;
  /** Its operations by operationId. Every operationId of the document belongs to exactly one module. */
  handlers: Record<string, OperationHandler>;
  /**
   * Job workers and sweeps the `workers` role runs; built only when that role starts,
   * for the process's registration, which every lease they take records.
   */
  workers?: (registration: WorkerRegistration) => Worker[];
  /** Stream processors the `streams` role runs, each its own consumer group; built only when that role starts. */
  processors?: () => StreamProcessor[];
  /**
   * Resource fixtures of the shared security suite (test/support/security-suite.ts) by
   * operationId, for every secured operation with a path parameter. A dynamic import,
   * so test code is loaded by the tests alone.
   */
  securityFixtures?: () => Promise<Record<string, SecurityFixture>>;
  /**
   * Where the guard records a refusal of this module's operations, for a module that
   * keeps an audit trail of its own (the non-human identity module: authz.denied in
   * its chain); otherwise the identity trail.
   */
  refusalRecorder?: RefusalRecorder;
  /** How errors under the module's path prefix are answered, for a module serving a protocol with an error shape of its own (SCIM). */
  errorDialect?: ErrorDialect;
}
