// Who asks for or decides a remediation: a person (the module's permissions are never
// a machine's) acting in an organization, recorded in the module's trail with their
// address and request id.
import { requirePrincipal, type RequestContext } from '../../platform/http/handler.js';
import { asUser } from '../../platform/principal.js';
import { auditContextOf } from '../audit/index.js';
import type { GovernanceCaller } from '../governance/index.js';

export function callerOfContext(ctx: RequestContext): GovernanceCaller {
  const principal = asUser(requirePrincipal(ctx));
  return { orgId: principal.orgId, userId: principal.userId, audit: auditContextOf(ctx) };
}
