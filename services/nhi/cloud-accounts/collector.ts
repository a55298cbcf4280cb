// The cloud-account collector (spec 2.12, 5.14, 8): one AWS account
// per connector, read with the AWS SDK through the connector's provider client.
//
// Before anything is collected: the credentials entry is read (aws-credentials.ts);
// when it names a role, the role must be in the connector's account and is assumed
// with the external id the service generated for the connector (never one from
// settings or credentials); then STS GetCallerIdentity must name the connector's
// account, or the collection is refused with configuration_error and nothing is read.
//
// What is read: GetAccountAuthorizationDetails (roles with their trust policies,
// attached and inline policies and RoleLastUsed; users with their groups and
// policies; groups; the managed policies), one listing instead of four calls per
// role (ListRoles carries no last use). Then each user's access keys
// (ListAccessKeys), and each key's last use (GetAccessKeyLastUsed) when the
// connector asks for it.
//
// What is emitted, by capability (docs/decisions/nhi.md, "Collectors"):
// - role_discovery: roles (aws_iam_role), with lastUsedAt from RoleLastUsed; ASSUMES
//   edges from each principal their trust policy allows to assume them.
// - user_discovery AND the includeUsers setting: users (aws_iam_user) and their groups
//   (aws_iam_group), recorded as unknown (IAM cannot tell a person from a machine;
//   spec 8); without includeUsers they are excluded. Users never report last use.
// - access_key_discovery: access keys (aws_iam_access_key) of every user, and the
//   AUTHENTICATES_WITH edge from the user to the key; key_last_used AND the
//   includeKeyLastUsed setting add their last use.
// - relationship_discovery: the edges above, HAS_PERMISSION from roles, users and
//   groups to their managed (aws_iam_policy) and inline (aws_iam_inline_policy)
//   policies, and BELONGS_TO from users to groups; the policies are recorded as the
//   targets of those edges.
//
// A failure before anything was emitted fails the collection; after, it is partial
// (PartialCollectionError) and the pipeline removes nothing.
import type { AccessKeyLastUsed, AccessKeyMetadata, AttachedPolicy, EntityType, GroupDetail, ManagedPolicyDetail, PolicyDetail, RoleDetail, UserDetail } from '@aws-sdk/client-iam';
import { PartialCollectionError, type CollectedEdge, type CollectedIdentity, type CollectionContext, type Collector } from '../collection/index.js';
import { signInToAccount } from './account-sign-in.js';
import { AWS_ENDPOINTS, type AwsEndpoints, type iamCalls } from './aws-calls.js';
import { trustedPrincipals } from './trust-policy.js';

export const cloudAccountIdentityKinds = {
  role: 'aws_iam_role',
  user: 'aws_iam_user',
  group: 'aws_iam_group',
  accessKey: 'aws_iam_access_key',
  policy: 'aws_iam_policy',
  inlinePolicy: 'aws_iam_inline_policy',
} as const;

/** Roles IAM Identity Center creates for its permission sets: people sign in through them. */
const IDENTITY_CENTER_PATH = '/aws-reserved/sso.amazonaws.com/';
const SERVICE_LINKED_PATH = '/aws-service-role/';

/** An inline policy lives inside its holder: named by the holder's ARN and the policy's name. */
export const inlinePolicyExternalId = (holderArn: string, policyName: string): string => `${holderArn}#inline-policy:${policyName}`;

export interface CloudAccountCollectorOptions {
  /** Where IAM and STS are reached: AWS's global endpoints unless given (tests name a loopback peer). */
  endpoints?: AwsEndpoints;
}

export function createCloudAccountCollector(options: CloudAccountCollectorOptions = {}): Collector {
  const endpoints = options.endpoints ?? AWS_ENDPOINTS;
  return { kind: 'cloud_account', collect: (context) => collectAccount(context, endpoints) };
}

/** The collector the deployment registers: AWS itself. */
export const cloudAccountCollector = createCloudAccountCollector();

interface Plan {
  roles: boolean;
  users: boolean;
  accessKeys: boolean;
  keyLastUsed: boolean;
  relationships: boolean;
}

interface AuthorizationDetails {
  roles: Map<string, RoleDetail>;
  users: Map<string, UserDetail>;
  groups: Map<string, GroupDetail>;
  policies: Map<string, ManagedPolicyDetail>;
}

async function collectAccount(context: CollectionContext, endpoints: AwsEndpoints): Promise<void> {
  const { connector, session } = context;
  const { iam, accountId } = await signInToAccount(session, connector, endpoints);

  const enabled = new Set(connector.enabledCapabilities);
  const plan: Plan = {
    roles: enabled.has('role_discovery'),
    users: enabled.has('user_discovery') && connector.settings.includeUsers === true,
    accessKeys: enabled.has('access_key_discovery'),
    keyLastUsed: enabled.has('key_last_used') && connector.settings.includeKeyLastUsed === true,
    relationships: enabled.has('relationship_discovery'),
  };
  context.progress('reading the account authorization details');
  const details = await readAuthorizationDetails(iam, plan);

  let emitted = 0;
  const emitter: Emitter = {
    identity: async (identity) => {
      await context.emitIdentity(identity);
      emitted++;
    },
    edge: async (edge) => {
      if (plan.relationships) await context.emitEdge(edge);
    },
  };
  try {
    await emitAuthorizationDetails(details, plan, emitter, PARTITION);
    if (plan.accessKeys) {
      context.progress('listing access keys');
      await collectAccessKeys(iam, details, plan, emitter);
    }
  } catch (error) {
    if (emitted === 0) throw error;
    throw new PartialCollectionError(`AWS account ${accountId}: failed after ${emitted} identities were collected: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Only the standard partition is reachable (the kind's built-in hosts), so every ARN of the account is arn:aws:. */
const PARTITION = 'aws';

async function readAuthorizationDetails(iam: ReturnType<typeof iamCalls>, plan: Plan): Promise<AuthorizationDetails> {
  const details: AuthorizationDetails = { roles: new Map(), users: new Map(), groups: new Map(), policies: new Map() };
  const filter: EntityType[] = [
    ...(plan.roles ? (['Role'] as const) : []),
    ...(plan.users || plan.accessKeys ? (['User'] as const) : []),
    ...(plan.users ? (['Group'] as const) : []),
    ...(plan.relationships ? (['LocalManagedPolicy', 'AWSManagedPolicy'] as const) : []),
  ];
  if (filter.length === 0) return details;
  // Keyed by ARN: an entry a provider repeats on two pages is one entry, its last sighting.
  for await (const page of iam.authorizationDetails(filter)) {
    for (const role of page.RoleDetailList ?? []) if (role.Arn !== undefined) details.roles.set(role.Arn, role);
    for (const user of page.UserDetailList ?? []) if (user.Arn !== undefined) details.users.set(user.Arn, user);
    for (const group of page.GroupDetailList ?? []) if (group.Arn !== undefined) details.groups.set(group.Arn, group);
    for (const policy of page.Policies ?? []) if (policy.Arn !== undefined) details.policies.set(policy.Arn, policy);
  }
  return details;
}

interface Emitter {
  identity(identity: CollectedIdentity): Promise<void>;
  /** Emitted only with relationship_discovery. */
  edge(edge: CollectedEdge): Promise<void>;
}

async function emitAuthorizationDetails(details: AuthorizationDetails, plan: Plan, emit: Emitter, partition: string): Promise<void> {
  const heldPolicies = new Set<string>();
  const permissions = async (holderArn: string, attached: AttachedPolicy[] | undefined, inline: PolicyDetail[] | undefined) => {
    if (!plan.relationships) return;
    for (const policy of attached ?? []) {
      if (policy.PolicyArn === undefined) continue;
      heldPolicies.add(policy.PolicyArn);
      await emit.edge({ type: 'HAS_PERMISSION', fromExternalId: holderArn, toExternalId: policy.PolicyArn });
    }
    for (const policy of inline ?? []) {
      if (policy.PolicyName === undefined) continue;
      const externalId = inlinePolicyExternalId(holderArn, policy.PolicyName);
      await emit.identity({
        externalId,
        kind: cloudAccountIdentityKinds.inlinePolicy,
        name: policy.PolicyName,
        attributes: { principalType: 'machine', holderArn, document: policyDocument(policy.PolicyDocument) },
        fingerprint: null,
        lastUsedAt: null,
      });
      await emit.edge({ type: 'HAS_PERMISSION', fromExternalId: holderArn, toExternalId: externalId });
    }
  };

  if (plan.roles) {
    for (const [arn, role] of details.roles) {
      const trustPolicy = policyDocument(role.AssumeRolePolicyDocument);
      const principals = trustedPrincipals(trustPolicy, partition);
      await emit.identity(roleIdentity(arn, role, trustPolicy, principals));
      for (const principal of principals) await emit.edge({ type: 'ASSUMES', fromExternalId: principal, toExternalId: arn });
      await permissions(arn, role.AttachedManagedPolicies, role.RolePolicyList);
    }
  }
  if (plan.users) {
    const groupArns = new Map([...details.groups].map(([arn, group]) => [group.GroupName, arn]));
    for (const [arn, user] of details.users) {
      await emit.identity({
        externalId: arn,
        kind: cloudAccountIdentityKinds.user,
        name: user.UserName ?? arn,
        attributes: {
          principalType: 'unknown',
          arn,
          userId: user.UserId ?? null,
          path: user.Path ?? null,
          createdAt: iso(user.CreateDate),
          groups: user.GroupList ?? [],
          permissionsBoundary: user.PermissionsBoundary?.PermissionsBoundaryArn ?? null,
          tags: tags(user.Tags),
        },
        fingerprint: null,
        // Spec 8: last use is reported for roles and access keys only.
        lastUsedAt: null,
      });
      for (const groupName of user.GroupList ?? []) {
        const groupArn = groupArns.get(groupName);
        if (groupArn !== undefined) await emit.edge({ type: 'BELONGS_TO', fromExternalId: arn, toExternalId: groupArn });
      }
      await permissions(arn, user.AttachedManagedPolicies, user.UserPolicyList);
    }
    for (const [arn, group] of details.groups) {
      await emit.identity({
        externalId: arn,
        kind: cloudAccountIdentityKinds.group,
        name: group.GroupName ?? arn,
        attributes: { principalType: 'unknown', arn, groupId: group.GroupId ?? null, path: group.Path ?? null, createdAt: iso(group.CreateDate) },
        fingerprint: null,
        lastUsedAt: null,
      });
      await permissions(arn, group.AttachedManagedPolicies, group.GroupPolicyList);
    }
  }
  // Managed policies are recorded as what collected identities hold.
  for (const arn of heldPolicies) {
    const policy = details.policies.get(arn);
    if (policy !== undefined) await emit.identity(policyIdentity(arn, policy));
  }
}

function roleIdentity(arn: string, role: RoleDetail, trustPolicy: unknown, principals: string[]): CollectedIdentity {
  const path = role.Path ?? '/';
  const lastUsed = role.RoleLastUsed?.LastUsedDate;
  // People sign in through Identity Center's roles and through roles only a SAML provider may assume.
  const throughPeople = path.startsWith(IDENTITY_CENTER_PATH) || (principals.length > 0 && principals.every((principal) => principal.includes(':saml-provider/')));
  return {
    externalId: arn,
    kind: cloudAccountIdentityKinds.role,
    name: role.RoleName ?? arn,
    attributes: {
      principalType: throughPeople ? 'unknown' : 'machine',
      arn,
      roleId: role.RoleId ?? null,
      path,
      serviceLinked: path.startsWith(SERVICE_LINKED_PATH),
      createdAt: iso(role.CreateDate),
      trustPolicy,
      instanceProfiles: (role.InstanceProfileList ?? []).map((profile) => profile.Arn).filter((profileArn) => profileArn !== undefined),
      permissionsBoundary: role.PermissionsBoundary?.PermissionsBoundaryArn ?? null,
      tags: tags(role.Tags),
      // IAM reports a role's last use (within its tracking window): 'never_used' is a report too, unlike a missing one.
      lastUse: { status: lastUsed === undefined ? 'never_used' : 'used', region: role.RoleLastUsed?.Region ?? null },
    },
    fingerprint: null,
    lastUsedAt: lastUsed ?? null,
  };
}

function policyIdentity(arn: string, policy: ManagedPolicyDetail): CollectedIdentity {
  const defaultVersion = (policy.PolicyVersionList ?? []).find((version) => version.IsDefaultVersion === true);
  return {
    externalId: arn,
    kind: cloudAccountIdentityKinds.policy,
    name: policy.PolicyName ?? arn,
    attributes: {
      principalType: 'machine',
      arn,
      policyId: policy.PolicyId ?? null,
      path: policy.Path ?? null,
      awsManaged: arn.includes(':iam::aws:policy/'),
      defaultVersionId: policy.DefaultVersionId ?? null,
      document: defaultVersion === undefined ? null : policyDocument(defaultVersion.Document),
      attachmentCount: policy.AttachmentCount ?? null,
      createdAt: iso(policy.CreateDate),
      updatedAt: iso(policy.UpdateDate),
    },
    fingerprint: null,
    lastUsedAt: null,
  };
}

async function collectAccessKeys(iam: ReturnType<typeof iamCalls>, details: AuthorizationDetails, plan: Plan, emit: Emitter): Promise<void> {
  for (const [userArn, user] of details.users) {
    if (user.UserName === undefined) continue;
    for (const key of await iam.accessKeys(user.UserName)) {
      if (key.AccessKeyId === undefined) continue;
      const lastUse = plan.keyLastUsed ? await iam.accessKeyLastUsed(key.AccessKeyId) : undefined;
      await emit.identity(accessKeyIdentity(key.AccessKeyId, key, userArn, user.UserName, lastUse, plan.keyLastUsed));
      await emit.edge({ type: 'AUTHENTICATES_WITH', fromExternalId: userArn, toExternalId: key.AccessKeyId });
    }
  }
}

function accessKeyIdentity(accessKeyId: string, key: AccessKeyMetadata, userArn: string, userName: string, lastUse: AccessKeyLastUsed | undefined, reported: boolean): CollectedIdentity {
  const lastUsed = lastUse?.LastUsedDate;
  return {
    externalId: accessKeyId,
    kind: cloudAccountIdentityKinds.accessKey,
    name: accessKeyId,
    attributes: {
      // Whose key it is cannot be told (its user may be a person): recorded as unknown.
      principalType: 'unknown',
      accessKeyId,
      userName,
      userArn,
      status: key.Status ?? null,
      createdAt: iso(key.CreateDate),
      ...(reported
        ? { lastUse: { status: lastUsed === undefined ? 'never_used' : 'used', service: present(lastUse?.ServiceName), region: present(lastUse?.Region) } }
        : {}),
    },
    fingerprint: null,
    lastUsedAt: reported ? (lastUsed ?? null) : null,
  };
}

/** IAM answers "N/A" for the service and region of a key never used. */
const present = (value: string | undefined): string | null => (value === undefined || value === 'N/A' ? null : value);

const iso = (date: Date | undefined): string | null => (date === undefined ? null : date.toISOString());

const tags = (list: { Key?: string; Value?: string }[] | undefined): Record<string, string> =>
  Object.fromEntries((list ?? []).filter((tag) => tag.Key !== undefined).map((tag) => [tag.Key, tag.Value ?? '']));

/**
 * IAM returns policy documents URL-encoded (RFC 3986) JSON; the document as an
 * object, or its text when it is not JSON (kept, never dropped).
 */
function policyDocument(text: string | undefined): unknown {
  if (text === undefined) return null;
  for (const candidate of [text, safeDecode(text)]) {
    if (candidate === undefined) continue;
    try {
      return JSON.parse(candidate);
    } catch {
      // Not this form: try the next.
    }
  }
  return safeDecode(text) ?? text;
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
