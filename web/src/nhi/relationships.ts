import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { useExpectedOrganization } from '../session/hooks';

export type Relationship = components['schemas']['Relationship'];

/** The other end of a relationship, as the provider names it. */
export const counterpartOf = (relationship: Relationship): string => (relationship.direction === 'outgoing' ? relationship.toExternalId : relationship.fromExternalId);

/** A page of the identity's relationships, both directions, newest first. */
export function useRelationships(identityId: string, cursor: string | undefined, limit: number) {
  const organization = useExpectedOrganization();
  return useQuery({
    queryKey: ['nhi-relationships', organization, identityId, cursor, limit],
    queryFn: async () =>
      unwrap(await api.GET('/nhi/api/v1/identities/{identityId}/relationships', { params: { path: { identityId }, query: { cursor, limit: String(limit) } } })),
  });
}

/** The identity itself. */
export function useIdentity(identityId: string) {
  const organization = useExpectedOrganization();
  return useQuery({
    queryKey: ['nhi-identity', organization, identityId],
    queryFn: async () => unwrap(await api.GET('/nhi/api/v1/identities/{identityId}', { params: { path: { identityId } } })),
  });
}
