import type { Database } from '../../../platform/db/database.js';
import { project, projectionOf } from '../resource-output.js';
import { directoryCallerOf, scimAnswer, versionHeader, type ScimHandler } from '../scim-http.js';
import { createUser } from '../user-provisioning.js';

/** POST /api/scim/v2/Users: 201 with the user; 409 for a taken userName, 402 past the plan's seats (then nothing is written). */
export function createScimUser(deps: { db: Database }): ScimHandler<'createScimUser'> {
  return async (ctx) => {
    const user = await createUser(deps.db, directoryCallerOf(ctx), ctx.body);
    return scimAnswer(201, project('User', user, projectionOf(ctx.query)), { location: user.meta.location, ...versionHeader(user) });
  };
}
