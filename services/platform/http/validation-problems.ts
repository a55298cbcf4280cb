// What a 400 says about a request the document refused: one line per problem,
// naming where it is and, for the usual mistakes (an unknown property, a value
// outside a closed set, a discriminator naming no schema), what was sent and
// what is allowed. ajv's own messages say neither.
import type { ValidationResult } from 'openapi-backend';

type ErrorObject = NonNullable<ValidationResult['errors']>[number];

// Values are echoed only from the body, query and path, and only when short: headers can carry credentials.
const ECHOED_LOCATION = /^\/(requestBody|query|path)(\/|$)/;
const MAX_ECHO_LENGTH = 100;

function echo(error: ErrorObject, value: unknown): string {
  if (!ECHOED_LOCATION.test(error.instancePath) || (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')) return '';
  const text = JSON.stringify(value);
  return text.length <= MAX_ECHO_LENGTH ? `, not ${text}` : '';
}

/** The tag values a discriminator accepts: each branch's single-valued enum (or const) of the tag property. */
function discriminatorValues(error: ErrorObject, tag: string): string[] {
  const branches = (error.parentSchema as { oneOf?: { properties?: Record<string, { enum?: unknown[]; const?: unknown }> }[] } | undefined)?.oneOf ?? [];
  return branches.flatMap((branch) => {
    const property = branch.properties?.[tag];
    return (property?.enum ?? (property?.const === undefined ? [] : [property.const])).map(String);
  });
}

/** One problem as a line. Needs ajv's `verbose` option for the values sent (data) and the discriminator's branches (parentSchema). */
export function describeProblem(error: ErrorObject): string {
  const where = error.instancePath || 'request';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `${where} has an unknown property "${String(params.additionalProperty)}"`;
    case 'enum':
      return `${where} must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}${echo(error, error.data)}`;
    case 'discriminator': {
      const tag = String(params.tag);
      if (params.error !== 'mapping') return `${where}/${tag} must be a string`;
      const value = (error.data as Record<string, unknown> | undefined)?.[tag];
      return `${where}/${tag} must be one of ${discriminatorValues(error, tag).join(', ')}${echo(error, value)}`;
    }
    default:
      return `${where} ${error.message ?? 'is invalid'}`;
  }
}
