// Organizations and their members (spec 2.1, 5.4, 5.9): creation, renaming, the member
// list, role changes, removal and leaving, the one seat count, and deletion (scheduled,
// cancelled, carried out by the workers role). Accounts reads memberships through this
// entry; invitations admit people and count seats through it.
import type { Analytics } from '../analytics/index.js';
import type { Database } from '../platform/db/database.js';
import type { Logger } from '../platform/logger.js';
import type { CapabilityModule } from '../platform/module.js';
import { createOrganizationDeletionSweep } from './workers/deletion-sweep.js';
import { cancelOrganizationDeletion } from './handlers/cancelOrganizationDeletion.js';
import { createOrganization } from './handlers/createOrganization.js';
import { leaveOrganization } from './handlers/leaveOrganization.js';
import { listMembers } from './handlers/listMembers.js';
import { listOrganizations } from './handlers/listOrganizations.js';
import { removeMember } from './handlers/removeMember.js';
import { renameCurrentOrganization } from './handlers/renameCurrentOrganization.js';
import { scheduleOrganizationDeletion } from './handlers/scheduleOrganizationDeletion.js';
import { updateMemberRole } from './handlers/updateMemberRole.js';

export {
  addMembership,
  alignMappedRole,
  findMember,
  findMemberByEmail,
  listMembers as rosterOf,
  mappingManagedArrivals,
  membershipIn,
  resolveActingMembership,
  type Arrival,
  type Member,
} from './memberships.js';
export { createOrganization, findOrganization, personalOrganizationOf } from './organizations.js';
export { changeOrganizationPlan, type PlanChange, type PlanSeats } from './plans.js';
export { lockSeats, overSeatLimit, overSeatLimitRefusal, seatFree, seatLimitReached, type Seats } from './seats.js';
export { isDeletionScheduled } from './deletion.js';
export { removeMemberForDirectory } from './members.js';

export function createOrganizationsModule(deps: { db: Database; logger: Logger; analytics: Pick<Analytics, 'forget'>; clock?: () => Date }): CapabilityModule {
  const { db } = deps;
  const now = deps.clock ?? (() => new Date());
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
      scheduleOrganizationDeletion: scheduleOrganizationDeletion({ db, now }),
      cancelOrganizationDeletion: cancelOrganizationDeletion({ db, now }),
    },
    workers: () => [createOrganizationDeletionSweep({ db, analytics: deps.analytics, logger: deps.logger.child({ component: 'organization-deletion' }), now })],
  };
}
