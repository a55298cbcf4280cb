// SCIM 2.0 provisioning (RFC 7643/7644; spec 2.9, 5.9): the
// directory protocol at /api/scim/v2 (Users, Groups, ServiceProviderConfig,
// ResourceTypes, Schemas) and the directory tokens owners issue for it. A SCIM user
// stands for a person and, while active, admits them to the organization within the
// plan's seats; SCIM groups are directory groups that administrators map to roles
// (identity/groups). The guard (identity/authentication) authenticates presented
// directory tokens with directory-tokens.ts.
import type { Database } from '../../platform/db/database.js';
import type { OperationHandler, OperationId } from '../../platform/http/handler.js';
import type { ScimHandler } from './scim-http.js';
import type { CapabilityModule } from '../../platform/module.js';
import { withAbsoluteUrls } from './absolute-urls.js';
import { createScimGroup } from './handlers/createScimGroup.js';
import { createScimUser } from './handlers/createScimUser.js';
import { deleteScimGroup } from './handlers/deleteScimGroup.js';
import { deleteScimUser } from './handlers/deleteScimUser.js';
import { getScimGroup } from './handlers/getScimGroup.js';
import { getScimResourceType } from './handlers/getScimResourceType.js';
import { getScimSchema } from './handlers/getScimSchema.js';
import { getScimServiceProviderConfig } from './handlers/getScimServiceProviderConfig.js';
import { getScimUser } from './handlers/getScimUser.js';
import { issueScimToken } from './handlers/issueScimToken.js';
import { listScimGroups } from './handlers/listScimGroups.js';
import { listScimResourceTypes } from './handlers/listScimResourceTypes.js';
import { listScimSchemas } from './handlers/listScimSchemas.js';
import { listScimTokens } from './handlers/listScimTokens.js';
import { listScimUsers } from './handlers/listScimUsers.js';
import { patchScimGroup } from './handlers/patchScimGroup.js';
import { patchScimUser } from './handlers/patchScimUser.js';
import { replaceScimGroup } from './handlers/replaceScimGroup.js';
import { replaceScimUser } from './handlers/replaceScimUser.js';
import { revokeScimToken } from './handlers/revokeScimToken.js';
import { scimErrorDialect } from './scim-errors.js';

export function createScimModule(deps: { db: Database; /** PUBLIC_URL: the origin of the URIs SCIM answers name. */ publicUrl: string }): CapabilityModule {
  const { db } = deps;
  // The directory protocol's answers name their URIs absolute under PUBLIC_URL.
  const absolute = <Id extends OperationId>(handler: ScimHandler<Id>): OperationHandler<Id> => withAbsoluteUrls(handler, deps.publicUrl);
  return {
    name: 'identity/scim',
    handlers: {
      listScimTokens: listScimTokens({ db }),
      issueScimToken: issueScimToken({ db }),
      revokeScimToken: revokeScimToken({ db }),
      getScimServiceProviderConfig: absolute(getScimServiceProviderConfig()),
      listScimResourceTypes: absolute(listScimResourceTypes()),
      getScimResourceType: absolute(getScimResourceType()),
      listScimSchemas: absolute(listScimSchemas()),
      getScimSchema: absolute(getScimSchema()),
      listScimUsers: absolute(listScimUsers({ db })),
      createScimUser: absolute(createScimUser({ db })),
      getScimUser: absolute(getScimUser({ db })),
      replaceScimUser: absolute(replaceScimUser({ db })),
      patchScimUser: absolute(patchScimUser({ db })),
      deleteScimUser: absolute(deleteScimUser({ db })),
      listScimGroups: absolute(listScimGroups({ db })),
      createScimGroup: absolute(createScimGroup({ db })),
      getScimGroup: absolute(getScimGroup({ db })),
      replaceScimGroup: absolute(replaceScimGroup({ db })),
      patchScimGroup: absolute(patchScimGroup({ db })),
      deleteScimGroup: absolute(deleteScimGroup({ db })),
    },
    errorDialect: scimErrorDialect,
  };
}
