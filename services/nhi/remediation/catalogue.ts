// The remediation actions, by identity kind. Each says who carries
// it out: the connector that found the identity (a provider call through its provider
// client), the service itself (a change to what the module holds), or a person (the
// action is recorded, and they mark it done). An action the identity's kind does not
// support is refused when asked for. Whether an action takes the identity out of use
// is what the runtime decisions read (remediationsAgainst).
type CarriedOutBy = 'connector' | 'service' | 'person';

interface RemediationActionDefinition {
  action: string;
  description: string;
  /** Identity kinds the action applies to; null for every kind. */
  kinds: readonly string[] | null;
  carriedOutBy: CarriedOutBy;
  /** Once approved and not a dry run, the identity is out of use. */
  blocksUse: boolean;
}

const TOOL_DEFINITION_KINDS = ['mcp_server', 'mcp_tool', 'mcp_resource', 'mcp_resource_template'] as const;

export const REMEDIATION_ACTIONS = [
  {
    action: 'disable_access_key',
    description: 'AWS IAM UpdateAccessKey with Status Inactive: the key stops signing requests and can be re-enabled',
    kinds: ['aws_iam_access_key'],
    carriedOutBy: 'connector',
    blocksUse: true,
  },
  {
    action: 'delete_service_account_token',
    description: "Kubernetes: deletes the service account's long-lived token secrets (kubernetes.io/service-account-token); the account itself stays",
    kinds: ['k8s_service_account'],
    carriedOutBy: 'connector',
    blocksUse: true,
  },
  {
    action: 'revoke_tool_approval',
    description: "withdraws the approved definition of a tool server's tool, resource or server (services/nhi/policies); tool_definition_changed judges it again",
    kinds: TOOL_DEFINITION_KINDS,
    carriedOutBy: 'service',
    blocksUse: true,
  },
  {
    action: 'manual',
    description: 'recorded for a person to carry out (for example removing a permission), who then marks it done with a note',
    kinds: null,
    carriedOutBy: 'person',
    blocksUse: false,
  },
] as const satisfies readonly RemediationActionDefinition[];

export type RemediationAction = (typeof REMEDIATION_ACTIONS)[number]['action'];

const byName: ReadonlyMap<string, RemediationActionDefinition> = new Map(REMEDIATION_ACTIONS.map((definition) => [definition.action, definition]));

export const actionDefinition = (action: string): RemediationActionDefinition | undefined => byName.get(action);

/** The actions an identity of this kind supports. */
export const actionsForKind = (kind: string): string[] => REMEDIATION_ACTIONS.filter((definition) => definition.kinds === null || (definition.kinds as readonly string[]).includes(kind)).map((definition) => definition.action);

/** Actions that take an identity out of use once approved. */
export const BLOCKING_ACTIONS: readonly string[] = REMEDIATION_ACTIONS.filter((definition) => definition.blocksUse).map((definition) => definition.action);
