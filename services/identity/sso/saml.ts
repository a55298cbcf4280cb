// SAML 2.0 sign-in through @node-saml/node-saml 5 (the service-provider library):
// the AuthnRequest over the HTTP-Redirect binding, the response over HTTP-POST.
// The library verifies the XML signature (of the Response or, failing that, of the
// Assertion, against the provider's certificates only: KeyInfo in the message is never
// trusted), InResponseTo against the pending request, the validity window with the
// clock skew, and the audience. It does not check the issuer, the Recipient or the
// Destination; this file does, on the verified assertion, and refuses a replay.
import { randomBytes } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { generateServiceProviderMetadata, SAML, ValidateInResponseTo, type Profile } from '@node-saml/node-saml';
import type { ServiceProviderEndpoints } from './endpoints.js';
import { PENDING_SIGN_IN_TTL_SECONDS } from './pending-sign-ins.js';
import type { SamlSettings } from './providers.js';
import { CLOCK_SKEW_SECONDS, namesOf, type VouchedIdentity } from './vouched-identity.js';

const EMAIL_NAME_ID = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
/** Attributes providers commonly put a display name in (eduPerson/inetOrgPerson displayName among them). */
const NAME_ATTRIBUTES = ['displayName', 'name', 'cn', 'urn:oid:2.16.840.1.113730.3.1.241', 'urn:oid:2.5.4.3'];

/** A SAML response the checks refused: the message says which check, for the provider's audit trail. */
export class SamlResponseRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SamlResponseRefused';
  }
}

interface AcceptedAssertion {
  identity: VouchedIdentity;
  /** The assertion's ID and until when it could be presented, for the replay check. */
  assertionId: string;
  expiresAt: Date;
}

/** A request id in the form SAML wants (an xsd:ID: starts with a letter or underscore). */
export const newSamlRequestId = (): string => `_${randomBytes(20).toString('hex')}`;

/**
 * The library configured for one provider. `expectedRequestId` is the one request a
 * response may answer: the library's InResponseTo cache knows it and nothing else.
 * null: an unsolicited (IdP-initiated) response, which must answer no request at all.
 */
function samlFor(settings: SamlSettings, endpoints: ServiceProviderEndpoints, expectedRequestId: string | null): SAML {
  return new SAML({
    callbackUrl: endpoints.acsUrl,
    entryPoint: settings.sso_url,
    issuer: endpoints.entityId,
    audience: endpoints.entityId,
    idpIssuer: settings.idp_entity_id,
    idpCert: settings.certificates,
    // A signature over the Response or over the Assertion: the library requires the
    // assertion's when the response's is missing or invalid, and reads the identity
    // only from what a signature covers.
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_SECONDS * 1000,
    validateInResponseTo: expectedRequestId === null ? ValidateInResponseTo.ifPresent : ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: PENDING_SIGN_IN_TTL_SECONDS * 1000,
    generateUniqueId: () => expectedRequestId ?? newSamlRequestId(),
    cacheProvider: {
      saveAsync: async (key, value) => ({ value, createdAt: Date.now() }),
      // The pending sign-in was taken (and its age checked) before the response is read.
      getAsync: async (key) => (expectedRequestId !== null && key === expectedRequestId ? new Date().toISOString() : null),
      removeAsync: async () => null,
    },
    identifierFormat: EMAIL_NAME_ID,
    // Whatever the provider signs people in with (passwords, second factors, Kerberos) is its decision.
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}

/** Where to send the browser: the provider's SSO URL with the deflated, base64 AuthnRequest and the RelayState. */
export async function authnRequestUrl(settings: SamlSettings, endpoints: ServiceProviderEndpoints, request: { requestId: string; relayState: string }): Promise<string> {
  return samlFor(settings, endpoints, request.requestId).getAuthorizeUrlAsync(request.relayState, undefined, {});
}

/**
 * This service's metadata for the provider: entity id, assertion consumer service,
 * NameID format, and WantAssertionsSigned, which asks the provider for what is best
 * (a signed response is accepted too).
 */
export function serviceProviderMetadata(settings: SamlSettings, endpoints: ServiceProviderEndpoints): string {
  return generateServiceProviderMetadata({ issuer: endpoints.entityId, callbackUrl: endpoints.acsUrl, identifierFormat: EMAIL_NAME_ID, wantAssertionsSigned: true });
}

/**
 * Validates a posted SAMLResponse for the pending request (null: an unsolicited one,
 * answering none); throws SamlResponseRefused naming the failed check.
 */
export async function acceptSamlResponse(settings: SamlSettings, endpoints: ServiceProviderEndpoints, samlResponse: string, expectedRequestId: string | null): Promise<AcceptedAssertion> {
  let profile: Profile | null;
  try {
    ({ profile } = await samlFor(settings, endpoints, expectedRequestId).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    throw new SamlResponseRefused(error instanceof Error ? error.message : 'the response could not be read');
  }
  if (!profile) throw new SamlResponseRefused('the response carries no assertion');
  if (profile.issuer !== settings.idp_entity_id) throw new SamlResponseRefused(`the assertion's issuer is not ${settings.idp_entity_id}`);
  checkDestination(samlResponse, endpoints.acsUrl);
  const assertion = (profile.getAssertion?.() as { Assertion?: XmlNode } | undefined)?.Assertion;
  if (!assertion) throw new SamlResponseRefused('the response carries no assertion');
  checkBearerConfirmation(assertion, endpoints.acsUrl, expectedRequestId);
  const assertionId = attribute(assertion, 'ID');
  if (!assertionId) throw new SamlResponseRefused('the assertion has no ID');

  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const email = firstText(settings.email_attribute === null ? profile.email : attributes[settings.email_attribute]) ?? (profile.nameIDFormat === EMAIL_NAME_ID ? profile.nameID : undefined);
  return {
    identity: {
      subject: profile.nameID,
      email,
      emailVerified: undefined,
      name: NAME_ATTRIBUTES.map((name) => firstText(attributes[name])).find((name) => name !== undefined),
      groups: settings.groups_attribute === null ? undefined : namesOf(attributes[settings.groups_attribute]),
    },
    assertionId,
    expiresAt: replayWindowEnd(assertion),
  };
}

type XmlNode = { $?: Record<string, string>; [child: string]: unknown };

const attribute = (node: XmlNode | undefined, name: string): string | undefined => node?.$?.[name];
const children = (node: XmlNode | undefined, name: string): XmlNode[] => {
  const value = node?.[name];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
};

/**
 * The Web Browser SSO profile's bearer confirmation (SAML profiles 4.1.4.2): one whose
 * data is addressed to this assertion consumer (Recipient) and answers the pending
 * request (InResponseTo), or none when unsolicited. The library checked one's validity window already.
 */
function checkBearerConfirmation(assertion: XmlNode, acsUrl: string, expectedRequestId: string | null): void {
  const confirmations = children(children(assertion, 'Subject')[0], 'SubjectConfirmation').filter((confirmation) => attribute(confirmation, 'Method') === BEARER);
  const data = confirmations.flatMap((confirmation) => children(confirmation, 'SubjectConfirmationData'));
  if (data.length === 0) throw new SamlResponseRefused('the assertion has no bearer subject confirmation');
  if (!data.some((candidate) => attribute(candidate, 'Recipient') === acsUrl)) throw new SamlResponseRefused(`the assertion's Recipient is not ${acsUrl}`);
  if (!data.some((candidate) => attribute(candidate, 'Recipient') === acsUrl && attribute(candidate, 'InResponseTo') === (expectedRequestId ?? undefined))) {
    throw new SamlResponseRefused('the assertion does not answer the pending request (InResponseTo)');
  }
}

/** A Response that names a Destination must name this assertion consumer (SAML core 3.2.2). */
function checkDestination(samlResponse: string, acsUrl: string): void {
  const destination = responseElementOf(samlResponse)?.getAttribute('Destination');
  if (destination && destination !== acsUrl) throw new SamlResponseRefused(`the response's Destination is not ${acsUrl}`);
}

/**
 * Whether a posted response says it answers a request of ours (InResponseTo on the
 * Response), read before any check: such a response must come with the browser binding
 * of the sign-in that sent the request, whatever the provider accepts unsolicited.
 */
export function answersARequest(samlResponse: string): boolean {
  return Boolean(responseElementOf(samlResponse)?.getAttribute('InResponseTo'));
}

const responseElementOf = (samlResponse: string) =>
  new DOMParser({ errorHandler: () => undefined }).parseFromString(Buffer.from(samlResponse, 'base64').toString('utf8'), 'text/xml').documentElement;

/** Until when the assertion could be presented: its latest NotOnOrAfter plus the clock skew, or the pending sign-in's lifetime. */
function replayWindowEnd(assertion: XmlNode): Date {
  const times = [
    attribute(children(assertion, 'Conditions')[0], 'NotOnOrAfter'),
    ...children(children(assertion, 'Subject')[0], 'SubjectConfirmation').flatMap((confirmation) =>
      children(confirmation, 'SubjectConfirmationData').map((data) => attribute(data, 'NotOnOrAfter')),
    ),
  ]
    .map((time) => (time === undefined ? Number.NaN : Date.parse(time)))
    .filter((time) => Number.isFinite(time));
  const latest = times.length > 0 ? Math.max(...times) : Date.now() + PENDING_SIGN_IN_TTL_SECONDS * 1000;
  return new Date(latest + CLOCK_SKEW_SECONDS * 1000);
}

const firstText = (value: unknown): string | undefined => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() !== '' ? first.trim() : undefined;
};
