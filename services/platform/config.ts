// Configuration is parsed and validated once, at start-up. Nothing else in the
// code base reads process.env: everything receives the parts of Config it needs.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

export type Environment = 'development' | 'test' | 'production';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  environment: Environment;
  host: string;
  port: number;
  logLevel: LogLevel;
  /** Embedded profile: where PGlite keeps its files. Ignored when DATABASE_URL is set. */
  dataDir: string;
  /** Full profile adapters; each one absent means its embedded counterpart. */
  databaseUrl: string | undefined;
  /** The schema owner's connection string, for migrations; unset, DATABASE_URL's role must own the schema. */
  databaseOwnerUrl: string | undefined;
  kafkaBrokers: string[] | undefined;
  schemaRegistryUrl: string | undefined;
  clickhouseUrl: string | undefined;
  /** ClickHouse database holding the analytics tables; created at start-up when missing. */
  clickhouseDatabase: string;
  redisUrl: string | undefined;
  /** Partition count our code creates topics with (Kafka) or simulates (embedded). */
  streamPartitions: number;
  /** Prefix for topic names, so several deployments can share one cluster. */
  topicPrefix: string;
  /**
   * A stream processor whose partition has had records handed over for this long
   * without committing any is stalled: /ready reports stream_processors down.
   */
  streamStalledAfterMs: number;
  /** Time a draining process waits for in-flight work on SIGTERM. */
  shutdownGraceMs: number;
  /** CIDRs or addresses whose X-Forwarded-For is believed (spec 2.10). */
  trustedProxies: string[];
  rateLimit: { perMinute: number; authPerMinute: number; failClosed: boolean };
  /** Secret that signs access tokens, refresh successors and pagination cursors (HMAC-SHA256, a purpose label each). */
  tokenSigningKey: Buffer;
  /** AES-256-GCM key of the secret box: webhook signing secrets at rest. */
  webhookSecretKey: Buffer;
  webhookAllowPrivateDestinations: boolean;
  /** WEBHOOK_CA_FILE: PEM certificates trusted for webhook destinations in addition to Node's built-in roots. */
  webhookTrustedCaPem: string | undefined;
  /** How many webhook deliveries one worker process keeps in flight at once. */
  webhookDeliveryConcurrency: number;
  /**
   * CONNECTOR_ALLOWED_HOSTS: hosts connectors of every kind may reach besides the
   * managed offerings built in per kind; names (a `*` label stands for one label) or addresses.
   */
  connectorAllowedHosts: string[];
  /** CONNECTOR_ALLOW_PRIVATE_ENDPOINTS: tests reach providers on loopback; refused in production. */
  connectorAllowPrivateEndpoints: boolean;
  /** CONNECTOR_CA_FILE: PEM certificates trusted for connector providers in addition to Node's built-in roots. */
  connectorTrustedCaPem: string | undefined;
  /** SCAN_REGISTRY_ALLOW_PRIVATE: tests pull images from registries on loopback; refused in production. */
  scanRegistryAllowPrivate: boolean;
  /** SCAN_REGISTRY_CA_FILE: PEM certificates trusted for image registries in addition to Node's built-in roots. */
  scanRegistryTrustedCaPem: string | undefined;
  /** SCAN_LAYER_CACHE_MB: verified image layers the built-in scanner keeps in DATA_DIR/layer-cache for the next scan (0: none). */
  scanLayerCacheBytes: number;
  /** CONNECTOR_CREDENTIALS_DIR: a credentials reference is the file <dir>/<organization id>/<reference>, read at synchronization. */
  connectorCredentialsDir: string;
  /**
   * NHI_APPROVALS_REQUIRED: how many distinct approvers a grant, a remediation or a
   * policy exception needs (spec 3.3: one suffices; deployment-wide), 1 to 5.
   */
  governanceApprovalsRequired: number;
  /** DOMAIN_VERIFICATION_DNS_SERVERS: resolvers (`ip`, `ip:port`, `[ipv6]:port`) asked for domain verification records; empty is the system's. */
  domainVerificationDnsServers: string[];
  /** PUBLIC_URL: the service's address as browsers and identity providers reach it (social login's redirect URI). */
  publicUrl: string;
  /** SIGN_IN_RETURN_URL: the dashboard page a social sign-in ends at, with `code` (for POST /auth/exchange) or `error` in its query. */
  signInReturnUrl: string;
  /** EMAIL_VERIFICATION_URL: the dashboard page a verification mail links to, with `token` in its query; the page confirms it. */
  emailVerificationUrl: string;
  /** PASSWORD_RESET_URL: the dashboard page a password reset mail links to, with `token` in its query; the page confirms it with a new password. */
  passwordResetUrl: string;
  /** MAIL_SINK: where the service's mail goes (docs/decisions/accounts.md, "Accounts, verification and mail"). */
  mailSink: MailSink;
  /** SMTP_URL, MAIL_FROM, SMTP_CA_FILE: the relay mail is sent through, set when mailSink is smtp. */
  smtp: SmtpConfig | undefined;
  /** Social login providers the deployment has registered with (docs/decisions/sso-and-scim.md, "Social login"); an absent one is not offered. */
  socialLogin: SocialLoginConfig;
  /**
   * SSO_RETURN_URLS: return addresses a single sign-on may name (return_to) besides
   * SIGN_IN_RETURN_URL, its default; never an address a request chooses (no open redirect).
   */
  ssoReturnUrls: string[];
  /** SSO_ALLOW_PRIVATE_ISSUERS: tests reach identity providers on loopback (and over http); refused in production. */
  ssoAllowPrivateIssuers: boolean;
  /** SSO_CA_FILE: PEM certificates trusted for identity providers in addition to Node's built-in roots. */
  ssoTrustedCaPem: string | undefined;
  /**
   * ADVISORY_SOURCE: where OSV records are synchronized from, in OSV's per-ecosystem layout:
   * an http(s) URL (OSV's public bucket by default, or an operator's mirror) or a directory
   * (a path or a file: URL) for air-gapped sites; a path is made absolute.
   */
  advisorySource: string;
  /** ADVISORY_ECOSYSTEMS: the OSV ecosystem directories synchronized, in order. */
  advisoryEcosystems: string[];
  /** ADVISORY_SYNC_INTERVAL_MS: how often the workers role synchronizes the advisories; 0 leaves it to `sentinel advisories sync`. */
  advisorySyncIntervalMs: number;
}

/** What ADVISORY_ECOSYSTEMS names when left out: the distributions and language ecosystems the built-in scanner reads. */
const DEFAULT_ADVISORY_ECOSYSTEMS = ['Debian', 'Ubuntu', 'Alpine', 'npm', 'PyPI', 'Go', 'Maven', 'RubyGems', 'crates.io', 'Packagist'];
/** OSV's public bucket (https://google.github.io/osv.dev/data/). */
const DEFAULT_ADVISORY_SOURCE = 'https://osv-vulnerabilities.storage.googleapis.com';

/**
 * none: no transport is connected; a mail is dropped and a warning names its
 * recipient and purpose, never its text. log: development only, each mail's text
 * (links included) is written to the service log; refused in production.
 * smtp: sent through the relay SMTP_URL names (the default when SMTP_URL is set).
 */
type MailSink = 'none' | 'log' | 'smtp';

export interface SmtpConfig {
  /** smtp:// (STARTTLS when the relay offers it, required in production) or smtps:// (TLS from the start), user and password in the URL. */
  url: string;
  /** MAIL_FROM: the sender address every mail carries. */
  from: string;
  /** STARTTLS must succeed: a relay that does not offer it is refused rather than sent cleartext (production). */
  requireTls: boolean;
  /** SMTP_CA_FILE: PEM certificates trusted for the relay in addition to Node's built-in roots. */
  trustedCaPem: string | undefined;
}

export interface GitHubLoginConfig {
  clientId: string;
  clientSecret: string;
  /** Where people authorize the application (https://github.com). */
  webUrl: string;
  /** GitHub's REST API (https://api.github.com). */
  apiUrl: string;
}

export interface GoogleLoginConfig {
  clientId: string;
  clientSecret: string;
  /** The OpenID Connect issuer whose discovery document names every endpoint (https://accounts.google.com). */
  issuer: string;
}

export interface SocialLoginConfig {
  github?: GitHubLoginConfig;
  google?: GoogleLoginConfig;
}

/** The keys configuration may leave to the data directory (services/platform/crypto/data-dir-keys.ts). */
export type ServiceKeyName = 'tokenSigningKey' | 'webhookSecretKey';

/**
 * What the environment says. A key it leaves out is undefined: outside production the
 * service generates it at first start and keeps it in DATA_DIR (resolveServiceKeys);
 * production refuses to start without it.
 */
export type ParsedConfig = Omit<Config, ServiceKeyName> & Record<ServiceKeyName, Buffer | undefined>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** A host name whose labels may each be `*`, an IPv4 address, or an IPv6 address without brackets. */
const ALLOWED_HOST_PATTERN = /^(?:(?:\*|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.(?:\*|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?))*|[0-9a-f:.]+)$/;

/** An OSV ecosystem directory name: letters, digits, spaces, ".", "-" and "_" (Red Hat, crates.io), never a path. */
export const ADVISORY_ECOSYSTEM_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 ._-]{0,62}[A-Za-z0-9])?$/;

/** A resolver address as node's dns setServers takes it: an address, or one with a port (IPv6 in brackets). */
function isDnsServer(entry: string): boolean {
  const withPort = /^(?:\[([0-9a-fA-F:.]+)\]|([0-9.]+)):(\d{1,5})$/.exec(entry);
  if (withPort) return isIP(withPort[1] ?? withPort[2] ?? '') !== 0 && Number(withPort[3]) >= 1 && Number(withPort[3]) <= 65535;
  return isIP(entry) !== 0;
}

export function parseConfig(env: Env = process.env, cwd = process.cwd()): ParsedConfig {
  const problems: string[] = [];
  const str = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    problems.push(`${name} must be true or false, got "${raw}"`);
    return fallback;
  };
  const url = (name: string, protocols: string[]): string | undefined => {
    const raw = str(name);
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) problems.push(`${name} must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
    } catch {
      problems.push(`${name} is not a URL: "${raw}"`);
    }
    return raw;
  };
  // Left out, a key is generated into DATA_DIR at first start; production must supply its own.
  const key = (name: string, environment: Environment): Buffer | undefined => {
    const raw = str(name);
    if (raw === undefined) {
      if (environment === 'production') problems.push(`${name} is required in production (32 bytes, hex or base64); outside production it is generated into DATA_DIR`);
      return undefined;
    }
    const decoded = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
    if (decoded.length !== 32) problems.push(`${name} must be 32 bytes encoded as 64 hex characters or base64`);
    return decoded;
  };

  const environmentRaw = str('NODE_ENV') ?? 'development';
  const environment: Environment = (['development', 'test', 'production'] as const).find((e) => e === environmentRaw) ?? 'development';
  if (environment !== environmentRaw) problems.push(`NODE_ENV must be development, test or production, got "${environmentRaw}"`);

  const logLevelRaw = str('LOG_LEVEL') ?? 'info';
  const logLevels: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
  const logLevel = logLevels.find((l) => l === logLevelRaw) ?? 'info';
  if (logLevel !== logLevelRaw) problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${logLevelRaw}"`);

  const brokers = str('KAFKA_BROKERS')?.split(',').map((b) => b.trim()).filter(Boolean);
  for (const broker of brokers ?? []) {
    if (!/^[A-Za-z0-9.-]+:\d{1,5}$/.test(broker)) problems.push(`KAFKA_BROKERS entries must be host:port, got "${broker}"`);
  }
  const schemaRegistryUrl = url('SCHEMA_REGISTRY_URL', ['http:', 'https:']);
  if (brokers && !schemaRegistryUrl) problems.push('SCHEMA_REGISTRY_URL is required when KAFKA_BROKERS is set');

  const webhookAllowPrivateDestinations = bool('WEBHOOK_ALLOW_PRIVATE_DESTINATIONS', false);
  if (webhookAllowPrivateDestinations && environment === 'production') {
    problems.push('WEBHOOK_ALLOW_PRIVATE_DESTINATIONS=true is refused in production');
  }

  const pemFile = (name: string): string | undefined => {
    const file = str(name);
    if (file === undefined) return undefined;
    try {
      const pem = readFileSync(path.resolve(cwd, file), 'utf8');
      if (!pem.includes('-----BEGIN CERTIFICATE-----')) problems.push(`${name} must hold PEM certificates`);
      return pem;
    } catch {
      problems.push(`${name} cannot be read: "${file}"`);
      return undefined;
    }
  };
  const webhookTrustedCaPem = pemFile('WEBHOOK_CA_FILE');

  const connectorAllowPrivateEndpoints = bool('CONNECTOR_ALLOW_PRIVATE_ENDPOINTS', false);
  if (connectorAllowPrivateEndpoints && environment === 'production') {
    problems.push('CONNECTOR_ALLOW_PRIVATE_ENDPOINTS=true is refused in production');
  }
  const scanRegistryAllowPrivate = bool('SCAN_REGISTRY_ALLOW_PRIVATE', false);
  if (scanRegistryAllowPrivate && environment === 'production') problems.push('SCAN_REGISTRY_ALLOW_PRIVATE=true is refused in production');
  const connectorAllowedHosts = (str('CONNECTOR_ALLOWED_HOSTS') ?? '').split(',').map((host) => host.trim().toLowerCase()).filter(Boolean);
  for (const host of connectorAllowedHosts) {
    if (!ALLOWED_HOST_PATTERN.test(host)) problems.push(`CONNECTOR_ALLOWED_HOSTS entries must be host names (a "*" label stands for one label) or addresses, got "${host}"`);
  }
  const domainVerificationDnsServers = (str('DOMAIN_VERIFICATION_DNS_SERVERS') ?? '').split(',').map((server) => server.trim()).filter(Boolean);
  for (const server of domainVerificationDnsServers) {
    if (!isDnsServer(server)) problems.push(`DOMAIN_VERIFICATION_DNS_SERVERS entries must be ip, ip:port or [ipv6]:port, got "${server}"`);
  }
  const dataDir = path.resolve(cwd, str('DATA_DIR') ?? 'data');
  const port = int('PORT', 8080, 0, 65535);

  // Providers' addresses are the deployment's, never a customer's: HTTPS, except a
  // loopback address outside production (the tests' providers run in the test process).
  const providerUrl = (name: string, fallback: string): string => {
    const raw = url(name, ['https:', 'http:']) ?? fallback;
    const parsed = URL.canParse(raw) ? new URL(raw) : undefined;
    if (parsed?.protocol === 'http:' && (environment === 'production' || !['127.0.0.1', '[::1]', 'localhost'].includes(parsed.hostname))) {
      problems.push(`${name} must use https: (plain http only for a loopback address outside production), got "${raw}"`);
    }
    return raw.replace(/\/+$/, '');
  };
  const clientOf = (provider: string, clientId: string | undefined, clientSecret: string | undefined): { clientId: string; clientSecret: string } | undefined => {
    if ((clientId === undefined) !== (clientSecret === undefined)) problems.push(`SOCIAL_${provider}_CLIENT_ID and SOCIAL_${provider}_CLIENT_SECRET are set together or not at all`);
    return clientId !== undefined && clientSecret !== undefined ? { clientId, clientSecret } : undefined;
  };
  const githubClient = clientOf('GITHUB', str('SOCIAL_GITHUB_CLIENT_ID'), str('SOCIAL_GITHUB_CLIENT_SECRET'));
  const googleClient = clientOf('GOOGLE', str('SOCIAL_GOOGLE_CLIENT_ID'), str('SOCIAL_GOOGLE_CLIENT_SECRET'));
  const socialLogin: SocialLoginConfig = {
    ...(githubClient && {
      github: { ...githubClient, webUrl: providerUrl('SOCIAL_GITHUB_WEB_URL', 'https://github.com'), apiUrl: providerUrl('SOCIAL_GITHUB_API_URL', 'https://api.github.com') },
    }),
    ...(googleClient && { google: { ...googleClient, issuer: providerUrl('SOCIAL_GOOGLE_ISSUER', 'https://accounts.google.com') } }),
  };
  const publicUrl = (url('PUBLIC_URL', ['http:', 'https:']) ?? `http://127.0.0.1:${port}`).replace(/\/+$/, '');
  // Checked apart from url(): a malformed SMTP_URL is never echoed, since it carries the relay's password.
  const smtpUrl = str('SMTP_URL');
  // No query: nodemailer reads options from it, and one (tls.rejectUnauthorized) would turn certificate checks off.
  const smtpUrlParsed = smtpUrl !== undefined && URL.canParse(smtpUrl) ? new URL(smtpUrl) : undefined;
  if (smtpUrl !== undefined && !(smtpUrlParsed && ['smtp:', 'smtps:'].includes(smtpUrlParsed.protocol) && smtpUrlParsed.hostname !== '' && smtpUrlParsed.search === '')) {
    problems.push('SMTP_URL must be smtp://[user:password@]host[:port] or smtps://..., without a query (its value is not shown: it may hold a password)');
  }
  const mailSinkRaw = str('MAIL_SINK') ?? (smtpUrl ? 'smtp' : 'none');
  const mailSink: MailSink = (['none', 'log', 'smtp'] as const).find((sink) => sink === mailSinkRaw) ?? 'none';
  if (mailSink !== mailSinkRaw) problems.push(`MAIL_SINK must be none, log or smtp, got "${mailSinkRaw}"`);
  if (mailSink === 'log' && environment === 'production') problems.push('MAIL_SINK=log is refused in production: it writes verification links to the log');
  if (mailSink === 'smtp' && !smtpUrl) problems.push('MAIL_SINK=smtp needs SMTP_URL (smtp:// or smtps://, user and password in the URL)');
  if (mailSink !== 'smtp' && smtpUrl) problems.push(`SMTP_URL is set but MAIL_SINK=${mailSinkRaw} would not use it: leave MAIL_SINK out or set it to smtp`);
  const mailFrom = str('MAIL_FROM');
  if (mailSink === 'smtp' && !mailFrom) problems.push('MAIL_FROM is required with MAIL_SINK=smtp (the sender address of every mail)');
  if (mailFrom !== undefined && !/^[^\s@<>]+@[^\s@<>]+$/.test(mailFrom)) problems.push(`MAIL_FROM must be an address such as sentinel@example.com, got "${mailFrom}"`);
  const smtpTrustedCaPem = pemFile('SMTP_CA_FILE');
  const smtp: SmtpConfig | undefined =
    mailSink === 'smtp' && smtpUrl && mailFrom ? { url: smtpUrl, from: mailFrom, requireTls: environment === 'production', trustedCaPem: smtpTrustedCaPem } : undefined;

  const ssoAllowPrivateIssuers = bool('SSO_ALLOW_PRIVATE_ISSUERS', false);
  if (ssoAllowPrivateIssuers && environment === 'production') problems.push('SSO_ALLOW_PRIVATE_ISSUERS=true is refused in production');
  const ssoReturnUrls = (str('SSO_RETURN_URLS') ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of ssoReturnUrls) {
    const problem = returnUrlProblem(entry);
    if (problem) problems.push(`SSO_RETURN_URLS entries must be ${problem}, got "${entry}"`);
  }

  const advisorySourceRaw = str('ADVISORY_SOURCE') ?? DEFAULT_ADVISORY_SOURCE;
  let advisorySource = advisorySourceRaw;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(advisorySourceRaw) && !/^(?:https?|file):/i.test(advisorySourceRaw)) {
    problems.push(`ADVISORY_SOURCE must be an http(s) URL, a file: URL or a directory path, got "${advisorySourceRaw}"`);
  } else if (/^https?:/i.test(advisorySourceRaw)) {
    if (!URL.canParse(advisorySourceRaw)) problems.push(`ADVISORY_SOURCE is not a URL: "${advisorySourceRaw}"`);
    else if (new URL(advisorySourceRaw).username !== '' || new URL(advisorySourceRaw).search !== '') problems.push('ADVISORY_SOURCE must not carry credentials or a query');
    advisorySource = advisorySourceRaw.replace(/\/+$/, '');
  } else if (!/^file:/i.test(advisorySourceRaw)) {
    advisorySource = path.resolve(cwd, advisorySourceRaw);
  }
  const advisoryEcosystems = (str('ADVISORY_ECOSYSTEMS') ?? DEFAULT_ADVISORY_ECOSYSTEMS.join(',')).split(',').map((name) => name.trim()).filter(Boolean);
  for (const name of advisoryEcosystems) {
    if (!ADVISORY_ECOSYSTEM_PATTERN.test(name)) problems.push(`ADVISORY_ECOSYSTEMS entries must be OSV ecosystem names such as Debian, npm or crates.io, got "${name}"`);
  }
  const advisorySyncIntervalMs = int('ADVISORY_SYNC_INTERVAL_MS', 86_400_000, 0, 31 * 86_400_000);
  if (advisorySyncIntervalMs > 0 && advisorySyncIntervalMs < 60_000) problems.push('ADVISORY_SYNC_INTERVAL_MS must be 0 (off) or at least 60000');

  const config: ParsedConfig = {
    environment,
    host: str('HOST') ?? '127.0.0.1',
    port,
    logLevel,
    dataDir,
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    databaseOwnerUrl: url('DATABASE_OWNER_URL', ['postgres:', 'postgresql:']),
    kafkaBrokers: brokers && brokers.length > 0 ? brokers : undefined,
    schemaRegistryUrl,
    clickhouseUrl: url('CLICKHOUSE_URL', ['http:', 'https:']),
    clickhouseDatabase: str('CLICKHOUSE_DATABASE') ?? 'sentinel',
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    streamPartitions: int('STREAM_PARTITIONS', 8, 1, 1024),
    topicPrefix: str('TOPIC_PREFIX') ?? '',
    streamStalledAfterMs: int('STREAM_STALLED_AFTER_MS', 120_000, 1_000, 86_400_000),
    shutdownGraceMs: int('SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    trustedProxies: (str('TRUSTED_PROXIES') ?? '').split(',').map((p) => p.trim()).filter(Boolean),
    rateLimit: {
      perMinute: int('RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000),
      authPerMinute: int('AUTH_RATE_LIMIT_PER_MINUTE', 10, 1, 1_000_000),
      failClosed: bool('RATE_LIMIT_FAIL_CLOSED', false),
    },
    tokenSigningKey: key('TOKEN_SIGNING_KEY', environment),
    webhookSecretKey: key('WEBHOOK_SECRET_KEY', environment),
    webhookAllowPrivateDestinations,
    webhookTrustedCaPem,
    webhookDeliveryConcurrency: int('WEBHOOK_DELIVERY_CONCURRENCY', 128, 1, 1024),
    connectorAllowedHosts,
    connectorAllowPrivateEndpoints,
    connectorTrustedCaPem: pemFile('CONNECTOR_CA_FILE'),
    scanRegistryAllowPrivate,
    scanRegistryTrustedCaPem: pemFile('SCAN_REGISTRY_CA_FILE'),
    scanLayerCacheBytes: int('SCAN_LAYER_CACHE_MB', 2048, 0, 1_048_576) * 1024 * 1024,
    connectorCredentialsDir: path.resolve(cwd, str('CONNECTOR_CREDENTIALS_DIR') ?? path.join(dataDir, 'connector-credentials')),
    domainVerificationDnsServers,
    governanceApprovalsRequired: int('NHI_APPROVALS_REQUIRED', 1, 1, 5),
    publicUrl,
    signInReturnUrl: url('SIGN_IN_RETURN_URL', ['http:', 'https:']) ?? `${publicUrl}/sign-in/complete`,
    emailVerificationUrl: url('EMAIL_VERIFICATION_URL', ['http:', 'https:']) ?? `${publicUrl}/verify-email`,
    passwordResetUrl: url('PASSWORD_RESET_URL', ['http:', 'https:']) ?? `${publicUrl}/reset-password`,
    mailSink,
    smtp,
    socialLogin,
    ssoReturnUrls,
    ssoAllowPrivateIssuers,
    ssoTrustedCaPem: pemFile('SSO_CA_FILE'),
    advisorySource,
    advisoryEcosystems,
    advisorySyncIntervalMs,
  };
  if (config.topicPrefix && !/^[A-Za-z0-9._-]{1,100}$/.test(config.topicPrefix)) {
    problems.push('TOPIC_PREFIX may contain only letters, digits, ".", "_" and "-"');
  }
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(config.clickhouseDatabase)) {
    problems.push('CLICKHOUSE_DATABASE must be a letter or "_" followed by up to 63 letters, digits or "_"');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** What a return address must be, or undefined when it is one: absolute http(s), no credentials, no fragment. */
function returnUrlProblem(raw: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return 'absolute URLs';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'http or https URLs';
  if (parsed.username !== '' || parsed.password !== '' || parsed.hash !== '') return 'URLs without credentials or fragment';
  return undefined;
}

/** What `sentinel gate` (a client of the service, not the service) takes from the environment. */
export function gateEnvironment(env: Env = process.env): { SENTINEL_URL: string | undefined; SENTINEL_API_KEY: string | undefined } {
  return { SENTINEL_URL: env.SENTINEL_URL, SENTINEL_API_KEY: env.SENTINEL_API_KEY };
}

// What a scanner process must not inherit: the service's own keys and connection
// strings (which may carry passwords), and registry credentials of the deployment,
// which would let every organization's scans reach what that account can read.
const WITHHELD_FROM_SCANNERS = new Set([
  'TOKEN_SIGNING_KEY',
  'WEBHOOK_SECRET_KEY',
  'DATABASE_URL',
  'DATABASE_OWNER_URL',
  'REDIS_URL',
  'CLICKHOUSE_URL',
  'SCHEMA_REGISTRY_URL',
  'SMTP_URL',
  'SENTINEL_API_KEY',
  'SOCIAL_GITHUB_CLIENT_SECRET',
  'SOCIAL_GOOGLE_CLIENT_SECRET',
  'TRIVY_USERNAME',
  'TRIVY_PASSWORD',
  'TRIVY_REGISTRY_TOKEN',
  'DOCKER_CONFIG',
]);
const withheldFromScanners = (name: string): boolean => WITHHELD_FROM_SCANNERS.has(name) || name.startsWith('GRYPE_REGISTRY_AUTH_');

/**
 * The environment scanner processes start from (PATH, HOME, proxies, the scanner's own
 * settings), without what they must not see. A scan adds only its own organization's
 * registry login to it.
 */
export function scannerEnvironment(env: Env = process.env): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && !withheldFromScanners(entry[0])));
}
