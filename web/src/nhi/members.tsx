import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { useExpectedOrganization } from '../session/hooks';

/** The organization's roster: the people a campaign or a delegation names, and who asked for or decided a request. */
export function useMembers() {
  const organization = useExpectedOrganization();
  return useQuery({
    queryKey: ['members', organization],
    queryFn: async () => unwrap(await api.GET('/api/v1/members')).members,
  });
}

/** A person the API names by id, by their name while they are a member. */
export function PersonName({ userId }: { userId: string | null }) {
  const members = useMembers();
  if (userId === null) return <>the service</>;
  const member = members.data?.find((candidate) => candidate.user_id === userId);
  return <>{member ? member.name : `a former member (${userId})`}</>;
}
