// Invitations (spec 2.9, 5.8, 5.9): an administrator invites an address with a role,
// the invited person redeems the token once signed in, and the invitation holds a
// seat until then. People are admitted and seats counted through organizations.
import type { Database } from '../../platform/db/database.js';
import type { CapabilityModule } from '../../platform/module.js';
import { acceptInvitation } from './handlers/acceptInvitation.js';
import { createInvitation } from './handlers/createInvitation.js';
import { listInvitations } from './handlers/listInvitations.js';
import { withdrawInvitation } from './handlers/withdrawInvitation.js';

export function createInvitationsModule(deps: { db: Database }): CapabilityModule {
  const { db } = deps;
  return {
    name: 'identity/invitations',
    handlers: {
      createInvitation: createInvitation({ db }),
      listInvitations: listInvitations({ db }),
      withdrawInvitation: withdrawInvitation({ db }),
      acceptInvitation: acceptInvitation({ db }),
    },
  };
}
