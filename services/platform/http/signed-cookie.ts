// A short-lived cookie whose value the service signed (HMAC-SHA256 with the token
// signing key under a purpose label of its own), used to bind a browser sign-in
// (social login, single sign-on) to the browser that started it: a value lifted
// from a URL is useless without the cookie, and nobody can forge or alter one. The
// value is `<base64url JSON>.<base64url MAC>`; what it carries is readable by the
// browser that holds it, so it carries nothing that browser may not know.
import { createHmac, timingSafeEqual } from 'node:crypto';

interface SignedCookieSettings {
  name: string;
  /** The path the browser sends it to: only the routes that read it. */
  path: string;
  ttlSeconds: number;
  /** Separates this cookie's signatures from every other use of the key. */
  purpose: string;
  signingKey: Buffer;
  /** Adds Secure: when the service is reached over https (PUBLIC_URL). */
  secure: boolean;
  now: () => Date;
}

/** What the cookie holds: the value's fields and when it stops being accepted. */
type Envelope<T> = T & { expiresAtMs: number };

/** Issues, clears and reads one signed cookie; HttpOnly and SameSite=Lax always. */
export function createSignedCookie<T extends object>(settings: SignedCookieSettings) {
  const mac = (payload: string): Buffer => createHmac('sha256', settings.signingKey).update(`${settings.purpose}\n`).update(payload).digest();
  const attributes = `Path=${settings.path}; HttpOnly; SameSite=Lax${settings.secure ? '; Secure' : ''}`;
  return {
    name: settings.name,
    /** The Set-Cookie value carrying `value` for ttlSeconds. */
    issue(value: T): string {
      const envelope: Envelope<T> = { ...value, expiresAtMs: settings.now().getTime() + settings.ttlSeconds * 1000 };
      const payload = Buffer.from(JSON.stringify(envelope)).toString('base64url');
      return `${settings.name}=${payload}.${mac(payload).toString('base64url')}; Max-Age=${settings.ttlSeconds}; ${attributes}`;
    },
    /** The Set-Cookie value that removes it. */
    clear(): string {
      return `${settings.name}=; Max-Age=0; ${attributes}`;
    },
    /** What a request's Cookie header carries under this name, if the service signed it and it has not expired. */
    read(cookieHeader: string | undefined): Envelope<T> | undefined {
      const [payload, signature, extra] = cookieValue(cookieHeader, settings.name)?.split('.') ?? [];
      if (!payload || !signature || extra !== undefined) return undefined;
      const expected = mac(payload);
      const presented = Buffer.from(signature, 'base64url');
      if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return undefined;
      const envelope = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Envelope<T>;
      return envelope.expiresAtMs > settings.now().getTime() ? envelope : undefined;
    },
  };
}

/** The value a request's Cookie header carries under `name`, as sent. */
export function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  return cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/** Whether a value a request presents equals the one expected, compared in constant time. */
export function sameSecretValue(presented: string | undefined, expected: string): boolean {
  if (presented === undefined) return false;
  const [a, b] = [Buffer.from(presented), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}
