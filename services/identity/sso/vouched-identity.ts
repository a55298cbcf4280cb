// What an identity provider vouched for, once its response passed every check of its
// protocol: the same shape from an OIDC ID token (or userinfo) and a SAML assertion.

export interface VouchedIdentity {
  /** The provider's identifier of the person (OIDC sub, SAML NameID). */
  subject: string;
  email: string | undefined;
  /** OIDC email_verified; undefined when the provider does not say (SAML never does). */
  emailVerified: boolean | undefined;
  name: string | undefined;
  /** The groups the assertion names; undefined when the provider has no group claim or attribute configured. */
  groups: string[] | undefined;
}

/** Seconds either side an ID token's or assertion's times may be off by: the identity provider's clock is not ours. */
export const CLOCK_SKEW_SECONDS = 60;

/** More names than this in one assertion are not listed: a directory group sync is SCIM's work. */
const MAX_GROUPS_PER_ASSERTION = 100;
const MAX_GROUP_NAME_LENGTH = 256;

/**
 * Group names from a claim or attribute: a list or a single value, text only, trimmed,
 * each once, at most MAX_GROUPS_PER_ASSERTION of them. A claim that is absent is an
 * empty list: providers leave the claim out for a person in no group.
 */
export function namesOf(value: unknown): string[] {
  const values = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const names = values
    .filter((candidate): candidate is string => typeof candidate === 'string')
    .map((name) => name.trim())
    .filter((name) => name !== '' && name.length <= MAX_GROUP_NAME_LENGTH);
  return [...new Set(names)].slice(0, MAX_GROUPS_PER_ASSERTION);
}
