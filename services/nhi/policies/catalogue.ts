// The module's policies: what each judges, how severe its
// findings are, its settings and their defaults. Every policy is enabled by default;
// an organization changes a policy's settings with PATCH /nhi/api/v1/policies.
import { validationFailed } from '../../platform/errors.js';
import type { FindingSeverity } from '../findings/index.js';

export const POLICY_IDS = ['stale_identity', 'long_lived_access_key', 'tool_definition_changed'] as const;
export type PolicyId = (typeof POLICY_IDS)[number];

export interface StaleIdentitySettings {
  /** Days without use after which an identity is stale. */
  thresholdDays: number;
  /** Per identity kind (aws_iam_access_key...), a threshold replacing thresholdDays. */
  kindThresholdDays: Record<string, number>;
}
export interface LongLivedAccessKeySettings {
  /** Days after its creation from which a key still active is long-lived. */
  maxAgeDays: number;
}
type ToolDefinitionChangedSettings = Record<string, never>;

export interface PolicySettings {
  stale_identity: StaleIdentitySettings;
  long_lived_access_key: LongLivedAccessKeySettings;
  tool_definition_changed: ToolDefinitionChangedSettings;
}

interface PolicyDefinition<Id extends PolicyId = PolicyId> {
  id: Id;
  name: string;
  description: string;
  severity: FindingSeverity;
  defaults: PolicySettings[Id];
  /** The settings after a change: the members given replace the current ones (checked), the others stay. */
  merge(current: PolicySettings[Id], change: Record<string, unknown>): PolicySettings[Id];
}

const MAX_DAYS = 3650;
const KIND = /^[a-z0-9_]{1,100}$/;
const MAX_KIND_THRESHOLDS = 50;

function days(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_DAYS) throw validationFailed(`${name} must be a whole number of days from 1 to ${MAX_DAYS}`);
  return value;
}

function kindThresholds(value: unknown): Record<string, number> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw validationFailed('kindThresholdDays must be an object of identity kinds to days');
  const entries = Object.entries(value);
  if (entries.length > MAX_KIND_THRESHOLDS) throw validationFailed(`kindThresholdDays holds at most ${MAX_KIND_THRESHOLDS} kinds`);
  for (const [kind] of entries) if (!KIND.test(kind)) throw validationFailed(`kindThresholdDays: "${kind}" is not an identity kind (lowercase letters, digits and _)`);
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)).map(([kind, limit]) => [kind, days(`kindThresholdDays.${kind}`, limit)]));
}

const staleIdentity: PolicyDefinition<'stale_identity'> = {
  id: 'stale_identity',
  name: 'Stale identity',
  description:
    'An identity not used for longer than the threshold (per kind where set). Only the cloud-account kind reports last use, for roles and access keys (spec 8); ' +
    'an identity whose last use is not reported is not assessable. One reported as never used is stale once it is older than the threshold.',
  severity: 'medium',
  defaults: { thresholdDays: 90, kindThresholdDays: {} },
  merge: (current, change) => ({
    thresholdDays: change.thresholdDays === undefined ? current.thresholdDays : days('thresholdDays', change.thresholdDays),
    kindThresholdDays: change.kindThresholdDays === undefined ? current.kindThresholdDays : kindThresholds(change.kindThresholdDays),
  }),
};

const longLivedAccessKey: PolicyDefinition<'long_lived_access_key'> = {
  id: 'long_lived_access_key',
  name: 'Long-lived access key',
  description: 'A key still active whose creation is older than maxAgeDays: an AWS IAM access key (not rotated since), or a GitHub deploy key.',
  severity: 'medium',
  defaults: { maxAgeDays: 90 },
  merge: (current, change) => ({ maxAgeDays: change.maxAgeDays === undefined ? current.maxAgeDays : days('maxAgeDays', change.maxAgeDays) }),
};

const toolDefinitionChanged: PolicyDefinition<'tool_definition_changed'> = {
  id: 'tool_definition_changed',
  name: 'Tool definition changed since approval',
  description:
    'A tool server’s tool, resource or server whose definition an Organization Admin approved (PUT /nhi/api/v1/identities/{identityId}/approval) and whose fingerprint differs from the approved one.',
  severity: 'high',
  defaults: {},
  merge: () => ({}),
};

export const POLICIES: { readonly [Id in PolicyId]: PolicyDefinition<Id> } = {
  stale_identity: staleIdentity,
  long_lived_access_key: longLivedAccessKey,
  tool_definition_changed: toolDefinitionChanged,
};
