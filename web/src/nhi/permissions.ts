// What the person may do in the acting organization, as /api/v1/me says: their role's
// permissions and their module role's (spec 2.3). The pages offer only what these allow;
// the API still refuses everything else on its own.
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { useExpectedOrganization } from '../session/hooks';

export type ModulePermission =
  | 'inventory:read'
  | 'connectors:manage'
  | 'nhi-findings:triage'
  | 'governance:request'
  | 'governance:decide'
  | 'certification:manage'
  | 'runtime-rules:manage'
  | 'runtime-decisions:read'
  | 'audit:read';

export interface Permissions {
  /** False until /me answered: nothing permission-bound is offered before. */
  known: boolean;
  userId: string | undefined;
  /** Owner and admin are the module's Organization Admins: approving is their own authority. */
  organizationAdmin: boolean;
  can(permission: ModulePermission): boolean;
}

export function useMe() {
  const organization = useExpectedOrganization();
  // The same view as the finding timeline's: one request for both.
  return useQuery({ queryKey: ['me', organization], queryFn: async () => unwrap(await api.GET('/api/v1/me')) });
}

export function usePermissions(): Permissions {
  const me = useMe();
  const held = new Set(me.data?.acting_organization.permissions ?? []);
  const role = me.data?.acting_organization.role;
  return { known: me.isSuccess, userId: me.data?.id, organizationAdmin: role === 'owner' || role === 'admin', can: (permission) => held.has(permission) };
}

/** The person's delegations of `authority` in force now: what they may do for someone else. */
export function useDelegationsToMe(authority: 'approving' | 'reviewing') {
  const organization = useExpectedOrganization();
  const { userId } = usePermissions();
  const delegations = useQuery({
    queryKey: ['nhi-delegations', organization, 'to', userId],
    enabled: userId !== undefined,
    queryFn: async () => unwrap(await api.GET('/nhi/api/v1/delegations', { params: { query: { delegateUserId: userId, inForce: 'true', limit: '200' } } })).items,
  });
  return (delegations.data ?? []).filter((delegation) => delegation.authority.includes(authority));
}

/** Approving a grant, an exception or a remediation: an Organization Admin's own authority, or a delegation of it in force. */
export function useMayApprove(): boolean {
  const permissions = usePermissions();
  const delegated = useDelegationsToMe('approving');
  return permissions.can('governance:decide') && (permissions.organizationAdmin || delegated.length > 0);
}
