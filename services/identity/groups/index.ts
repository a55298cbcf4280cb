// Directory groups and their role mappings (spec 2.9): a group is
// listed once an SSO assertion or a SCIM push names it and confers nothing until
// mapped to a role (never owner). Single sign-on names its groups and applies the
// mapped role at each sign-in through this entry; SCIM writes its own groups and
// applies the mapped role after each push.
import type { Database } from '../../platform/db/database.js';
import type { CapabilityModule } from '../../platform/module.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { getDirectoryGroup } from './handlers/getDirectoryGroup.js';
import { listDirectoryGroups } from './handlers/listDirectoryGroups.js';
import { updateDirectoryGroup } from './handlers/updateDirectoryGroup.js';

export {
  applyMappedRole,
  mappedRoleOf,
  nameSsoGroups,
  replaceSsoGroupMembership,
  type DirectoryGroup,
  type MappableRole,
} from './directory-groups.js';

export function createGroupsModule(deps: { db: Database; codec: CursorCodec }): CapabilityModule {
  const { db, codec } = deps;
  return {
    name: 'identity/groups',
    handlers: {
      listDirectoryGroups: listDirectoryGroups({ db, codec }),
      getDirectoryGroup: getDirectoryGroup({ db }),
      updateDirectoryGroup: updateDirectoryGroup({ db }),
    },
  };
}
