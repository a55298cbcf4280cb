// The checks on an identity provider's settings beyond what the document's schema
// says: an issuer the service may call (the egress policy), an SSO URL the browser
// may be sent to, certificates that parse. Each refusal is a 400 naming the field.
import { X509Certificate } from 'node:crypto';
import { egressUrlRefusal } from '../../platform/egress/egress-fetch.js';
import { validationFailed, type AppError } from '../../platform/errors.js';

export interface SettingsPolicy {
  /** SSO_ALLOW_PRIVATE_ISSUERS: loopback and private hosts, and plain http, for tests. */
  allowPrivate: boolean;
}

const DEFAULT_OIDC_SCOPES: readonly string[] = ['openid', 'email', 'profile'];

/**
 * An issuer identifier (OpenID Connect Discovery 1.0, section 4): an https URL with no
 * query or fragment, whose host the egress policy lets the service call. Its trailing
 * slash is kept: the identifier is compared as a string with the one the provider states.
 */
export function checkIssuer(raw: string, policy: SettingsPolicy): string {
  const refusal = urlRefusal(raw, policy);
  if (refusal) throw invalid('oidc.issuer', refusal);
  return raw;
}

/** Where the browser is sent with the SAML AuthnRequest (HTTP-Redirect binding): https, as an issuer is. */
export function checkSsoUrl(raw: string, policy: SettingsPolicy): string {
  const refusal = urlRefusal(raw, policy);
  if (refusal) throw invalid('saml.sso_url', refusal);
  return raw;
}

function urlRefusal(raw: string, policy: SettingsPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not a URL';
  }
  if (url.search !== '' || url.hash !== '') return 'must have no query or fragment';
  const refusal = egressUrlRefusal(url, policy);
  return refusal && `is refused: ${refusal}`;
}

export function checkScopes(scopes: readonly string[] | undefined): string[] {
  const chosen = scopes ?? DEFAULT_OIDC_SCOPES;
  if (!chosen.includes('openid')) throw invalid('oidc.scopes', 'must include openid');
  return [...chosen];
}

interface CertificateInfo {
  pem: string;
  sha256_fingerprint: string;
  subject: string;
  not_before: string;
  not_after: string;
}

/**
 * The identity provider's signing certificates as PEM: each given as PEM or as the
 * base64 body alone (what IdP metadata's X509Certificate element holds), parsed with
 * node's X509Certificate, so an unparsable one is refused here and not at sign-in.
 */
export function normalizeCertificates(certificates: readonly string[]): string[] {
  return certificates.map((given, index) => {
    const body = given.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
    const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;
    try {
      new X509Certificate(pem);
    } catch {
      throw invalid(`saml.certificates[${index}]`, 'is not a parsable X.509 certificate (PEM, or its base64 body)');
    }
    return pem;
  });
}

export function certificateInfo(pem: string): CertificateInfo {
  const certificate = new X509Certificate(pem);
  return {
    pem,
    sha256_fingerprint: certificate.fingerprint256,
    subject: certificate.subject.replaceAll('\n', ', '),
    not_before: new Date(certificate.validFrom).toISOString(),
    not_after: new Date(certificate.validTo).toISOString(),
  };
}

const invalid = (field: string, problem: string): AppError => validationFailed(`${field} ${problem}`, { problems: [`${field} ${problem}`] });
