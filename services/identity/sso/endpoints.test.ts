import { describe, expect, it } from 'vitest';
import { endpointsOf, permittedReturnUrl, returnWith } from './endpoints.js';
import type { SamlSettings } from './providers.js';

describe('service-provider endpoints', () => {
  it('builds every address under the public base URL; a SAML entity id is the metadata URL unless configured', () => {
    const saml = (spEntityId: string | null) => ({ id: 'p1', protocol: 'saml' as const, settings: { sp_entity_id: spEntityId } as SamlSettings });
    expect(endpointsOf('https://sentinel.example.com/base', saml(null))).toEqual({
      startUrl: 'https://sentinel.example.com/base/api/v1/auth/sso/p1/start',
      redirectUri: 'https://sentinel.example.com/base/api/v1/auth/sso/oidc/callback',
      acsUrl: 'https://sentinel.example.com/base/api/v1/auth/sso/p1/saml/acs',
      metadataUrl: 'https://sentinel.example.com/base/api/v1/auth/sso/p1/saml/metadata',
      entityId: 'https://sentinel.example.com/base/api/v1/auth/sso/p1/saml/metadata',
    });
    expect(endpointsOf('https://sentinel.example.com', saml('urn:sentinel')).entityId).toBe('urn:sentinel');
  });
});

describe('return addresses', () => {
  const permitted = ['https://app.example.com/signed-in', 'http://127.0.0.1/cli', 'http://[::1]/cli'];

  it('defaults to the first permitted one, and to none when none is permitted', () => {
    expect(permittedReturnUrl(undefined, permitted)).toBe('https://app.example.com/signed-in');
    expect(permittedReturnUrl(undefined, [])).toBeUndefined();
  });

  it('admits the same scheme, host, port and path, keeping the query; a loopback http address on any port', () => {
    expect(permittedReturnUrl('https://app.example.com/signed-in?next=/x', permitted)).toBe('https://app.example.com/signed-in?next=/x');
    expect(permittedReturnUrl('HTTPS://APP.example.com:443/signed-in', permitted)).toBe('https://app.example.com/signed-in');
    expect(permittedReturnUrl('http://127.0.0.1:50123/cli', permitted)).toBe('http://127.0.0.1:50123/cli');
    expect(permittedReturnUrl('http://[::1]:50123/cli', permitted)).toBe('http://[::1]:50123/cli');
  });

  it.each([
    'https://app.example.com.evil.test/signed-in',
    'https://app.example.com/signed-in/../admin',
    'https://app.example.com/signed-in#fragment',
    'https://app.example.com:444/signed-in',
    'http://app.example.com/signed-in',
    'https://user:pw@app.example.com/signed-in',
    'http://127.0.0.2:8080/cli',
    '//app.example.com/signed-in',
    'not a url',
  ])('refuses %s', (requested) => {
    expect(permittedReturnUrl(requested, permitted)).toBeUndefined();
  });

  it('adds the outcome, replacing any code or error the address carried', () => {
    expect(returnWith('https://app.example.com/signed-in?next=/x&code=old', { code: 'snc_new' })).toBe('https://app.example.com/signed-in?next=%2Fx&code=snc_new');
    expect(returnWith('https://app.example.com/signed-in?error=old', { error: 'not_a_member' })).toBe('https://app.example.com/signed-in?error=not_a_member');
  });
});
