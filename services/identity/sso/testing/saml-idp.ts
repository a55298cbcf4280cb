// Test-only: a SAML identity provider built with samlify 2.13 (peers.md), signing real
// responses with a throwaway RSA key made by openssl. It reads the AuthnRequest our
// start route sends the browser to (HTTP-Redirect binding) and answers the form a
// browser would post to our assertion consumer (HTTP-POST binding): SAMLResponse and
// RelayState. Every field a check of ours looks at can be set wrong on purpose, the
// response signed over the Assertion, the Response, both or neither, or altered after
// signing.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import * as samlify from 'samlify';

// samlify validates the XML of messages it parses against the SAML schemas through a
// pluggable validator; the test IdP parses only our AuthnRequests, whose shape is not under test.
samlify.setSchemaValidator({ validate: async () => 'not validated by the test identity provider' });

export interface SigningKey {
  privateKeyPem: string;
  certificatePem: string;
}

/** An RSA key and its self-signed certificate, as an identity provider's signing key. */
export function newSigningKey(commonName = 'Test SAML IdP'): SigningKey {
  const dir = mkdtempSync(path.join(tmpdir(), 'saml-idp-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${commonName}`, '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'pipe' });
    return { privateKeyPem: readFileSync(path.join(dir, 'key.pem'), 'utf8'), certificatePem: readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface SamlUser {
  email: string;
  name?: string;
  groups?: string[];
}

/** What a response may get wrong, or how it is signed; every field defaults to what a correct response says. */
export interface ResponseVariant {
  /** What is signed: the Assertion (default), the Response, both, or nothing (signatures removed). */
  signed?: 'assertion' | 'response' | 'both' | 'none';
  /** Another key than the provider's configured one signs. */
  signingKey?: SigningKey;
  audience?: string;
  recipient?: string;
  destination?: string;
  issuer?: string;
  /** Seconds from now; negative for a response that has expired. */
  notOnOrAfterSeconds?: number;
  notBeforeSeconds?: number;
  /** The request it claims to answer; null leaves InResponseTo out (an unsolicited response). */
  inResponseTo?: string | null;
  nameId?: string;
  /** Changes the XML after signing, as an attacker in the middle would. */
  tamper?: (xml: string) => string;
}

export interface PostedForm {
  SAMLResponse: string;
  RelayState: string;
}

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const escape = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface TestSamlIdp {
  entityId: string;
  ssoUrl: string;
  key: SigningKey;
  /**
   * Answers the AuthnRequest in `authorizeUrl` (where our start route sent the browser)
   * for the user: the form to post to our assertion consumer, and the request's id.
   */
  respond(authorizeUrl: string, user: SamlUser, variant?: ResponseVariant): Promise<PostedForm & { requestId: string }>;
  /** The XML inside a response, for tests that look at it. */
  decode(samlResponse: string): string;
}

export function createTestSamlIdp(options: { entityId?: string; ssoUrl?: string; key?: SigningKey } = {}): TestSamlIdp {
  const entityId = options.entityId ?? `https://idp-${randomBytes(4).toString('hex')}.saml.test/metadata`;
  const ssoUrl = options.ssoUrl ?? `https://idp.saml.test/sso/${randomBytes(4).toString('hex')}`;
  const key = options.key ?? newSigningKey();

  const identityProvider = (signingKey: SigningKey) =>
    samlify.IdentityProvider({
      entityID: entityId,
      privateKey: signingKey.privateKeyPem,
      signingCert: signingKey.certificatePem,
      singleSignOnService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', Location: ssoUrl }],
      singleLogoutService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', Location: `${ssoUrl}/logout` }],
      nameIDFormat: [EMAIL_FORMAT],
      requestSignatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    });

  return {
    entityId,
    ssoUrl,
    key,
    decode: (samlResponse) => Buffer.from(samlResponse, 'base64').toString('utf8'),
    async respond(authorizeUrl, user, variant = {}) {
      const url = new URL(authorizeUrl);
      const query = Object.fromEntries(url.searchParams);
      const relayState = query.RelayState ?? '';
      const signed = variant.signed ?? 'assertion';
      const idp = identityProvider(variant.signingKey ?? key);
      // The service provider as the IdP knows it: its ACS and entity id come from the request; what gets signed from the variant.
      const requestXml = inflate(query.SAMLRequest ?? '');
      const acs = /AssertionConsumerServiceURL="([^"]+)"/.exec(requestXml)?.[1] ?? '';
      const spEntityId = /<saml:Issuer[^>]*>([^<]+)<\/saml:Issuer>/.exec(requestXml)?.[1] ?? '';
      const sp = samlify.ServiceProvider({
        entityID: spEntityId,
        wantAssertionsSigned: signed === 'assertion' || signed === 'both' || signed === 'none',
        wantMessageSigned: signed === 'response' || signed === 'both',
        assertionConsumerService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', Location: acs }],
      });
      const parsed = await idp.parseLoginRequest(sp, 'redirect', { query, octetString: '' } as never);
      const requestId = String(parsed.extract.request?.id);
      const now = Date.now();
      const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();
      const inResponseTo = variant.inResponseTo === undefined ? requestId : variant.inResponseTo;
      const inResponseToAttribute = inResponseTo === null ? '' : ` InResponseTo="${escape(inResponseTo)}"`;
      const issuer = escape(variant.issuer ?? entityId);
      const attributes = [
        attribute('email', [user.email]),
        ...(user.name ? [attribute('displayName', [user.name])] : []),
        ...(user.groups ? [attribute('groups', user.groups)] : []),
      ].join('');
      const responseId = `_r${randomBytes(12).toString('hex')}`;
      const assertionId = `_a${randomBytes(12).toString('hex')}`;
      const context =
        `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${responseId}" Version="2.0" IssueInstant="${at(0)}" Destination="${escape(variant.destination ?? acs)}"${inResponseToAttribute}>` +
        `<saml:Issuer>${issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
        `<saml:Assertion xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${at(0)}">` +
        `<saml:Issuer>${issuer}</saml:Issuer>` +
        `<saml:Subject><saml:NameID Format="${EMAIL_FORMAT}">${escape(variant.nameId ?? user.email)}</saml:NameID>` +
        `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${at(variant.notOnOrAfterSeconds ?? 300)}" Recipient="${escape(variant.recipient ?? acs)}"${inResponseToAttribute}/></saml:SubjectConfirmation></saml:Subject>` +
        `<saml:Conditions NotBefore="${at(variant.notBeforeSeconds ?? 0)}" NotOnOrAfter="${at(variant.notOnOrAfterSeconds ?? 300)}"><saml:AudienceRestriction><saml:Audience>${escape(variant.audience ?? spEntityId)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
        `<saml:AuthnStatement AuthnInstant="${at(0)}" SessionIndex="_s${randomBytes(8).toString('hex')}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
        (attributes === '' ? '' : `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>`) +
        '</saml:Assertion></samlp:Response>';
      const response = (await idp.createLoginResponse(sp, parsed as never, 'post', { email: user.email }, {
        relayState,
        customTagReplacement: () => ({ id: responseId, context }),
      } as never)) as { context: string };
      let xml = Buffer.from(response.context, 'base64').toString('utf8');
      if (signed === 'none') xml = xml.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, '');
      if (variant.tamper) xml = variant.tamper(xml);
      return { SAMLResponse: Buffer.from(xml, 'utf8').toString('base64'), RelayState: relayState, requestId };
    },
  };
}

function attribute(name: string, values: readonly string[]): string {
  const rendered = values.map((value) => `<saml:AttributeValue xsi:type="xs:string">${escape(value)}</saml:AttributeValue>`).join('');
  return `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${rendered}</saml:Attribute>`;
}

/** The AuthnRequest of the HTTP-Redirect binding: deflated, then base64. */
const inflate = (samlRequest: string): string => inflateRawSync(Buffer.from(samlRequest, 'base64')).toString('utf8');
