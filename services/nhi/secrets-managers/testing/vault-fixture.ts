// Test-only: what the Vault stub serves, in the shapes of the documented API's
// sample responses (developer.hashicorp.com/vault/api-docs: "Read AppRole role",
// "Read role" of the Kubernetes method, "Read entity by ID", "List auth methods",
// "Read ACL policy"), and the edges a collection of it gives.

export interface VaultAlias {
  id: string;
  name: string;
  mount_accessor: string;
  mount_path: string;
  mount_type: string;
}

export interface VaultFixture {
  mounts: Record<string, { type: string; accessor: string; description: string }>;
  /** Roles per mount path, as `GET /v1/auth/<mount>/role/<name>` answers their data. */
  roles: Record<string, Record<string, Record<string, unknown>>>;
  entities: { id: string; name: string; policies: string[]; aliases: VaultAlias[] }[];
  policies: Record<string, string>;
}

const approleRole = (policies: string[], extra: Record<string, unknown> = {}) => ({
  bind_secret_id: true,
  local_secret_ids: false,
  secret_id_bound_cidrs: null,
  secret_id_num_uses: 0,
  secret_id_ttl: 600,
  token_bound_cidrs: [],
  token_explicit_max_ttl: 0,
  token_max_ttl: 1800,
  token_no_default_policy: false,
  token_num_uses: 0,
  token_period: 0,
  token_policies: policies,
  token_ttl: 1200,
  token_type: 'default',
  ...extra,
});

const alias = (id: string, name: string, mountType: string, mountPath: string, accessor: string): VaultAlias => ({ id, name, mount_accessor: accessor, mount_path: `auth/${mountPath}`, mount_type: mountType });

export function vaultFixture(): VaultFixture {
  return {
    mounts: {
      'approle/': { type: 'approle', accessor: 'auth_approle_4e1a2b7c', description: 'CI and batch jobs' },
      'kubernetes/': { type: 'kubernetes', accessor: 'auth_kubernetes_9d3f0e21', description: 'prod cluster' },
      'userpass/': { type: 'userpass', accessor: 'auth_userpass_77aa10c3', description: 'break-glass people' },
      'oidc/': { type: 'oidc', accessor: 'auth_oidc_5b2c9e04', description: 'staff single sign-on' },
      'token/': { type: 'token', accessor: 'auth_token_0c6d8f19', description: 'token based credentials' },
    },
    roles: {
      'approle/': {
        'ci-runner': approleRole(['ci-read', 'deploy']),
        // Older servers write the legacy `policies` beside token_policies.
        'backup-job': approleRole(['backup'], { policies: ['backup'] }),
        'billing-svc': approleRole(['billing'], { token_type: 'batch' }),
      },
      'kubernetes/': {
        payments: {
          bound_service_account_names: ['payments'],
          bound_service_account_namespaces: ['prod'],
          alias_name_source: 'serviceaccount_uid',
          token_policies: ['payments-db'],
          token_ttl: 3600,
          token_type: 'default',
        },
      },
    },
    entities: [
      { id: '1b2c3d4e-0000-4000-8000-000000000001', name: 'ci-runner-entity', policies: ['ci-read'], aliases: [alias('a1', '5f0e1d2c-1111-4111-8111-111111111111', 'approle', 'approle/', 'auth_approle_4e1a2b7c')] },
      { id: '1b2c3d4e-0000-4000-8000-000000000002', name: 'payments-sa', policies: [], aliases: [alias('a2', '0d9c8b7a-2222-4222-8222-222222222222', 'kubernetes', 'kubernetes/', 'auth_kubernetes_9d3f0e21')] },
      { id: '1b2c3d4e-0000-4000-8000-000000000003', name: 'alice', policies: ['ops'], aliases: [alias('a3', 'alice', 'userpass', 'userpass/', 'auth_userpass_77aa10c3')] },
      {
        id: '1b2c3d4e-0000-4000-8000-000000000004',
        name: 'bob',
        policies: [],
        aliases: [alias('a4', 'bob@example.com', 'oidc', 'oidc/', 'auth_oidc_5b2c9e04'), alias('a5', '6a5b4c3d-3333-4333-8333-333333333333', 'approle', 'approle/', 'auth_approle_4e1a2b7c')],
      },
      { id: '1b2c3d4e-0000-4000-8000-000000000005', name: 'legacy-service', policies: ['legacy-admin'], aliases: [] },
    ],
    policies: {
      default: 'path "auth/token/lookup-self" {\n  capabilities = ["read"]\n}\n',
      root: '',
      'ci-read': 'path "secret/data/ci/*" {\n  capabilities = ["read"]\n}\n',
      deploy: 'path "secret/data/deploy/*" {\n  capabilities = ["read", "list"]\n}\n',
      backup: 'path "sys/storage/raft/snapshot" {\n  capabilities = ["read"]\n}\n',
      billing: 'path "database/creds/billing" {\n  capabilities = ["read"]\n}\n',
      'payments-db': 'path "database/creds/payments" {\n  capabilities = ["read"]\n}\n',
      'legacy-admin': 'path "*" {\n  capabilities = ["create", "read", "update", "delete", "list", "sudo"]\n}\n',
      ops: 'path "sys/*" {\n  capabilities = ["read", "list"]\n}\n',
    },
  };
}

/** The edges a complete collection of vaultFixture() gives at `endpoint`, written out. */
export function expectedVaultEdges(endpoint: string): string[] {
  const at = (suffix: string) => `vault:${endpoint}#${suffix}`;
  return [
    `BELONGS_TO ${at('role:approle/ci-runner')} -> ${at('auth:approle/')}`,
    `BELONGS_TO ${at('role:approle/backup-job')} -> ${at('auth:approle/')}`,
    `BELONGS_TO ${at('role:approle/billing-svc')} -> ${at('auth:approle/')}`,
    `BELONGS_TO ${at('role:kubernetes/payments')} -> ${at('auth:kubernetes/')}`,
    `HAS_PERMISSION ${at('role:approle/ci-runner')} -> ${at('policy:ci-read')}`,
    `HAS_PERMISSION ${at('role:approle/ci-runner')} -> ${at('policy:deploy')}`,
    `HAS_PERMISSION ${at('role:approle/backup-job')} -> ${at('policy:backup')}`,
    `HAS_PERMISSION ${at('role:approle/billing-svc')} -> ${at('policy:billing')}`,
    `HAS_PERMISSION ${at('role:kubernetes/payments')} -> ${at('policy:payments-db')}`,
    `HAS_PERMISSION ${at('entity:1b2c3d4e-0000-4000-8000-000000000001')} -> ${at('policy:ci-read')}`,
    `AUTHENTICATES_WITH ${at('entity:1b2c3d4e-0000-4000-8000-000000000001')} -> ${at('auth:approle/')}`,
    `AUTHENTICATES_WITH ${at('entity:1b2c3d4e-0000-4000-8000-000000000002')} -> ${at('auth:kubernetes/')}`,
    `HAS_PERMISSION ${at('entity:1b2c3d4e-0000-4000-8000-000000000005')} -> ${at('policy:legacy-admin')}`,
  ].sort();
}
