import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { JSON_CONTENT_TYPE, requestVerdict } from '../verdicts.js';

/**
 * POST /api/v1/scans/{id}/verdict: records the scan's verdict against the enabled
 * policy (201), or replays the one recorded for that policy version (200) with the
 * same bytes. No body and no idempotency key: the verdict's uniqueness is its own.
 */
export function requestScanVerdict(deps: { db: Database }): OperationHandler<'requestScanVerdict'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const answer = await requestVerdict(deps.db, principal, ctx.params.id, ctx.requestId);
    return { status: answer.status, body: answer.body, headers: { 'content-type': JSON_CONTENT_TYPE } };
  };
}
