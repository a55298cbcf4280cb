// What the signed-in person may do in the organization they act in: GET /api/v1/me names
// their role and its permissions there. The settings pages offer only what those allow;
// the API decides every request on its own all the same.
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { useExpectedOrganization } from '../session/hooks';

export type Role = components['schemas']['Role'];
export type ActingOrganization = components['schemas']['Me']['acting_organization'];

/** Highest first; roles are cumulative, so a role holds every permission of the roles after it. */
export const ROLES: readonly Role[] = ['owner', 'admin', 'analyst', 'viewer'];

/** Whether a person of role `actor` holds every permission of role `role`. */
export const covers = (actor: Role, role: Role): boolean => ROLES.indexOf(actor) <= ROLES.indexOf(role);

/**
 * The person and the organization they act in, under the key the other pages share. Asked
 * again whenever a settings page mounts: a role someone else changed shows at the next page.
 */
export function useMe() {
  const organization = useExpectedOrganization();
  return useQuery({ queryKey: ['me', organization], queryFn: async () => unwrap(await api.GET('/api/v1/me')), staleTime: 0 });
}

export const holds = (organization: ActingOrganization, permission: string): boolean => organization.permissions.includes(permission);
