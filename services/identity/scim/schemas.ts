// The SCIM schemas this service provider supports (RFC 7643 sections 4, 7 and 8.7):
// the core User with the enterprise extension, and the core Group. The same
// definitions are served at /Schemas, read incoming resources (attribute names
// without case, types, mutability), answer `attributes`/`excludedAttributes`, and
// tell the filter translator what a path names. Attributes other than these are
// not supported and are ignored where a resource carries them.

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const LIST_RESPONSE_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_OP_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SERVICE_PROVIDER_CONFIG_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
export const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
export const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

export type AttributeType = 'string' | 'boolean' | 'decimal' | 'integer' | 'dateTime' | 'reference' | 'binary' | 'complex';
type Mutability = 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
export type Returned = 'always' | 'never' | 'default' | 'request';

export interface AttributeDefinition {
  name: string;
  type: AttributeType;
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: Mutability;
  returned: Returned;
  uniqueness: 'none' | 'server' | 'global';
  subAttributes?: AttributeDefinition[];
  canonicalValues?: string[];
  referenceTypes?: string[];
}

export interface SchemaDefinition {
  id: string;
  name: string;
  description: string;
  attributes: AttributeDefinition[];
}

type Options = Partial<Omit<AttributeDefinition, 'name' | 'type' | 'description'>>;

const attribute = (name: string, type: AttributeType, description: string, options: Options = {}): AttributeDefinition => ({
  name,
  type,
  multiValued: false,
  description,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...options,
});

const text = (name: string, description: string, options: Options = {}) => attribute(name, 'string', description, options);

/** A multi-valued complex attribute of RFC 7643's usual shape: value, display, type, primary. */
const plural = (name: string, description: string, value: AttributeType, types: string[], options: { valueReferenceTypes?: string[] } = {}): AttributeDefinition =>
  attribute(name, 'complex', description, {
    multiValued: true,
    subAttributes: [
      attribute('value', value, `The value of the ${name} entry.`, options.valueReferenceTypes ? { referenceTypes: options.valueReferenceTypes } : {}),
      text('display', 'A human-readable name, primarily used for display purposes.'),
      text('type', 'A label indicating the attribute\'s function.', types.length > 0 ? { canonicalValues: types } : {}),
      attribute('primary', 'boolean', 'Whether this is the preferred entry; at most one is.'),
    ],
  });

const coreUserAttributes: AttributeDefinition[] = [
  text('userName', 'Unique identifier for the User, typically used by the user to directly authenticate; unique per organization, compared without case.', {
    required: true,
    uniqueness: 'server',
  }),
  attribute('name', 'complex', "The components of the user's name.", {
    subAttributes: [
      text('formatted', 'The full name, formatted for display.'),
      text('familyName', 'The family name.'),
      text('givenName', 'The given name.'),
      text('middleName', 'The middle name(s).'),
      text('honorificPrefix', 'The honorific prefix(es).'),
      text('honorificSuffix', 'The honorific suffix(es).'),
    ],
  }),
  text('displayName', 'The name of the User, suitable for display to end-users.'),
  text('nickName', 'The casual way to address the user.'),
  attribute('profileUrl', 'reference', "A fully qualified URL pointing to a page representing the User's online profile.", { referenceTypes: ['external'] }),
  text('title', "The user's title."),
  text('userType', 'Identifies the relationship between the organization and the user.'),
  text('preferredLanguage', "The User's preferred written or spoken language."),
  text('locale', "The User's default location for localizing items."),
  text('timezone', "The User's time zone in the IANA Time Zone database format."),
  attribute('active', 'boolean', "The User's administrative status: while active, the person the User stands for is a member of the organization."),
  text('password', 'Accepted and never stored: people sign in through their identity provider.', { mutability: 'writeOnly', returned: 'never', caseExact: true }),
  plural('emails', 'Email addresses; the primary one (else the first) names the person the User stands for.', 'string', ['work', 'home', 'other']),
  plural('phoneNumbers', 'Phone numbers.', 'string', ['work', 'home', 'mobile', 'fax', 'pager', 'other']),
  plural('ims', 'Instant messaging addresses.', 'string', ['aim', 'gtalk', 'icq', 'xmpp', 'msn', 'skype', 'qq', 'yahoo']),
  plural('photos', 'URLs of photos of the User.', 'reference', ['photo', 'thumbnail'], { valueReferenceTypes: ['external'] }),
  attribute('addresses', 'complex', 'Physical mailing addresses.', {
    multiValued: true,
    subAttributes: [
      text('formatted', 'The full mailing address, formatted for display.'),
      text('streetAddress', 'The full street address component.'),
      text('locality', 'The city or locality component.'),
      text('region', 'The state or region component.'),
      text('postalCode', 'The zip code or postal code component.'),
      text('country', 'The country name component.'),
      text('type', 'A label indicating the address\'s function.', { canonicalValues: ['work', 'home', 'other'] }),
      attribute('primary', 'boolean', 'Whether this is the preferred address.'),
    ],
  }),
  attribute('groups', 'complex', 'The groups the User belongs to, written through the Group resources only.', {
    multiValued: true,
    mutability: 'readOnly',
    subAttributes: [
      text('value', 'The id of the Group.', { mutability: 'readOnly' }),
      attribute('$ref', 'reference', 'The URI of the Group.', { mutability: 'readOnly', referenceTypes: ['Group'] }),
      text('display', 'The displayName of the Group.', { mutability: 'readOnly' }),
      text('type', 'direct: this service has no nested groups.', { mutability: 'readOnly', canonicalValues: ['direct'] }),
    ],
  }),
  plural('entitlements', 'Entitlements of the User (recorded, not interpreted).', 'string', []),
  plural('roles', "Roles of the User in the directory (recorded, not interpreted: a membership's role comes from group mappings).", 'string', []),
  plural('x509Certificates', 'Certificates issued to the User.', 'binary', []),
];

const enterpriseUserAttributes: AttributeDefinition[] = [
  text('employeeNumber', 'Numeric or alphanumeric identifier assigned to a person.'),
  text('costCenter', 'Identifies the name of a cost center.'),
  text('organization', 'Identifies the name of an organization.'),
  text('division', 'Identifies the name of a division.'),
  text('department', 'Identifies the name of a department.'),
  attribute('manager', 'complex', "The User's manager.", {
    subAttributes: [
      text('value', 'The id of the manager\'s User.'),
      attribute('$ref', 'reference', 'The URI of the manager\'s User.', { referenceTypes: ['User'] }),
      text('displayName', 'The displayName of the manager.', { mutability: 'readOnly' }),
    ],
  }),
];

const groupAttributes: AttributeDefinition[] = [
  text('displayName', 'A human-readable name for the Group; unique per organization, compared without case.', { required: true, uniqueness: 'server' }),
  attribute('members', 'complex', 'The Users of the Group (this service has no nested groups).', {
    multiValued: true,
    subAttributes: [
      text('value', 'The id of a User of this directory.', { mutability: 'immutable' }),
      attribute('$ref', 'reference', 'The URI of the User.', { mutability: 'immutable', referenceTypes: ['User'] }),
      text('display', "The member's displayName (else userName).", { mutability: 'readOnly' }),
      text('type', 'User: the only kind of member.', { mutability: 'immutable', canonicalValues: ['User'] }),
    ],
  }),
];

export const SCHEMAS: readonly SchemaDefinition[] = [
  { id: USER_SCHEMA, name: 'User', description: 'User Account', attributes: coreUserAttributes },
  { id: ENTERPRISE_USER_SCHEMA, name: 'EnterpriseUser', description: 'Enterprise User', attributes: enterpriseUserAttributes },
  { id: GROUP_SCHEMA, name: 'Group', description: 'Group', attributes: groupAttributes },
];

export type ResourceKind = 'User' | 'Group';

interface ResourceTypeDefinition {
  kind: ResourceKind;
  endpoint: string;
  description: string;
  schema: string;
  extensions: { schema: string; required: boolean }[];
}

export const RESOURCE_TYPES: Record<ResourceKind, ResourceTypeDefinition> = {
  User: { kind: 'User', endpoint: '/Users', description: 'User Account', schema: USER_SCHEMA, extensions: [{ schema: ENTERPRISE_USER_SCHEMA, required: false }] },
  Group: { kind: 'Group', endpoint: '/Groups', description: 'Group', schema: GROUP_SCHEMA, extensions: [] },
};

export const isResourceKind = (name: string): name is ResourceKind => Object.hasOwn(RESOURCE_TYPES, name);

/** Attributes every resource has (RFC 7643 section 3.1), which no schema above lists. */
export const COMMON_ATTRIBUTES: readonly AttributeDefinition[] = [
  text('id', 'The service provider\'s identifier of the resource.', { mutability: 'readOnly', returned: 'always', caseExact: true, uniqueness: 'server' }),
  text('externalId', "The provisioning client's identifier of the resource.", { caseExact: true }),
  attribute('meta', 'complex', 'Resource metadata.', {
    mutability: 'readOnly',
    subAttributes: [
      text('resourceType', 'The name of the resource type.', { mutability: 'readOnly', caseExact: true }),
      attribute('created', 'dateTime', 'When the resource was added.', { mutability: 'readOnly' }),
      attribute('lastModified', 'dateTime', 'When the resource was last changed.', { mutability: 'readOnly' }),
      attribute('location', 'reference', 'The URI of the resource.', { mutability: 'readOnly', caseExact: true }),
      text('version', 'The version of the resource (a weak entity tag).', { mutability: 'readOnly', caseExact: true }),
    ],
  }),
];

const schemaById = (id: string): SchemaDefinition | undefined => SCHEMAS.find((schema) => schema.id.toLowerCase() === id.toLowerCase());

/** The core schema of a resource type, and its extension schemas. */
export function schemasOf(kind: ResourceKind): { core: SchemaDefinition; extensions: SchemaDefinition[] } {
  const type = RESOURCE_TYPES[kind];
  return { core: schemaById(type.schema)!, extensions: type.extensions.map((extension) => schemaById(extension.schema)!) };
}

export const findAttribute = (attributes: readonly AttributeDefinition[], name: string): AttributeDefinition | undefined =>
  attributes.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase());
