import { notFound } from '../../../platform/errors.js';
import { resourceType } from '../discovery.js';
import { directoryCallerOf, scimAnswer, type ScimHandler } from '../scim-http.js';
import { isResourceKind } from '../schemas.js';

/** GET /api/scim/v2/ResourceTypes/{id}: User or Group; anything else is 404. */
export function getScimResourceType(): ScimHandler<'getScimResourceType'> {
  return async (ctx) => {
    directoryCallerOf(ctx);
    if (!isResourceKind(ctx.params.id)) throw notFound();
    return scimAnswer(200, resourceType(ctx.params.id));
  };
}
