import { originOfContext } from '../../platform/audit/identity-trail.js';
import { requirePrincipal, type OperationHandler } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { createIdempotency } from '../../platform/idempotency/idempotency.js';
import { fingerprintRequest, readIdempotencyKey, toHandlerResult } from '../../platform/idempotency/request.js';
import type { ImageReferenceOptions } from '../image-reference.js';
import { createScan as recordScan, requestedScan, requesterOf, toScanView } from '../scans.js';

/** POST /api/v1/scans: queues a scan; with an idempotency key, a retry answers the first response verbatim. */
export function createScan(deps: { db: Database; imageReferences?: ImageReferenceOptions }): OperationHandler<'createScan'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const body = ctx.body;
    const key = readIdempotencyKey(ctx.headers, body);
    const { reference, scanners, platform } = requestedScan(body, deps.imageReferences);
    const execute = async () => {
      const row = await deps.db.transaction((tx) => recordScan(tx, principal.orgId, { reference, scanners, platform, source: 'scan', requester: requesterOf(principal), origin: originOfContext(ctx) }));
      return { status: 202 as const, body: toScanView(row) };
    };
    if (key === undefined) return execute();
    const idempotency = createIdempotency({ db: deps.db, log: ctx.log });
    // The platform joins the fingerprint only when named, so keys stored before it existed still replay.
    const fingerprint = fingerprintRequest('createScan', { image: reference.canonical, scanners, ...(platform === null ? {} : { platform }) });
    return toHandlerResult(await idempotency.run({ orgId: principal.orgId, key, fingerprint, execute }));
  };
}
