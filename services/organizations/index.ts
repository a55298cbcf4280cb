// Organizations and their members (spec 2.1, 5.4): creation, renaming, the member
// list, role changes and removal. Accounts reads memberships through this entry.
import type { Database } from '../platform/db/database.js';
import type { CapabilityModule } from '../platform/module.js';
import { createOrganization } from './handlers/createOrganization.js';
import { listMembers } from './handlers/listMembers.js';
import { listOrganizations } from './handlers/listOrganizations.js';
import { removeMember } from './handlers/removeMember.js';
import { renameCurrentOrganization } from './handlers/renameCurrentOrganization.js';
import { updateMemberRole } from './handlers/updateMemberRole.js';

export { addMembership, findMember, membershipIn, resolveActingMembership } from './memberships.js';
export { createOrganization, findOrganization, personalOrganizationOf } from './organizations.js';

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
    },
    securityFixtures: () => import('./testing/security-fixtures.js').then((m) => m.securityFixtures),
  };
}
