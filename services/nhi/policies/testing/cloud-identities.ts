// Test-only: identities as the cloud-account collector (services/nhi/cloud-accounts,
// branch nhi-aws) emits them, for a scripted collector of kind cloud_account: roles
// and access keys with last use (lastUsedAt; attributes.lastUse.status 'never_used'
// when IAM reports none, absent when the key's last use was not collected) and their
// creation time (attributes.createdAt), users that never report last use.
import type { CollectedIdentity } from '../../collection/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const daysAgo = (days: number): Date => new Date(Date.now() - days * DAY_MS);

export interface LastUse {
  /** Used this many days ago; omitted with neverUsed or notReported. */
  usedDaysAgo?: number;
  /** IAM reports no use. */
  neverUsed?: true;
  /** The collector did not ask (a key without includeKeyLastUsed). */
  notReported?: true;
  /** Created this many days ago; null when the provider gave no creation date. */
  createdDaysAgo?: number | null;
}

function lastUseFields(use: LastUse): { lastUsedAt: Date | null; attributes: Record<string, unknown> } {
  const createdAt = use.createdDaysAgo === undefined || use.createdDaysAgo === null ? null : daysAgo(use.createdDaysAgo).toISOString();
  if (use.notReported) return { lastUsedAt: null, attributes: { createdAt } };
  if (use.neverUsed) return { lastUsedAt: null, attributes: { createdAt, lastUse: { status: 'never_used', region: null } } };
  return { lastUsedAt: daysAgo(use.usedDaysAgo ?? 0), attributes: { createdAt, lastUse: { status: 'used', region: 'eu-west-1' } } };
}

export function role(name: string, use: LastUse): CollectedIdentity {
  const arn = `arn:aws:iam::123456789012:role/${name}`;
  const { lastUsedAt, attributes } = lastUseFields(use);
  return { externalId: arn, kind: 'aws_iam_role', name, attributes: { principalType: 'machine', arn, path: '/', ...attributes }, fingerprint: null, lastUsedAt };
}

export function accessKey(accessKeyId: string, use: LastUse & { status?: 'Active' | 'Inactive' }): CollectedIdentity {
  const { lastUsedAt, attributes } = lastUseFields(use);
  return {
    externalId: accessKeyId,
    kind: 'aws_iam_access_key',
    name: accessKeyId,
    attributes: { principalType: 'unknown', accessKeyId, userName: 'deployer', status: use.status ?? 'Active', ...attributes },
    fingerprint: null,
    lastUsedAt,
  };
}

/** An IAM user: people or machines, recorded as unknown; never reports last use (spec 8). */
export function user(name: string): CollectedIdentity {
  const arn = `arn:aws:iam::123456789012:user/${name}`;
  return { externalId: arn, kind: 'aws_iam_user', name, attributes: { principalType: 'unknown', arn, createdAt: daysAgo(900).toISOString() }, fingerprint: null, lastUsedAt: null };
}
