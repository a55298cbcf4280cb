import { notFound } from '../../../platform/errors.js';
import { schemaView } from '../discovery.js';
import { directoryCallerOf, scimAnswer, type ScimHandler } from '../scim-http.js';
import { SCHEMAS } from '../schemas.js';

/** GET /api/scim/v2/Schemas/{id}: one schema by its URN; an unknown one is 404. */
export function getScimSchema(): ScimHandler<'getScimSchema'> {
  return async (ctx) => {
    directoryCallerOf(ctx);
    const schema = SCHEMAS.find((candidate) => candidate.id === ctx.params.id);
    if (!schema) throw notFound();
    return scimAnswer(200, schemaView(schema));
  };
}
