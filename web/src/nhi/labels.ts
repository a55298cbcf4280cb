// The module's codes as the pages name them. A code the dashboard does not know yet is shown
// as it is, its underscores read as spaces.
import type { components } from '../../../api/openapi';

export type ConnectorKind = components['schemas']['ConnectorKind'];
type Setting = keyof components['schemas']['ConnectorSettings'];

export interface KindDescription {
  label: string;
  /** The capabilities the kind supports (api/modules/nhi-connectors.yaml, EnabledCapabilities). */
  capabilities: readonly string[];
  settings: readonly Setting[];
  /** What the connector collects: a provider endpoint, one AWS account, or one GitHub organization. */
  target: 'endpoint' | 'accountId' | 'organization';
}

export const CONNECTOR_KINDS: Record<ConnectorKind, KindDescription> = {
  cloud_account: {
    label: 'Cloud account (AWS)',
    capabilities: ['role_discovery', 'user_discovery', 'access_key_discovery', 'key_last_used', 'relationship_discovery'],
    settings: ['includeUsers', 'includeKeyLastUsed'],
    target: 'accountId',
  },
  code_hosting_organization: {
    label: 'Code hosting organization (GitHub)',
    capabilities: ['app_discovery', 'bot_discovery', 'deploy_key_discovery', 'token_discovery', 'relationship_discovery'],
    settings: ['includeApps', 'includeBots'],
    target: 'organization',
  },
  container_cluster: {
    label: 'Container cluster (Kubernetes)',
    capabilities: ['service_account_discovery', 'workload_discovery', 'role_binding_discovery', 'relationship_discovery'],
    settings: ['includeWorkloads'],
    target: 'endpoint',
  },
  secrets_manager: {
    label: 'Secrets manager (Vault)',
    capabilities: ['auth_role_discovery', 'policy_discovery', 'relationship_discovery'],
    settings: ['includeWorkloads'],
    target: 'endpoint',
  },
  tool_server: {
    label: 'Tool server (MCP)',
    capabilities: ['tool_discovery', 'resource_discovery', 'relationship_discovery'],
    settings: [],
    target: 'endpoint',
  },
};

export const CONNECTOR_KIND_NAMES = Object.keys(CONNECTOR_KINDS) as ConnectorKind[];

export const SETTING_LABELS: Record<Setting, string> = {
  includeUsers: 'Include IAM users',
  includeKeyLastUsed: "Include access keys' last use",
  includeApps: 'Include apps',
  includeBots: 'Include bots',
  includeWorkloads: 'Include workloads',
};

export const PROVIDERS = ['aws', 'github', 'kubernetes', 'vault', 'mcp'] as const;
export const PROVIDER_LABELS: Record<(typeof PROVIDERS)[number], string> = {
  aws: 'AWS',
  github: 'GitHub',
  kubernetes: 'Kubernetes',
  vault: 'Vault',
  mcp: 'MCP',
};

/** A code as words: `relationship_discovery` reads "relationship discovery". */
export const words = (code: string): string => code.replace(/_/g, ' ');

export const kindLabel = (kind: string): string => (kind in CONNECTOR_KINDS ? CONNECTOR_KINDS[kind as ConnectorKind].label : words(kind));
export const providerLabel = (provider: string): string => PROVIDER_LABELS[provider as keyof typeof PROVIDER_LABELS] ?? provider;

/** A date input's day as the end of that day in the reader's time zone, as the API's timestamps take it. */
export const endOfDay = (day: string): string => new Date(`${day}T23:59:59`).toISOString();

/** The day `days` from now, as a date input's value. */
export function dayFromNow(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A text field's comma-separated list, each member trimmed, empty ones dropped. */
export const commaList = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
