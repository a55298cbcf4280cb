// Keycloak as a real identity provider for the single sign-on suites: started from
// the distribution infra/java-peers.sh fetched and built (in-memory database, local
// cache), on a free loopback port, as the leader of its own process group so that
// stopping it reaches the JVM kc.sh starts. Realms, users, groups and clients are
// made over its admin REST API, as an administrator would.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { javaPeers } from './java-peers.js';
import { freePort, groupAlive, signalGroup } from './processes.js';

export interface Keycloak {
  /** http://127.0.0.1:<port> */
  base: string;
  admin: KeycloakAdmin;
  /** Everything Keycloak wrote so far (for a failing test's message). */
  output(): string;
  /** TERM to its process group, KILL if it is still there after 30 s; removes its scratch directory. */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 30_000;

export async function startKeycloak(): Promise<Keycloak> {
  const peers = await javaPeers();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const adminPassword = randomBytes(18).toString('base64url');
  // Its transaction log goes to a directory of this run, so runs side by side never share one.
  const scratch = mkdtempSync(path.join(tmpdir(), 'sentinel-keycloak-'));
  const child = spawn(
    path.join(peers.keycloakHome, 'bin/kc.sh'),
    ['start', '--optimized', '--http-enabled=true', '--http-host=127.0.0.1', `--http-port=${port}`, '--hostname-strict=false'],
    {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        JAVA_HOME: peers.keycloakJavaHome,
        JAVA_OPTS_APPEND: `${peers.keycloakJavaOptions} -Dquarkus.transaction-manager.object-store.directory=${path.join(scratch, 'transaction-logs')}`,
        KC_BOOTSTRAP_ADMIN_USERNAME: 'admin',
        KC_BOOTSTRAP_ADMIN_PASSWORD: adminPassword,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const killOnExit = () => signalGroup(child, 'SIGKILL');
  process.once('exit', killOnExit);

  const stop = async (): Promise<void> => {
    process.removeListener('exit', killOnExit);
    await stopGroup(child);
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    await untilReady(child, base, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  const admin = await KeycloakAdmin.signIn(base, 'admin', adminPassword);
  return { base, admin, output: () => output, stop };
}

async function untilReady(child: ChildProcess, base: string, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Keycloak exited with ${child.exitCode} during start-up:\n${output().slice(-4000)}`);
    const ready = await fetch(`${base}/realms/master`).then((response) => response.ok, () => false);
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`Keycloak did not answer within ${READY_TIMEOUT_MS / 1000} s:\n${output().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (!groupAlive(child)) return;
  signalGroup(child, 'SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (groupAlive(child) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  if (groupAlive(child)) signalGroup(child, 'SIGKILL');
}

export interface KeycloakUser {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

export interface OidcClientSettings {
  clientId: string;
  secret: string;
  redirectUri: string;
  /** The claim carrying group names (without paths) in the ID token and userinfo. */
  groupClaim: string;
}

export interface SamlClientSettings {
  /** The service provider's entity id: Keycloak's client id and the assertion's audience. */
  entityId: string;
  acsUrl: string;
  /** The attribute carrying group names (without paths). */
  groupAttribute: string;
  /** The attribute carrying the address (the NameID carries it too). */
  emailAttribute: string;
}

export interface SamlIdpMetadata {
  entityId: string;
  /** The HTTP-Redirect and HTTP-POST single sign-on endpoint. */
  ssoUrl: string;
  /** The realm's signing certificate, base64 DER as in the metadata. */
  signingCertificate: string;
  xml: string;
}

// The master realm's access tokens live 60 s; a token older than this is replaced before a call.
const ADMIN_TOKEN_REUSE_MS = 40_000;

/** Keycloak's admin REST API as the bootstrap administrator. */
export class KeycloakAdmin {
  private token = '';
  private tokenAt = 0;

  private constructor(
    readonly base: string,
    private readonly username: string,
    private readonly password: string,
  ) {}

  static async signIn(base: string, username: string, password: string): Promise<KeycloakAdmin> {
    const admin = new KeycloakAdmin(base, username, password);
    await admin.freshToken();
    return admin;
  }

  private async freshToken(): Promise<string> {
    if (Date.now() - this.tokenAt < ADMIN_TOKEN_REUSE_MS) return this.token;
    const response = await fetch(`${this.base}/realms/master/protocol/openid-connect/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'password', client_id: 'admin-cli', username: this.username, password: this.password }),
    });
    if (!response.ok) throw new Error(`Keycloak admin sign-in answered ${response.status}: ${await response.text()}`);
    this.token = ((await response.json()) as { access_token: string }).access_token;
    this.tokenAt = Date.now();
    return this.token;
  }

  /** One admin call; a status other than the expected one fails with Keycloak's answer. */
  async call(method: string, urlPath: string, body?: unknown, expected = [200, 201, 204]): Promise<Response> {
    const token = await this.freshToken();
    const response = await fetch(`${this.base}/admin${urlPath}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!expected.includes(response.status)) throw new Error(`Keycloak ${method} ${urlPath} answered ${response.status}: ${await response.text()}`);
    return response;
  }

  /** The id Keycloak gave what a POST created (the last segment of its Location). */
  private async create(urlPath: string, body: unknown): Promise<string> {
    const response = await this.call('POST', urlPath, body, [201]);
    return response.headers.get('location')!.split('/').pop()!;
  }

  async createRealm(realm: string): Promise<void> {
    await this.call('POST', '/realms', { realm, enabled: true, sslRequired: 'none', registrationAllowed: false, loginWithEmailAllowed: true });
  }

  async createUser(realm: string, user: KeycloakUser, groups: string[] = []): Promise<string> {
    return this.create(`/realms/${realm}/users`, {
      username: user.username,
      email: user.email,
      emailVerified: true,
      firstName: user.firstName,
      lastName: user.lastName,
      enabled: true,
      requiredActions: [],
      credentials: [{ type: 'password', value: user.password, temporary: false }],
      groups: groups.map((group) => `/${group}`),
    });
  }

  async createGroup(realm: string, name: string): Promise<string> {
    return this.create(`/realms/${realm}/groups`, { name });
  }

  /** A confidential client for the authorization code flow, PKCE S256 required, groups in a claim. */
  async createOidcClient(realm: string, client: OidcClientSettings): Promise<void> {
    await this.create(`/realms/${realm}/clients`, {
      clientId: client.clientId,
      protocol: 'openid-connect',
      enabled: true,
      publicClient: false,
      clientAuthenticatorType: 'client-secret',
      secret: client.secret,
      standardFlowEnabled: true,
      implicitFlowEnabled: false,
      directAccessGrantsEnabled: false,
      serviceAccountsEnabled: false,
      redirectUris: [client.redirectUri],
      attributes: { 'pkce.code.challenge.method': 'S256' },
      protocolMappers: [
        {
          name: 'groups',
          protocol: 'openid-connect',
          protocolMapper: 'oidc-group-membership-mapper',
          config: { 'claim.name': client.groupClaim, 'full.path': 'false', 'id.token.claim': 'true', 'access.token.claim': 'true', 'userinfo.token.claim': 'true' },
        },
      ],
    });
  }

  /**
   * A SAML client whose responses and assertions Keycloak signs (saml.server.signature:
   * without it Keycloak sends them unsigned), posting to the ACS, with the address as
   * NameID and as an attribute, and groups as an attribute.
   */
  async createSamlClient(realm: string, client: SamlClientSettings): Promise<void> {
    await this.create(`/realms/${realm}/clients`, {
      clientId: client.entityId,
      protocol: 'saml',
      enabled: true,
      frontchannelLogout: false,
      redirectUris: [client.acsUrl],
      attributes: {
        'saml.server.signature': 'true',
        'saml.assertion.signature': 'true',
        'saml.signature.algorithm': 'RSA_SHA256',
        'saml.client.signature': 'false',
        'saml.authnstatement': 'true',
        'saml.encrypt': 'false',
        'saml_force_name_id_format': 'true',
        'saml_name_id_format': 'email',
        'saml_assertion_consumer_url_post': client.acsUrl,
      },
      protocolMappers: [
        {
          name: 'email',
          protocol: 'saml',
          protocolMapper: 'saml-user-property-mapper',
          config: { 'user.attribute': 'email', 'attribute.name': client.emailAttribute, 'attribute.nameformat': 'Basic' },
        },
        {
          name: 'groups',
          protocol: 'saml',
          protocolMapper: 'saml-group-membership-mapper',
          config: { 'attribute.name': client.groupAttribute, 'attribute.nameformat': 'Basic', single: 'false', 'full.path': 'false' },
        },
      ],
    });
  }

  /** The realm's SAML identity provider metadata, as an administrator downloads it for the service provider. */
  async samlIdpMetadata(realm: string): Promise<SamlIdpMetadata> {
    const response = await fetch(`${this.base}/realms/${realm}/protocol/saml/descriptor`);
    if (!response.ok) throw new Error(`Keycloak SAML descriptor answered ${response.status}`);
    const xml = await response.text();
    const entityId = /entityID="([^"]+)"/.exec(xml)?.[1];
    const ssoUrl = /<md:SingleSignOnService[^>]*Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"[^>]*Location="([^"]+)"/.exec(xml)?.[1];
    const signingCertificate = /<md:KeyDescriptor use="signing">[\s\S]*?<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/.exec(xml)?.[1];
    if (!entityId || !ssoUrl || !signingCertificate) throw new Error(`Keycloak SAML descriptor lacks the entity id, SSO URL or signing certificate:\n${xml}`);
    return { entityId, ssoUrl, signingCertificate, xml };
  }

  /** The realm's OpenID Connect issuer, as discovery names it. */
  issuer(realm: string): string {
    return `${this.base}/realms/${realm}`;
  }
}
