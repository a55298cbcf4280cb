import { describe, expect, it } from 'vitest';
import { checkClaimableDomain } from './domain-names.js';

describe('claimable domain names', () => {
  it.each([
    ['acme.com', 'acme.com'],
    ['  ACME.Com.  ', 'acme.com'],
    ['eng.acme.co.uk', 'eng.acme.co.uk'],
    ['acme.github.io', 'acme.github.io'],
    ['Bücher.DE', 'xn--bcher-kva.de'],
    ['xn--bcher-kva.de', 'xn--bcher-kva.de'],
    ['my-org.example.com', 'my-org.example.com'],
  ])('takes %j as %s', (typed, domain) => {
    expect(checkClaimableDomain(typed)).toEqual({ ok: true, domain });
  });

  it.each([
    ['com', /public suffix/],
    ['co.uk', /public suffix/],
    ['github.io', /public suffix/],
    ['localhost', /resolve only on a local network/],
    ['printer.local', /resolve only on a local network/],
    ['host.localdomain', /resolve only on a local network/],
    ['corp.internal', /resolve only on a local network/],
    ['acme.test', /resolve only on a local network/],
    ['acme.example', /resolve only on a local network/],
    ['10.in-addr.arpa', /resolve only on a local network/],
    ['acme.corp', /not a top-level domain of the public DNS/],
    ['192.168.0.1', /an address is not a domain/],
    ['[2001:db8::1]', /an address is not a domain/],
    ['2001:db8::1', /an address is not a domain/],
    ['1.2.3.999', /not a valid domain name|an address is not a domain/],
    ['acme', /not a valid domain name: it needs a name and a suffix/],
    ['xn--a.com', /not a valid domain name/],
    ['*.acme.com', /not a valid domain name/],
    ['acme..com', /not a valid domain name/],
    ['-acme.com', /not a valid domain name/],
    ['acme_corp.com', /not a valid domain name/],
    ['user@acme.com', /not a valid domain name/],
    ['https://acme.com', /not a valid domain name/],
    ['xn--zz.com', /not a valid domain name/],
    [`${'a'.repeat(64)}.com`, /not a valid domain name/],
    [`${Array.from({ length: 60 }, () => 'abc').join('.')}.com`, /at most 233 characters/],
  ])('refuses %j', (typed, reason) => {
    const checked = checkClaimableDomain(typed);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? '' : checked.reason).toMatch(reason);
  });
});
