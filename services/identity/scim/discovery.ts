// The service provider's self-description (RFC 7644 section 4, RFC 7643 sections 5-7):
// what it supports, its resource types and their schemas. The same for every
// organization, so clients (Entra ID reads /Schemas to know what to send) see it
// alike; still served only to a directory token, like every SCIM endpoint.
import type { JsonObject } from './resource-input.js';
import { SCIM_BASE_PATH } from './scim-errors.js';
import { MAX_PAGE_SIZE } from './listing.js';
import {
  LIST_RESPONSE_SCHEMA, RESOURCE_TYPES, RESOURCE_TYPE_SCHEMA, SCHEMAS, SCHEMA_SCHEMA, SERVICE_PROVIDER_CONFIG_SCHEMA, type AttributeDefinition, type ResourceKind, type SchemaDefinition,
} from './schemas.js';

export function serviceProviderConfig(): JsonObject {
  return {
    schemas: [SERVICE_PROVIDER_CONFIG_SCHEMA],
    documentationUri: `${SCIM_BASE_PATH}/Schemas`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_PAGE_SIZE },
    changePassword: { supported: false },
    sort: { supported: true },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Directory token',
        description: "Authorization: Bearer with a directory token an owner of the organization issued (POST /api/v1/identity/scim-tokens); the directory acts in that organization.",
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${SCIM_BASE_PATH}/ServiceProviderConfig` },
  };
}

export function resourceType(kind: ResourceKind): JsonObject {
  const type = RESOURCE_TYPES[kind];
  return {
    schemas: [RESOURCE_TYPE_SCHEMA],
    id: kind,
    name: kind,
    endpoint: type.endpoint,
    description: type.description,
    schema: type.schema,
    schemaExtensions: type.extensions,
    meta: { resourceType: 'ResourceType', location: `${SCIM_BASE_PATH}/ResourceTypes/${kind}` },
  };
}

const attributeView = (attribute: AttributeDefinition): JsonObject => ({
  name: attribute.name,
  type: attribute.type,
  multiValued: attribute.multiValued,
  description: attribute.description,
  required: attribute.required,
  caseExact: attribute.caseExact,
  mutability: attribute.mutability,
  returned: attribute.returned,
  uniqueness: attribute.uniqueness,
  ...(attribute.canonicalValues ? { canonicalValues: attribute.canonicalValues } : {}),
  ...(attribute.referenceTypes ? { referenceTypes: attribute.referenceTypes } : {}),
  ...(attribute.subAttributes ? { subAttributes: attribute.subAttributes.map(attributeView) } : {}),
});

export const schemaView = (schema: SchemaDefinition): JsonObject => ({
  schemas: [SCHEMA_SCHEMA],
  id: schema.id,
  name: schema.name,
  description: schema.description,
  attributes: schema.attributes.map(attributeView),
  meta: { resourceType: 'Schema', location: `${SCIM_BASE_PATH}/Schemas/${schema.id}` },
});

const listResponse = (resources: JsonObject[]): JsonObject => ({
  schemas: [LIST_RESPONSE_SCHEMA],
  totalResults: resources.length,
  startIndex: 1,
  itemsPerPage: resources.length,
  Resources: resources,
});

export const allResourceTypes = (): JsonObject => listResponse((Object.keys(RESOURCE_TYPES) as ResourceKind[]).map(resourceType));
export const allSchemas = (): JsonObject => listResponse(SCHEMAS.map(schemaView));
