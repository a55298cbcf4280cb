// SCIM 2.0 provisioning (RFC 7643/7644; spec 2.9, 5.9; issue 17 item 7): the
// directory protocol at /api/scim/v2 (Users, Groups, ServiceProviderConfig,
// ResourceTypes, Schemas) and the directory tokens owners issue for it. A SCIM user
// stands for a person and, while active, admits them to the organization within the
// plan's seats; SCIM groups are directory groups that administrators map to roles
// (identity/groups). Accounts authenticates presented directory tokens through
// `directoryTokens`, which the composition root hands it (accounts cannot import this
// entry: this capability imports accounts).
import type { DirectoryTokens } from '../../accounts/index.js';
import type { Database } from '../../platform/db/database.js';
import type { OperationHandler } from '../../platform/http/handler.js';
import type { CapabilityModule } from '../../platform/module.js';
import { withAbsoluteUrls } from './absolute-urls.js';
import { DIRECTORY_TOKEN_PREFIX, findDirectoryToken, touchDirectoryTokenLastUsed } from './directory-tokens.js';
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

/** How the guard finds a presented directory token. */
export const directoryTokens: DirectoryTokens = {
  prefix: DIRECTORY_TOKEN_PREFIX,
  find: findDirectoryToken,
  touchLastUsed: touchDirectoryTokenLastUsed,
};

export function createScimModule(deps: { db: Database; /** PUBLIC_URL: the origin of the URIs SCIM answers name. */ publicUrl: string }): CapabilityModule {
  const { db } = deps;
  const directoryProtocol: Record<string, OperationHandler> = {
    getScimServiceProviderConfig: getScimServiceProviderConfig(),
    listScimResourceTypes: listScimResourceTypes(),
    getScimResourceType: getScimResourceType(),
    listScimSchemas: listScimSchemas(),
    getScimSchema: getScimSchema(),
    listScimUsers: listScimUsers({ db }),
    createScimUser: createScimUser({ db }),
    getScimUser: getScimUser({ db }),
    replaceScimUser: replaceScimUser({ db }),
    patchScimUser: patchScimUser({ db }),
    deleteScimUser: deleteScimUser({ db }),
    listScimGroups: listScimGroups({ db }),
    createScimGroup: createScimGroup({ db }),
    getScimGroup: getScimGroup({ db }),
    replaceScimGroup: replaceScimGroup({ db }),
    patchScimGroup: patchScimGroup({ db }),
    deleteScimGroup: deleteScimGroup({ db }),
  };
  return {
    name: 'identity/scim',
    handlers: {
      listScimTokens: listScimTokens({ db }),
      issueScimToken: issueScimToken({ db }),
      revokeScimToken: revokeScimToken({ db }),
      ...Object.fromEntries(Object.entries(directoryProtocol).map(([operationId, handler]) => [operationId, withAbsoluteUrls(handler, deps.publicUrl)])),
    },
    errorDialect: scimErrorDialect,
    securityFixtures: () => import('./testing/security-fixtures.js').then((m) => m.securityFixtures),
  };
}
