import { requirePrincipal, type RequestContext } from '../../platform/http/handler.js';
import { asUser } from '../../platform/principal.js';
import { auditContextOf } from '../audit/index.js';
import type { RulesCaller } from './rules.js';

/** The person writing rules (runtime-rules:manage is a person's: sessions only). */
export function rulesCallerOf(ctx: RequestContext): RulesCaller {
  const principal = asUser(requirePrincipal(ctx));
  return { orgId: principal.orgId, userId: principal.userId, audit: auditContextOf(ctx) };
}
