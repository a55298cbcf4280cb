// Who a role's trust policy lets assume it: the sources of its ASSUMES edges.
// Only Allow statements whose actions include an assume action count (a Deny, or a
// statement that only allows sts:TagSession, grants nobody the role). Conditions
// narrow a grant (an external id, a source account, an OIDC subject) but do not
// remove it, so a conditioned principal still gets its edge.
//
// Each principal is named so the inventory can meet it: an AWS principal by its
// ARN (a bare account id is that account's root, as IAM itself reads it), a
// federated provider by its ARN when it is one; otherwise by type and value, e.g.
// `Service:ssm.amazonaws.com`, `Federated:accounts.google.com`, and `*` for anyone.

/** The actions that let a principal take on a role. */
const ASSUME_ACTIONS = ['sts:AssumeRole', 'sts:AssumeRoleWithSAML', 'sts:AssumeRoleWithWebIdentity'];
const ACCOUNT_ID = /^\d{12}$/;

export function trustedPrincipals(document: unknown, partition = 'aws'): string[] {
  if (document === null || typeof document !== 'object') return [];
  const statements = asList((document as { Statement?: unknown }).Statement);
  const principals = new Set<string>();
  for (const statement of statements) {
    if (statement === null || typeof statement !== 'object') continue;
    const { Effect, Action, Principal } = statement as { Effect?: unknown; Action?: unknown; Principal?: unknown };
    if (Effect !== 'Allow' || !grantsAssumption(Action)) continue;
    for (const principal of namedPrincipals(Principal, partition)) principals.add(principal);
  }
  return [...principals];
}

function grantsAssumption(action: unknown): boolean {
  return asList(action).some((pattern) => typeof pattern === 'string' && ASSUME_ACTIONS.some((assume) => actionMatches(pattern, assume)));
}

/** IAM action patterns: case-insensitive, `*` any run of characters, `?` one character. */
function actionMatches(pattern: string, action: string): boolean {
  const expression = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${expression}$`, 'i').test(action);
}

function namedPrincipals(principal: unknown, partition: string): string[] {
  if (principal === '*') return ['*'];
  if (principal === null || typeof principal !== 'object') return [];
  const named: string[] = [];
  for (const [type, values] of Object.entries(principal as Record<string, unknown>)) {
    for (const value of asList(values)) {
      if (typeof value !== 'string' || value === '') continue;
      if (type === 'AWS') named.push(value === '*' ? '*' : ACCOUNT_ID.test(value) ? `arn:${partition}:iam::${value}:root` : value);
      else named.push(value.startsWith('arn:') ? value : `${type}:${value}`);
    }
  }
  return named;
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
