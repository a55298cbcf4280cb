// Webhook request signatures (spec 6.1). Receivers verify these without our
// code, so the layout below is a public contract, documented in
// docs/webhook-signatures.md; change both together or not at all.
//
//   signed bytes = "v1." + delivery id + "." + timestamp + "." + raw body bytes
//   Service-Signature: v1,<base64 HMAC-SHA256> [v1,<base64 HMAC-SHA256>]
//
// The version leads the signed bytes, so a signature made under another
// layout can never verify as v1, whatever the headers claim.
import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';

export const SIGNATURE_VERSION = 'v1';
export const SIGNATURE_HEADER = 'Service-Signature';
export const DELIVERY_HEADER = 'Service-Delivery';
export const TIMESTAMP_HEADER = 'Service-Timestamp';
export const VERSION_HEADER = 'Service-Signature-Version';
export const DEFAULT_TOLERANCE_SECONDS = 300;

export type SignatureHeaderName = typeof SIGNATURE_HEADER | typeof DELIVERY_HEADER | typeof TIMESTAMP_HEADER | typeof VERSION_HEADER;
export type SignatureHeaders = Record<SignatureHeaderName, string>;

// 32 random bytes as unpadded base64url: no '+', '/' or '=', so the secret
// survives shells, .env files and double-click selection intact.
const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;
const SECRET_PATTERN = /^whsec_([A-Za-z0-9_-]{43})$/;
// Neither may contain ".", which would make the signed bytes ambiguous.
const DELIVERY_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
const TIMESTAMP_PATTERN = /^[1-9][0-9]{0,11}$/;
// An HMAC-SHA256 is 32 bytes: always 44 base64 characters ending in one "=".
const SIGNATURE_PATTERN = /^[A-Za-z0-9+/]{43}=$/;

/** A new signing secret, shown to the user once: `whsec_` + 43 base64url characters. */
export function generateSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');
}

/** The HMAC key is the 32 decoded bytes, not the text of the secret. */
function signingKey(secret: string): Buffer {
  const encoded = SECRET_PATTERN.exec(secret)?.[1];
  if (encoded === undefined) throw new TypeError('a signing secret is "whsec_" followed by 43 base64url characters');
  return Buffer.from(encoded, 'base64url');
}

/**
 * A secret's HMAC key, prepared once for many signatures: an HMAC keyed by a
 * KeyObject costs about 10 µs here, by the secret's bytes about 24 µs.
 */
export function prepareSigningKey(secret: string): KeyObject {
  return createSecretKey(signingKey(secret));
}

function sign(key: Buffer | KeyObject, deliveryId: string, timestamp: string, body: Uint8Array): Buffer {
  return createHmac('sha256', key)
    .update(`${SIGNATURE_VERSION}.${deliveryId}.${timestamp}.`, 'utf8')
    .update(body)
    .digest();
}

export interface SignInput {
  /** Every active secret, as text or prepared (prepareSigningKey): one, or two during the 24-hour rotation overlap (new first). */
  secrets: readonly (string | KeyObject)[];
  deliveryId: string;
  /** Unix seconds. */
  timestamp: number;
  /** The exact bytes that will be sent. */
  body: Uint8Array;
}

export function signDelivery({ secrets, deliveryId, timestamp, body }: SignInput): SignatureHeaders {
  if (secrets.length === 0) throw new TypeError('at least one signing secret is required');
  if (!DELIVERY_ID_PATTERN.test(deliveryId)) throw new TypeError('a delivery id is 1 to 128 letters, digits, "-" or "_"');
  const timestampText = String(timestamp);
  if (!Number.isSafeInteger(timestamp) || !TIMESTAMP_PATTERN.test(timestampText)) {
    throw new TypeError('a timestamp is a positive whole number of seconds');
  }
  const signatures = secrets.map(
    (secret) => `${SIGNATURE_VERSION},${sign(typeof secret === 'string' ? signingKey(secret) : secret, deliveryId, timestampText, body).toString('base64')}`,
  );
  return {
    [SIGNATURE_HEADER]: signatures.join(' '),
    [DELIVERY_HEADER]: deliveryId,
    [TIMESTAMP_HEADER]: timestampText,
    [VERSION_HEADER]: SIGNATURE_VERSION,
  };
}

export type VerificationFailure =
  | 'missing_header'
  | 'malformed_header'
  | 'unsupported_version'
  | 'timestamp_out_of_tolerance'
  | 'no_matching_signature';

export type VerificationResult = { ok: true } | { ok: false; reason: VerificationFailure; detail: string };

export interface VerifyInput {
  secret: string;
  /** Request headers, any letter case (node's IncomingMessage.headers fits). */
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The raw request body bytes, before any JSON parsing. */
  body: Uint8Array;
  /** Unix seconds; defaults to the clock. */
  now?: number;
  toleranceSeconds?: number;
}

const fail = (reason: VerificationFailure, detail: string): VerificationResult => ({ ok: false, reason, detail });

/** Verifies a delivery the way receivers must (spec 6.1); any one signature in the header may match. */
export function verifyDelivery({
  secret,
  headers,
  body,
  now = Math.floor(Date.now() / 1000),
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
}: VerifyInput): VerificationResult {
  const key = signingKey(secret);
  const read = readHeaders(headers);
  if (!read.ok) return read;
  const { version, deliveryId, timestamp, signatureList } = read.values;

  if (version !== SIGNATURE_VERSION) return fail('unsupported_version', `unsupported ${VERSION_HEADER} "${version}"`);
  if (!DELIVERY_ID_PATTERN.test(deliveryId)) return fail('malformed_header', `${DELIVERY_HEADER} is malformed`);
  if (!TIMESTAMP_PATTERN.test(timestamp)) return fail('malformed_header', `${TIMESTAMP_HEADER} is malformed`);
  if (Math.abs(now - Number(timestamp)) > toleranceSeconds) {
    return fail('timestamp_out_of_tolerance', `${TIMESTAMP_HEADER} is more than ${toleranceSeconds} seconds from now`);
  }

  const candidates: Buffer[] = [];
  for (const entry of signatureList.trim().split(/ +/)) {
    const comma = entry.indexOf(',');
    if (comma === -1) return fail('malformed_header', `${SIGNATURE_HEADER} is malformed`);
    // Every entry must claim the version the signed bytes were built with.
    if (entry.slice(0, comma) !== version) return fail('unsupported_version', `signature entry version does not match ${VERSION_HEADER}`);
    const signature = entry.slice(comma + 1);
    if (!SIGNATURE_PATTERN.test(signature)) return fail('malformed_header', `${SIGNATURE_HEADER} is malformed`);
    candidates.push(Buffer.from(signature, 'base64'));
  }

  const expected = sign(key, deliveryId, timestamp, body);
  // Every candidate is 32 bytes (the pattern above) and every one is compared,
  // so the time taken says nothing about the expected signature.
  const matches = candidates.map((candidate) => timingSafeEqual(candidate, expected));
  return matches.includes(true) ? { ok: true } : fail('no_matching_signature', 'no signature matches');
}

type HeaderRead =
  | { ok: true; values: { version: string; deliveryId: string; timestamp: string; signatureList: string } }
  | { ok: false; reason: VerificationFailure; detail: string };

function readHeaders(headers: VerifyInput['headers']): HeaderRead {
  const valuesByName = new Map<string, string[]>();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    valuesByName.set(lower, [...(valuesByName.get(lower) ?? []), ...(typeof value === 'string' ? [value] : value)]);
  }
  const found: string[] = [];
  for (const name of [VERSION_HEADER, DELIVERY_HEADER, TIMESTAMP_HEADER, SIGNATURE_HEADER]) {
    const [value, ...repeats] = valuesByName.get(name.toLowerCase()) ?? [];
    if (value === undefined || value === '') return { ok: false, reason: 'missing_header', detail: `missing ${name} header` };
    // A repeated header could smuggle a second value past a proxy that reads only the first.
    if (repeats.length > 0) return { ok: false, reason: 'malformed_header', detail: `${name} header appears more than once` };
    found.push(value);
  }
  const [version = '', deliveryId = '', timestamp = '', signatureList = ''] = found;
  return { ok: true, values: { version, deliveryId, timestamp, signatureList } };
}
