import { originOfContext } from '../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { createIdempotency } from '../../platform/idempotency/idempotency.js';
import { fingerprintRequest, readIdempotencyKey, toHandlerResult } from '../../platform/idempotency/request.js';
import { createScan as recordScan, parseImageOrRefuse, requesterOf, toScanView } from '../scans.js';

interface CreateScanBody {
  image: string;
  scanners: string[];
}

/** POST /api/v1/scans: queues a scan; with an idempotency key, a retry answers the first response verbatim. */
export function createScan(deps: { db: Database }): OperationHandler {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const body = ctx.body as CreateScanBody;
    const key = readIdempotencyKey(ctx.headers, body);
    const reference = parseImageOrRefuse(body.image);
    const scanners = [...new Set(body.scanners)].sort();
    const execute = async () => {
      const row = await deps.db.transaction((tx) => recordScan(tx, principal.orgId, { reference, scanners, source: 'scan', requester: requesterOf(principal), origin: originOfContext(ctx) }));
      return { status: 202, body: toScanView(row) };
    };
    if (key === undefined) return execute();
    const idempotency = createIdempotency({ db: deps.db, log: ctx.log });
    const fingerprint = fingerprintRequest('createScan', { image: reference.canonical, scanners });
    return toHandlerResult(await idempotency.run({ orgId: principal.orgId, key, fingerprint, execute }));
  };
}
