// Each check of a SAML response refuses for its own reason: the library's (signature,
// audience, validity window, InResponseTo) and ours (issuer, Recipient, Destination,
// the bearer confirmation's InResponseTo). Against samlify signing real responses.
import { beforeAll, describe, expect, it } from 'vitest';
import { endpointsOf } from './endpoints.js';
import type { SamlSettings } from './providers.js';
import { acceptSamlResponse, answersARequest, authnRequestUrl, newSamlRequestId, serviceProviderMetadata } from './saml.js';
import { createTestSamlIdp, newSigningKey, type ResponseVariant, type SigningKey, type TestSamlIdp } from './testing/saml-idp.js';

describe('SAML responses', () => {
  let idp: TestSamlIdp;
  let settings: SamlSettings;
  let impostor: SigningKey;
  const endpoints = endpointsOf('https://sentinel.test', { id: '0190c3c6-7c6a-7000-8000-00000000cafe', protocol: 'saml', settings: { sp_entity_id: null } as SamlSettings });
  const user = { email: 'pat@acme.test', name: 'Pat', groups: ['engineers', 'admins'] };

  beforeAll(() => {
    idp = createTestSamlIdp();
    impostor = newSigningKey('Impostor');
    settings = { idp_entity_id: idp.entityId, sso_url: idp.ssoUrl, certificates: [idp.key.certificatePem], sp_entity_id: null, groups_attribute: 'groups', email_attribute: null, allow_idp_initiated: false };
  });

  const respond = async (variant: ResponseVariant = {}) => {
    const requestId = newSamlRequestId();
    const url = await authnRequestUrl(settings, endpoints, { requestId, relayState: 'relay' });
    const form = await idp.respond(url, user, variant);
    return { requestId, samlResponse: form.SAMLResponse };
  };

  it('sends an AuthnRequest for this service provider, asking for an email NameID, with the RelayState', async () => {
    const url = new URL(await authnRequestUrl(settings, endpoints, { requestId: '_request-1', relayState: 'relay-1' }));
    expect(`${url.origin}${url.pathname}`).toBe(idp.ssoUrl);
    expect(url.searchParams.get('RelayState')).toBe('relay-1');
    const form = await idp.respond(url.href, user);
    expect(form.requestId).toBe('_request-1');
  });

  it('accepts a signed response and reads the address, the name and the groups', async () => {
    const { requestId, samlResponse } = await respond();
    const accepted = await acceptSamlResponse(settings, endpoints, samlResponse, requestId);
    expect(accepted.identity).toEqual({ subject: user.email, email: user.email, emailVerified: undefined, name: 'Pat', groups: ['engineers', 'admins'] });
    expect(accepted.assertionId).toMatch(/^_a/);
    expect(accepted.expiresAt.getTime()).toBeGreaterThan(Date.now() + 300_000);
  });

  it('reads the address from the configured attribute, or from an email NameID without one', async () => {
    const { requestId, samlResponse } = await respond({ nameId: 'other@acme.test' });
    const fromAttribute = await acceptSamlResponse({ ...settings, email_attribute: 'email' }, endpoints, samlResponse, requestId);
    expect(fromAttribute.identity.email).toBe(user.email);
    const noEmailAttribute = await respond({ nameId: 'nameid@acme.test' });
    const fromNameId = await acceptSamlResponse({ ...settings, email_attribute: 'mail' }, endpoints, noEmailAttribute.samlResponse, noEmailAttribute.requestId);
    expect(fromNameId.identity.email).toBe('nameid@acme.test');
  });

  const refusals: Array<[string, () => ResponseVariant, RegExp]> = [
    ['unsigned', () => ({ signed: 'none' }), /signature/i],
    ['signed by another key', () => ({ signingKey: impostor }), /signature/i],
    ['NameID altered after signing', () => ({ tamper: (xml) => xml.replace('>pat@acme.test</saml:NameID>', '>ceo@acme.test</saml:NameID>') }), /signature/i],
    ['another audience', () => ({ audience: 'https://elsewhere.test' }), /audience/i],
    ['another recipient', () => ({ recipient: 'https://elsewhere.test/acs' }), /Recipient/],
    ['another destination', () => ({ destination: 'https://elsewhere.test/acs' }), /Destination/],
    ['another issuer', () => ({ issuer: 'https://impostor.test' }), /issuer/],
    ['expired', () => ({ notOnOrAfterSeconds: -120 }), /expired|subject confirmation/i],
    ['not valid yet', () => ({ notBeforeSeconds: 600 }), /not yet valid/],
    ['unsolicited', () => ({ inResponseTo: null }), /InResponseTo/],
    ['answering another request', () => ({ inResponseTo: '_another' }), /InResponseTo/],
  ];

  it.each(refusals)('refuses a response %s, naming the check', async (_what, variant, reason) => {
    const { requestId, samlResponse } = await respond(variant());
    await expect(acceptSamlResponse(settings, endpoints, samlResponse, requestId)).rejects.toThrow(reason);
  });

  it('accepts an unsolicited (IdP-initiated) response only as one answering no request, and tells solicited from unsolicited before any check', async () => {
    const unsolicited = await respond({ inResponseTo: null });
    expect(answersARequest(unsolicited.samlResponse)).toBe(false);
    expect((await acceptSamlResponse(settings, endpoints, unsolicited.samlResponse, null)).identity.email).toBe(user.email);
    const solicited = await respond();
    expect(answersARequest(solicited.samlResponse)).toBe(true);
    await expect(acceptSamlResponse(settings, endpoints, solicited.samlResponse, null)).rejects.toThrow(/InResponseTo/);
    // Every other check still applies to an unsolicited one.
    const forged = await respond({ inResponseTo: null, signingKey: impostor });
    await expect(acceptSamlResponse(settings, endpoints, forged.samlResponse, null)).rejects.toThrow(/signature/i);
    expect(answersARequest(Buffer.from('not xml').toString('base64'))).toBe(false);
  });

  it('allows a minute of clock skew, and no more', async () => {
    const justExpired = await respond({ notOnOrAfterSeconds: -30 });
    await expect(acceptSamlResponse(settings, endpoints, justExpired.samlResponse, justExpired.requestId)).resolves.toBeDefined();
    const tooLate = await respond({ notOnOrAfterSeconds: -90 });
    await expect(acceptSamlResponse(settings, endpoints, tooLate.samlResponse, tooLate.requestId)).rejects.toThrow(/expired|subject confirmation/i);
  });

  it('trusts every configured certificate, so a provider can roll its key over', async () => {
    const { requestId, samlResponse } = await respond({ signingKey: impostor });
    const rolled = { ...settings, certificates: [idp.key.certificatePem, impostor.certificatePem] };
    await expect(acceptSamlResponse(rolled, endpoints, samlResponse, requestId)).resolves.toBeDefined();
  });

  it('describes this service provider in its metadata', () => {
    const metadata = serviceProviderMetadata(settings, endpoints);
    expect(metadata).toContain(`entityID="${endpoints.entityId}"`);
    expect(metadata).toContain(`Location="${endpoints.acsUrl}"`);
    expect(metadata).toContain('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    expect(metadata).toContain('WantAssertionsSigned="true"');
  });
});
