import type { OperationHandler } from '../../platform/http/handler.js';

/** Liveness: answers while the process can serve HTTP; checks nothing else (spec 4.7). */
export function getHealth(): OperationHandler<'getHealth'> {
  return async () => ({ status: 200, body: { status: 'ok' } });
}
