// Which names an organization may claim as its domain. A claim names a registrable
// domain or a subdomain of one, under a suffix of the Public Suffix List (through
// tldts, which ships the list): never a public suffix itself (com, co.uk, or a shared
// hosting suffix such as github.io, where every customer's site would share the
// claim), an address, or a name only a local network resolves.
import { isIP } from 'node:net';
import { domainToASCII, domainToUnicode } from 'node:url';
import { parse } from 'tldts';

// Special-use names (RFC 6761, 6762, 7686, 8375's home.arpa, ICANN's .internal, and
// the common .localdomain): they resolve on a local network or nowhere, so nobody can
// prove to us that they hold one.
const SPECIAL_USE_SUFFIXES = ['localhost', 'local', 'localdomain', 'internal', 'test', 'example', 'invalid', 'onion', 'arpa'];

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The longest name DNS carries (RFC 1035), less the record's own label in front of it. */
const MAX_DOMAIN_LENGTH = 253 - '_sentinel-challenge.'.length;

type DomainCheck = { ok: true; domain: string } | { ok: false; reason: string };

/**
 * The claimable form of what a person typed: trimmed, one trailing dot dropped, lower
 * case, internationalized names in their ASCII (punycode) form as DNS carries them.
 */
export function checkClaimableDomain(raw: string): DomainCheck {
  const typed = raw.trim().replace(/\.$/, '');
  if (isIP(typed.replace(/^\[|\]$/g, '')) !== 0) return { ok: false, reason: 'an address is not a domain: claim the domain name the addresses of your people end in' };
  const domain = domainToASCII(typed);
  const labels = domain.split('.');
  if (domain === '' || !labels.every((label) => LABEL.test(label) && (!label.startsWith('xn--') || isPunycode(label)))) {
    return { ok: false, reason: `"${typed}" is not a valid domain name: labels of letters, digits and hyphens, separated by dots` };
  }
  const suffix = labels.at(-1)!;
  if (SPECIAL_USE_SUFFIXES.includes(suffix)) return { ok: false, reason: `names under .${suffix} resolve only on a local network or nowhere, so they cannot be verified` };
  if (/^[0-9]+$/.test(suffix)) return { ok: false, reason: 'an address is not a domain: claim the domain name the addresses of your people end in' };
  const parsed = parse(domain, { allowPrivateDomains: true });
  if (!parsed.isIcann && !parsed.isPrivate) {
    return { ok: false, reason: labels.length < 2 ? `"${typed}" is not a valid domain name: it needs a name and a suffix, such as acme.com` : `.${suffix} is not a top-level domain of the public DNS` };
  }
  if (parsed.domain === null) return { ok: false, reason: `${domain} is a public suffix, shared by everyone registered under it: claim your own domain beneath it` };
  if (domain.length > MAX_DOMAIN_LENGTH) return { ok: false, reason: `a domain name is at most ${MAX_DOMAIN_LENGTH} characters long` };
  return { ok: true, domain };
}

/** Whether an xn-- label is the punycode of a name, as IDNA requires (node's domainToASCII passes any such label through). */
function isPunycode(label: string): boolean {
  const decoded = domainToUnicode(label);
  return decoded !== '' && decoded !== label && domainToASCII(decoded) === label;
}
