// Who changes policies, approvals or asks for an evaluation: a person (the module's
// permissions are never a machine's) acting in an organization, recorded in the
// module's trail with their address and request id.
import { requirePrincipal, type RequestContext } from '../../platform/http/handler.js';
import { asUser } from '../../platform/principal.js';
import { auditContextOf } from '../audit/index.js';
import type { PoliciesCaller } from './settings.js';

export function callerOfContext(ctx: RequestContext): PoliciesCaller {
  const principal = asUser(requirePrincipal(ctx));
  return { orgId: principal.orgId, userId: principal.userId, audit: auditContextOf(ctx) };
}
