// The five connector kinds (spec 2.12): what each can collect (its capabilities),
// which collection settings mean something for it, whether it needs an endpoint,
// and the hosts built in for its managed offerings. docs/decisions/nhi.md ("Connectors") says why each list is what it is.

export const connectorKinds = ['cloud_account', 'code_hosting_organization', 'container_cluster', 'secrets_manager', 'tool_server'] as const;
export type ConnectorKind = (typeof connectorKinds)[number];

export const connectorSettingNames = ['includeUsers', 'includeKeyLastUsed', 'includeApps', 'includeBots', 'includeWorkloads'] as const;
type ConnectorSettingName = (typeof connectorSettingNames)[number];
export type ConnectorSettings = Partial<Record<ConnectorSettingName, boolean>>;

interface KindDefinition {
  /** Every capability the kind supports; enabledCapabilities is drawn from these. */
  capabilities: readonly string[];
  /** The settings that apply to the kind; any other is refused. */
  settings: readonly ConnectorSettingName[];
  /** Whether a connector of the kind names its provider's endpoint (spec 2.12: cluster and secrets manager; the tool server has no fixed host). */
  endpoint: 'required' | 'none';
  /**
   * Hosts of managed offerings the kind may reach without the operator allowing
   * them (CONNECTOR_ALLOWED_HOSTS); a `*` stands for exactly one DNS label.
   */
  builtInHosts: readonly string[];
}

export const kindDefinitions: Readonly<Record<ConnectorKind, KindDefinition>> = {
  // One AWS account per connector, reached through STS (the identity check and
  // role assumption) and IAM (a global service); regional STS endpoints too.
  cloud_account: {
    capabilities: ['role_discovery', 'user_discovery', 'access_key_discovery', 'key_last_used', 'relationship_discovery'],
    settings: ['includeUsers', 'includeKeyLastUsed'],
    endpoint: 'none',
    builtInHosts: ['sts.amazonaws.com', 'sts.*.amazonaws.com', 'iam.amazonaws.com'],
  },
  // The hosted service only (spec 2.12): its API host is the one endpoint.
  code_hosting_organization: {
    capabilities: ['app_discovery', 'bot_discovery', 'deploy_key_discovery', 'token_discovery', 'relationship_discovery'],
    settings: ['includeApps', 'includeBots'],
    endpoint: 'none',
    builtInHosts: ['api.github.com'],
  },
  // Managed control planes have per-cluster names under the provider's domain
  // (EKS: <id>.<shard>.<region>.eks.amazonaws.com; AKS: <name>.hcp.<region>.azmk8s.io).
  container_cluster: {
    capabilities: ['service_account_discovery', 'workload_discovery', 'role_binding_discovery', 'relationship_discovery'],
    settings: ['includeWorkloads'],
    endpoint: 'required',
    builtInHosts: ['*.*.*.eks.amazonaws.com', '*.hcp.*.azmk8s.io'],
  },
  // Vault-API servers are the customer's own; none is built in.
  secrets_manager: {
    capabilities: ['auth_role_discovery', 'policy_discovery', 'relationship_discovery'],
    settings: ['includeWorkloads'],
    endpoint: 'required',
    builtInHosts: [],
  },
  // Spec 5.14: the tool-server kind has no built-in hosts.
  tool_server: {
    capabilities: ['tool_discovery', 'resource_discovery', 'relationship_discovery'],
    settings: [],
    endpoint: 'required',
    builtInHosts: [],
  },
};

/**
 * Whether `host` (lower-case, no trailing dot) matches a pattern of the form
 * `name.example.com` or `*.example.com`, where each `*` is exactly one label.
 */
export function hostMatches(pattern: string, host: string): boolean {
  const patternLabels = pattern.split('.');
  const hostLabels = host.split('.');
  return patternLabels.length === hostLabels.length && patternLabels.every((label, index) => label === '*' || label === hostLabels[index]);
}
