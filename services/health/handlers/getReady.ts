import type { OperationHandler } from '../../platform/http/handler.js';
import type { ReadinessCheck } from '../../platform/readiness.js';

/** Readiness: 503 while any configured dependency is unavailable (spec 4.7). */
export function getReady(deps: { readiness: ReadinessCheck }): OperationHandler<'getReady'> {
  return async () => {
    const report = await deps.readiness();
    return {
      status: report.ready ? 200 : 503,
      body: { status: report.ready ? 'ready' : 'unavailable', dependencies: report.dependencies },
      headers: { 'cache-control': 'no-store' },
    };
  };
}
