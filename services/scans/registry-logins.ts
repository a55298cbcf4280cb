// What the scan worker needs of registry credentials, stated here so scans import
// nothing of that capability: the composition root (services/modules.ts) hands the
// registry-credentials capability's logins to the worker.
import type { OrgId } from '../platform/db/database.js';

/** A username and secret for the registry of the image being scanned; handed to the scanner process through its environment only. */
export interface RegistryLogin {
  registry: string;
  username: string;
  secret: string;
}

/** A login as read for one run, with what identifies the values the run used. */
interface IssuedLogin extends RegistryLogin {
  credentialId: string;
  revision: number;
}

export interface RegistryLogins {
  /** The organization's login for the registry (host[:port] as an image reference names it), or null when it has none. */
  loginFor(orgId: OrgId, registry: string): Promise<IssuedLogin | null>;
  /** Records the outcome of the scanner run that used the login: its start, and the scanner's complaint if it failed. */
  recordUse(orgId: OrgId, login: IssuedLogin, outcome: { usedAt: Date; failure: string | null }): Promise<void>;
}
