// The DNS side of domain verification: where the challenge record lives, what it
// must say, and the port that looks TXT records up. Production asks the resolvers
// the deployment names (DOMAIN_VERIFICATION_DNS_SERVERS), else the system's; tests
// run a real DNS server on loopback.
import { Resolver } from 'node:dns/promises';

/** TXT records at a name: each record is the list of its character strings (RFC 1035). */
export type TxtResolver = (name: string) => Promise<string[][]>;

/** The label the challenge record sits under, like WorkOS's _workos-challenge: a name of its own, away from the domain's SPF and other TXT records. */
const CHALLENGE_LABEL = '_sentinel-challenge';
const CHALLENGE_PREFIX = 'sentinel-domain-verification=';

export const challengeRecordName = (domain: string): string => `${CHALLENGE_LABEL}.${domain}`;
export const challengeRecordValue = (token: string): string => `${CHALLENGE_PREFIX}${token}`;

// Each query gets this long per try; a verification is a person waiting, or one domain of a sweep.
const QUERY_TIMEOUT_MS = 3_000;
const QUERY_TRIES = 2;

/** A resolver asking the given servers (`ip` or `ip:port`, `[ipv6]:port`), or the system's when none are given. */
export function createTxtResolver(options: { servers: readonly string[] }): TxtResolver {
  const resolver = new Resolver({ timeout: QUERY_TIMEOUT_MS, tries: QUERY_TRIES });
  if (options.servers.length > 0) resolver.setServers([...options.servers]);
  return (name) => resolver.resolveTxt(name);
}

export type ChallengeOutcome = { found: true } | { found: false; reason: string };

// Answers that mean "there is no such record", as opposed to a lookup that failed.
const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND']);

/**
 * Whether any TXT record at the domain's challenge name carries exactly this token's
 * value (a record split into several character strings is joined first, as RFC 7208
 * does for SPF). The value is published in DNS, so it is compared as it is: it is no
 * secret to protect from a timing attack.
 */
export async function lookUpChallenge(resolve: TxtResolver, domain: string, token: string): Promise<ChallengeOutcome> {
  const name = challengeRecordName(domain);
  let records: string[][];
  try {
    records = await resolve(name);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && NO_RECORD.has(code)) return { found: false, reason: `no TXT record found at ${name}` };
    return { found: false, reason: `the DNS lookup of ${name} failed (${typeof code === 'string' ? code : 'no answer'})` };
  }
  const expected = challengeRecordValue(token);
  if (records.some((strings) => strings.join('') === expected)) return { found: true };
  const others = records.some((strings) => strings.join('').startsWith(CHALLENGE_PREFIX));
  return {
    found: false,
    reason: others ? `the TXT record at ${name} carries another verification value than this claim's` : `no TXT record at ${name} carries this claim's verification value`,
  };
}
