// Test-only: connectors and inventory identities made through the real routes (an
// identity straight into its table: the collection pipeline that fills the
// inventory comes later), the module's audit records of a tenant, and credential
// values that must never come back.
import { randomBytes, randomUUID } from 'node:crypto';
import type { TestApp, TestPerson, TestTenant } from '../../../../test/support/test-app.js';
import type { Connector } from '../connectors.js';

/** A valid creation body per kind, against the hosts the default test app permits. */
export const connectorBodies = {
  cloud_account: { kind: 'cloud_account', name: 'Production AWS', enabledCapabilities: ['role_discovery', 'key_last_used'], settings: { includeUsers: false, includeKeyLastUsed: true }, accountId: '123456789012', credentialsReference: 'aws-prod-audit' },
  code_hosting_organization: { kind: 'code_hosting_organization', name: 'GitHub acme', enabledCapabilities: ['app_discovery', 'bot_discovery'], settings: { includeApps: true, includeBots: true }, organization: 'acme-corp', credentialsReference: 'github-acme' },
  container_cluster: { kind: 'container_cluster', name: 'EU cluster', enabledCapabilities: ['service_account_discovery'], settings: { includeWorkloads: true }, endpoint: 'https://k8s.example.com:6443', credentialsReference: 'k8s-eu' },
  secrets_manager: { kind: 'secrets_manager', name: 'Vault', enabledCapabilities: ['auth_role_discovery', 'policy_discovery'], endpoint: 'https://vault.example.com:8443', credentialsReference: 'vault-sentinel' },
  tool_server: { kind: 'tool_server', name: 'Tools', enabledCapabilities: ['tool_discovery', 'resource_discovery', 'relationship_discovery'], endpoint: 'https://tools.example.com/mcp', credentialsReference: 'mcp-tools' },
} as const;

/** Secrets pasted where a reference name belongs, one of each shape refused. */
export const secretLookingReferences = [
  { kind: 'a GitHub classic token', value: `ghp_${randomBytes(27).toString('base64url').replace(/[-_]/g, 'x')}` },
  { kind: 'a GitHub fine-grained token', value: `github_pat_11ABCDEFG0${randomBytes(20).toString('hex')}` },
  { kind: 'an AWS access key id', value: 'AKIAIOSFODNN7EXAMPLE' },
  { kind: 'a Slack bot token', value: 'xoxb-1234-5678-abcdefghijkl' },
  { kind: 'a PEM block', value: '-----BEGIN RSA PRIVATE KEY-----' },
  { kind: 'a JSON Web Token', value: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U' },
  { kind: 'a long high-entropy string', value: randomBytes(24).toString('base64url') },
  { kind: 'a hex secret', value: randomBytes(20).toString('hex') },
];

/** POST /nhi/api/v1/connectors as the person; a tool server unless told otherwise. */
export async function createConnector(t: TestApp, person: TestPerson, body: Record<string, unknown> = connectorBodies.tool_server): Promise<Connector> {
  const response = await t.call('POST', '/nhi/api/v1/connectors', { token: person.token, body });
  if (response.status !== 201) throw new Error(`POST /nhi/api/v1/connectors answered ${response.status}: ${response.raw}`);
  return response.body;
}

/** An identity in the tenant's inventory, as the collection pipeline will write it. */
export async function seedIdentity(t: TestApp, tenant: TestTenant): Promise<string> {
  const id = randomUUID();
  await t.db.query(
    `INSERT INTO nhi_identities (org_id, id, connector_id, kind, provider, external_id, name, first_seen_at, last_seen_at)
     VALUES ($1, $2, $3, 'mcp_tool', 'mcp', $4, 'search', now(), now())`,
    [tenant.id, id, randomUUID(), `tool:${id}`],
  );
  return id;
}

export interface StoredAuditRecord {
  actor_kind: string;
  actor_id: string | null;
  action: string;
  subject: string | null;
  result: string;
  correlation_id: string | null;
  detail: Record<string, unknown>;
}

/** The tenant's module audit records of one action, oldest first. */
export async function auditRecords(t: TestApp, tenant: TestTenant, action: string): Promise<StoredAuditRecord[]> {
  const found = await t.db.query<StoredAuditRecord>(
    'SELECT actor_kind, actor_id, action, subject, result, correlation_id, detail FROM nhi_audit_records WHERE org_id = $1 AND action = $2 ORDER BY sequence',
    [tenant.id, action],
  );
  return found.rows;
}

/** Credential values no one else uses, so a search for them finds only their own copies. */
export const newCredentialValues = (): Record<string, string> => ({
  accessKeyId: `AKIA${randomBytes(8).toString('hex').toUpperCase()}`,
  secretAccessKey: randomBytes(30).toString('base64'),
});
