import { notFound } from '../../../platform/errors.js';
import { resourceType } from '../discovery.js';
import { directoryCallerOf, scimAnswer, type ScimHandler } from '../scim-http.js';
import { RESOURCE_TYPES, type ResourceKind } from '../schemas.js';

/** GET /api/scim/v2/ResourceTypes/{id}: User or Group; anything else is 404. */
export function getScimResourceType(): ScimHandler<'getScimResourceType'> {
  return async (ctx) => {
    directoryCallerOf(ctx);
    const kind = Object.keys(RESOURCE_TYPES).find((name) => name === ctx.params.id) as ResourceKind | undefined;
    if (!kind) throw notFound();
    return scimAnswer(200, resourceType(kind));
  };
}
