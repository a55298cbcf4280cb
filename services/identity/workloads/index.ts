// Workloads (spec 2.2, 5.5): non-human principals a person delegates part of their
// authority to. Delegating, listing with standing, revoking; the guard
// (identity/authentication) authenticates presented workload credentials through this entry.
import type { ScopeRegistry } from '../../platform/authorization/permissions.js';
import type { Database } from '../../platform/db/database.js';
import type { CapabilityModule } from '../../platform/module.js';
import { createWorkload } from './handlers/createWorkload.js';
import { listWorkloads } from './handlers/listWorkloads.js';
import { revokeWorkload } from './handlers/revokeWorkload.js';

export { workloadAuthority } from './authority.js';
export { WORKLOAD_CREDENTIAL_PREFIX, findByCredential as findWorkloadByCredential, touchLastActed as touchWorkloadLastActed } from './workloads.js';

export function createWorkloadsModule(deps: { db: Database; registry: ScopeRegistry }): CapabilityModule {
  const { db, registry } = deps;
  return {
    name: 'identity/workloads',
    handlers: {
      listWorkloads: listWorkloads({ db, registry }),
      createWorkload: createWorkload({ db, registry }),
      revokeWorkload: revokeWorkload({ db }),
    },
  };
}
