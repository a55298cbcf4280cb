// The secrets-manager collector (spec 2.12, 8): a Vault or OpenBao
// server, through its HTTP API over the connector's provider client (vault-client.ts).
//
// auth_role_discovery:
//   - the machine login methods (`GET /v1/sys/auth`): AppRole, Kubernetes, JWT,
//     AWS, Azure, Google Cloud, TLS certificates, Alibaba Cloud, OCI, Cloud Foundry
//     (vault_auth_method);
//   - their roles (`GET /v1/auth/<mount>/role?list=true`, certificates under
//     `certs`), each read for its policies (vault_auth_role); a JWT role of type
//     "oidc" is a browser login for people and is left out;
//   - identity entities (`GET /v1/identity/entity/id?list=true`, each read for its
//     policies and aliases), classified by their aliases' login methods (below).
// policy_discovery: the ACL policies (`GET /v1/sys/policies/acl?list=true`), each
// read, fingerprinted over its text so a changed policy shows.
// relationship_discovery: a role BELONGS_TO its login method; a role and an entity
// HAS_PERMISSION each policy they carry; an entity AUTHENTICATES_WITH each machine
// login method one of its aliases is on.
//
// People (spec 8): an entity with an alias on a login method for people (userpass,
// LDAP, OIDC, Okta, RADIUS, GitHub) is a person and never enters the inventory; one
// whose aliases are all on machine methods is a machine; any other (no alias, or
// JWT, token or plugin methods, which serve both) is recorded as unknown. Last use
// is never reported: the API has none for roles, entities or policies.
import { createHash } from 'node:crypto';
import { AppError } from '../../platform/errors.js';
import { PartialCollectionError, type CollectedEdge, type CollectedIdentity, type CollectionContext, type Collector } from '../collection/index.js';
import { createVaultApi, readVaultCredentials, VaultResponseError, type VaultApi } from './vault-client.js';

export const secretsManagerIdentityKinds = {
  authMethod: 'vault_auth_method',
  authRole: 'vault_auth_role',
  entity: 'vault_entity',
  policy: 'vault_policy',
} as const;

/** Machine login methods and where each keeps its roles. */
const ROLE_LISTINGS: Readonly<Record<string, string>> = {
  approle: 'role',
  kubernetes: 'role',
  jwt: 'role',
  aws: 'role',
  azure: 'role',
  gcp: 'role',
  cert: 'certs',
  alicloud: 'role',
  oci: 'role',
  cf: 'roles',
};
/** Login methods people use: an alias on one makes its entity a person. */
const PERSON_METHODS: ReadonlySet<string> = new Set(['userpass', 'ldap', 'oidc', 'okta', 'radius', 'github']);
/** Login methods only workloads use (JWT is left out: CI pipelines and people both log in with it). */
const MACHINE_METHODS: ReadonlySet<string> = new Set(['approle', 'kubernetes', 'aws', 'azure', 'gcp', 'cert', 'alicloud', 'oci', 'cf']);

/** External ids are namespaced by the endpoint, like the tool servers': two Vault servers never share an id. */
export const vaultIds = (endpoint: string) => ({
  authMethod: (mountPath: string) => `vault:${endpoint}#auth:${mountPath}`,
  authRole: (mountPath: string, name: string) => `vault:${endpoint}#role:${mountPath}${name}`,
  entity: (id: string) => `vault:${endpoint}#entity:${id}`,
  policy: (name: string) => `vault:${endpoint}#policy:${name}`,
});

type EntityPrincipal = 'person' | 'machine' | 'unknown';

/** What an entity is, from the login methods of its aliases (spec 8). */
export function classifyEntity(aliasMethods: readonly string[]): EntityPrincipal {
  if (aliasMethods.some((method) => PERSON_METHODS.has(method))) return 'person';
  if (aliasMethods.length > 0 && aliasMethods.every((method) => MACHINE_METHODS.has(method))) return 'machine';
  return 'unknown';
}

interface Mount {
  path: string;
  type: string;
  accessor: string;
  description: string;
}
interface Alias {
  id?: string;
  name?: string;
  mount_accessor?: string;
  mount_path?: string;
  mount_type?: string;
}

export const secretsManagerCollector: Collector = {
  kind: 'secrets_manager',
  async collect(context: CollectionContext): Promise<void> {
    const endpoint = context.connector.endpoint;
    if (endpoint === null) throw new AppError('configuration_error', 'a secrets_manager connector needs an endpoint');
    const api = createVaultApi(context.session.client, endpoint, readVaultCredentials(context.session.credentials));
    const run = new VaultRun(context, api, endpoint);
    try {
      await run.collect();
    } catch (error) {
      if (run.emitted === 0) throw error;
      throw new PartialCollectionError(`Vault collection failed after ${run.emitted} identities were collected: ${error instanceof Error ? error.message : String(error)}`);
    }
  },
};

class VaultRun {
  emitted = 0;
  private readonly enabled: Set<string>;
  private readonly ids: ReturnType<typeof vaultIds>;

  constructor(
    private readonly context: CollectionContext,
    private readonly api: VaultApi,
    endpoint: string,
  ) {
    this.enabled = new Set(context.connector.enabledCapabilities);
    this.ids = vaultIds(endpoint);
  }

  private async emit(identity: Omit<CollectedIdentity, 'lastUsedAt'>): Promise<void> {
    await this.context.emitIdentity({ ...identity, lastUsedAt: null });
    this.emitted++;
  }

  private async edge(type: CollectedEdge['type'], fromExternalId: string, toExternalId: string): Promise<void> {
    if (this.enabled.has('relationship_discovery')) await this.context.emitEdge({ type, fromExternalId, toExternalId });
  }

  async collect(): Promise<void> {
    if (this.enabled.has('auth_role_discovery')) {
      const mounts = await this.authMethods();
      for (const mount of mounts.filter((candidate) => ROLE_LISTINGS[candidate.type] !== undefined)) await this.roles(mount);
      await this.entities(new Map(mounts.map((mount) => [mount.accessor, mount])));
    }
    if (this.enabled.has('policy_discovery')) await this.policies();
  }

  private async authMethods(): Promise<Mount[]> {
    this.context.progress('reading auth methods');
    const body = await this.api.read('sys/auth');
    // Current servers put the mounts under data; older ones only at the top level, beside the response's own members.
    const table = (typeof body.data === 'object' && body.data !== null ? body.data : body) as Record<string, unknown>;
    const mounts: Mount[] = [];
    for (const [path, value] of Object.entries(table)) {
      const mount = value as Partial<Mount> | null;
      if (!path.endsWith('/') || typeof mount?.type !== 'string' || typeof mount.accessor !== 'string') continue;
      mounts.push({ path, type: mount.type, accessor: mount.accessor, description: typeof mount.description === 'string' ? mount.description : '' });
    }
    if (mounts.length === 0) throw new VaultResponseError('GET /v1/sys/auth answered no auth methods (the token lacks read on sys/auth?)');
    for (const mount of mounts.filter((candidate) => ROLE_LISTINGS[candidate.type] !== undefined)) {
      await this.emit({
        externalId: this.ids.authMethod(mount.path),
        kind: secretsManagerIdentityKinds.authMethod,
        name: mount.path,
        attributes: { path: mount.path, type: mount.type, accessor: mount.accessor, description: mount.description },
        fingerprint: null,
      });
    }
    return mounts;
  }

  private async roles(mount: Mount): Promise<void> {
    const listing = `auth/${mount.path}${ROLE_LISTINGS[mount.type]}`;
    this.context.progress(`listing ${listing}`);
    const { keys } = await this.api.list(listing);
    for (const name of keys) {
      const role = ((await this.api.read(`${listing}/${name}`)).data ?? {}) as Record<string, unknown>;
      // A JWT role of type oidc is a browser login: people, not a workload.
      if (mount.type === 'jwt' && role.role_type === 'oidc') continue;
      const policies = policyNames(role.token_policies, role.policies);
      const roleId = this.ids.authRole(mount.path, name);
      await this.emit({
        externalId: roleId,
        kind: secretsManagerIdentityKinds.authRole,
        name: `${mount.path}${name}`,
        attributes: { mount: mount.path, method: mount.type, role: name, policies, settings: roleSettings(role) },
        fingerprint: null,
      });
      await this.edge('BELONGS_TO', roleId, this.ids.authMethod(mount.path));
      for (const policy of policies) await this.edge('HAS_PERMISSION', roleId, this.ids.policy(policy));
    }
  }

  private async entities(mounts: Map<string, Mount>): Promise<void> {
    this.context.progress('listing identity entities');
    const { keys } = await this.api.list('identity/entity/id');
    for (const id of keys) {
      const entity = ((await this.api.read(`identity/entity/id/${id}`)).data ?? {}) as Record<string, unknown>;
      const aliases = (Array.isArray(entity.aliases) ? entity.aliases : []) as Alias[];
      const methods = aliases.map((alias) => alias.mount_type ?? mounts.get(alias.mount_accessor ?? '')?.type ?? '');
      const principal = classifyEntity(methods);
      const entityId = this.ids.entity(id);
      if (principal === 'person') {
        // Handed over marked as a person: the run counts the exclusion; nothing else of it, and none of its edges, travels.
        await this.emit({ externalId: entityId, kind: secretsManagerIdentityKinds.entity, name: id, attributes: { principalType: 'person' }, fingerprint: null });
        continue;
      }
      const policies = policyNames(entity.policies);
      await this.emit({
        externalId: entityId,
        kind: secretsManagerIdentityKinds.entity,
        name: typeof entity.name === 'string' && entity.name !== '' ? entity.name : id,
        attributes: {
          principalType: principal,
          entityId: id,
          disabled: entity.disabled === true,
          policies,
          aliases: aliases.map((alias) => ({ mountPath: alias.mount_path ?? null, mountType: alias.mount_type ?? null, name: alias.name ?? null })),
          groupIds: Array.isArray(entity.group_ids) ? entity.group_ids : [],
          createdAt: entity.creation_time ?? null,
          updatedAt: entity.last_update_time ?? null,
        },
        fingerprint: null,
      });
      for (const policy of policies) await this.edge('HAS_PERMISSION', entityId, this.ids.policy(policy));
      for (const alias of aliases) {
        const mount = mounts.get(alias.mount_accessor ?? '');
        if (mount !== undefined && ROLE_LISTINGS[mount.type] !== undefined) await this.edge('AUTHENTICATES_WITH', entityId, this.ids.authMethod(mount.path));
      }
    }
  }

  private async policies(): Promise<void> {
    this.context.progress('listing ACL policies');
    const { keys } = await this.api.list('sys/policies/acl');
    for (const name of keys) {
      const data = ((await this.api.read(`sys/policies/acl/${name}`)).data ?? {}) as Record<string, unknown>;
      const text = typeof data.policy === 'string' ? data.policy : '';
      await this.emit({
        externalId: this.ids.policy(name),
        kind: secretsManagerIdentityKinds.policy,
        name,
        attributes: { policy: text },
        fingerprint: createHash('sha256').update(text).digest('hex'),
      });
    }
  }
}

/** The policy names of a role or entity: token_policies and the older policies field together, each once. */
function policyNames(...fields: unknown[]): string[] {
  const names = fields.flatMap((field) => (Array.isArray(field) ? field : typeof field === 'string' && field !== '' ? field.split(',') : []));
  return [...new Set(names.filter((name): name is string => typeof name === 'string' && name.trim() !== '').map((name) => name.trim()))];
}

/** A role's settings worth showing, and never a secret (AppRole's secret ids are not read; role ids are not kept). */
function roleSettings(role: Record<string, unknown>): Record<string, unknown> {
  const shown = ['token_type', 'token_ttl', 'token_max_ttl', 'token_period', 'token_bound_cidrs', 'token_no_default_policy', 'bind_secret_id', 'secret_id_ttl', 'secret_id_num_uses', 'secret_id_bound_cidrs',
    'bound_service_account_names', 'bound_service_account_namespaces', 'role_type', 'bound_audiences', 'bound_subject', 'bound_claims', 'auth_type', 'bound_iam_principal_arn', 'allowed_common_names'];
  return Object.fromEntries(shown.filter((key) => role[key] !== undefined).map((key) => [key, role[key]]));
}
