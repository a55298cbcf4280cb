// Organizations and their members (spec 2.1, 5.4, 5.9): creation, renaming, the member
// list, role changes, removal and leaving, and the one seat count. Accounts reads
// memberships through this entry; invitations admit people and count seats through it.
import type { Database } from '../platform/db/database.js';
import type { CapabilityModule } from '../platform/module.js';
import { createOrganization } from './handlers/createOrganization.js';
import { leaveOrganization } from './handlers/leaveOrganization.js';
import { listMembers } from './handlers/listMembers.js';
import { listOrganizations } from './handlers/listOrganizations.js';
import { removeMember } from './handlers/removeMember.js';
import { renameCurrentOrganization } from './handlers/renameCurrentOrganization.js';
import { updateMemberRole } from './handlers/updateMemberRole.js';

export { addMembership, findMember, findMemberByEmail, membershipIn, resolveActingMembership } from './memberships.js';
export { createOrganization, findOrganization, personalOrganizationOf } from './organizations.js';
export { lockSeats, overSeatLimit, overSeatLimitRefusal, seatFree, seatLimitReached, type Seats } from './seats.js';

export function createOrganizationsModule(deps: { db: Database }): CapabilityModule {
  const { db } = deps;
  return {
    name: 'organizations',
    handlers: {
      listOrganizations: listOrganizations({ db }),
      createOrganization: createOrganization({ db }),
      renameCurrentOrganization: renameCurrentOrganization({ db }),
      listMembers: listMembers({ db }),
      updateMemberRole: updateMemberRole({ db }),
      removeMember: removeMember({ db }),
      leaveOrganization: leaveOrganization({ db }),
    },
    securityFixtures: () => import('./testing/security-fixtures.js').then((m) => m.securityFixtures),
  };
}
