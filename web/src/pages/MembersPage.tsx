import { holds } from '../admin/access';
import { InvitationsSection } from '../admin/InvitationsSection';
import { MembersSection } from '../admin/MembersSection';
import { Permitted } from '../admin/Permitted';

/** The roster and, for those who manage members, invitations with the seats they hold. */
export function MembersPage() {
  return (
    <Permitted permission="members:read" title="Members">
      {(me) => (
        <>
          <MembersSection organization={me.acting_organization} me={me.id} />
          {holds(me.acting_organization, 'members:manage') && <InvitationsSection organization={me.acting_organization} />}
        </>
      )}
    </Permitted>
  );
}
