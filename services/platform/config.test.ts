import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

const key = 'ab'.repeat(32);

describe('configuration', () => {
  it('defaults to the embedded profile on 127.0.0.1:8080', () => {
    const config = parseConfig({}, '/srv/app');
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8080, dataDir: '/srv/app/data', databaseUrl: undefined, kafkaBrokers: undefined, redisUrl: undefined, clickhouseUrl: undefined });
    expect(config.rateLimit).toEqual({ perMinute: 600, authPerMinute: 10, failClosed: false });
  });

  it('reads the full profile adapters', () => {
    const config = parseConfig({ DATABASE_URL: 'postgres://u@db/x', KAFKA_BROKERS: 'k1:9092, k2:9092', SCHEMA_REGISTRY_URL: 'http://r:8081', CLICKHOUSE_URL: 'http://ch:8123', REDIS_URL: 'redis://r:6379' });
    expect(config.kafkaBrokers).toEqual(['k1:9092', 'k2:9092']);
  });

  it('names every bad value at once', () => {
    try {
      parseConfig({ PORT: 'eighty', KAFKA_BROKERS: 'nohostport', DATABASE_URL: 'mysql://x', RATE_LIMIT_FAIL_CLOSED: 'maybe', LOG_LEVEL: 'loud' });
      expect.unreachable('parseConfig accepted bad values');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'KAFKA_BROKERS entries', 'SCHEMA_REGISTRY_URL is required', 'DATABASE_URL', 'RATE_LIMIT_FAIL_CLOSED', 'LOG_LEVEL']) expect(problems).toContain(name);
    }
  });

  it('refuses production without real keys and with private webhook destinations allowed', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/TOKEN_SIGNING_KEY is required in production[\s\S]*WEBHOOK_SECRET_KEY is required/);
    expect(() => parseConfig({ NODE_ENV: 'production', TOKEN_SIGNING_KEY: key, WEBHOOK_SECRET_KEY: key, WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true' })).toThrow(/refused in production/);
    expect(parseConfig({ NODE_ENV: 'production', TOKEN_SIGNING_KEY: key, WEBHOOK_SECRET_KEY: key }).tokenSigningKey).toEqual(Buffer.from(key, 'hex'));
  });

  it('stops a production process at start-up, before opening anything, when a webhook safeguard is missing', () => {
    const start = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'services/cli.ts', 'all'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', TOKEN_SIGNING_KEY: key, ...env },
        encoding: 'utf8',
        timeout: 30_000,
      });
    const withoutKey = start({});
    expect(withoutKey.status).toBe(2);
    expect(withoutKey.stderr).toContain('WEBHOOK_SECRET_KEY is required in production');
    const allowingPrivate = start({ WEBHOOK_SECRET_KEY: key, WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true' });
    expect(allowingPrivate.status).toBe(2);
    expect(allowingPrivate.stderr).toContain('WEBHOOK_ALLOW_PRIVATE_DESTINATIONS=true is refused in production');
  });

  it('reads the connector settings, permitting private endpoints outside production only', () => {
    expect(parseConfig({}, '/srv/app')).toMatchObject({
      connectorAllowedHosts: [],
      connectorAllowPrivateEndpoints: false,
      connectorTrustedCaPem: undefined,
      connectorCredentialsDir: '/srv/app/data/connector-credentials',
    });
    const config = parseConfig({ CONNECTOR_ALLOWED_HOSTS: 'Vault.Example.com, *.k8s.example.com,10.0.0.1', CONNECTOR_ALLOW_PRIVATE_ENDPOINTS: 'true', CONNECTOR_CREDENTIALS_DIR: '/run/creds' }, '/srv/app');
    expect(config).toMatchObject({ connectorAllowedHosts: ['vault.example.com', '*.k8s.example.com', '10.0.0.1'], connectorAllowPrivateEndpoints: true, connectorCredentialsDir: '/run/creds' });
    expect(() => parseConfig({ CONNECTOR_ALLOWED_HOSTS: 'https://vault.example.com' })).toThrow(/CONNECTOR_ALLOWED_HOSTS entries must be host names/);
    expect(() => parseConfig({ CONNECTOR_CA_FILE: '/nonexistent/ca.pem' })).toThrow(/CONNECTOR_CA_FILE cannot be read/);
    expect(() => parseConfig({ NODE_ENV: 'production', TOKEN_SIGNING_KEY: key, WEBHOOK_SECRET_KEY: key, CONNECTOR_ALLOW_PRIVATE_ENDPOINTS: 'true' })).toThrow(
      /CONNECTOR_ALLOW_PRIVATE_ENDPOINTS=true is refused in production/,
    );
  });

  it('reads where advisory data comes from, which ecosystems and how often', () => {
    expect(parseConfig({}, '/srv/app')).toMatchObject({
      advisorySource: 'https://osv-vulnerabilities.storage.googleapis.com',
      advisoryEcosystems: ['Debian', 'Ubuntu', 'Alpine', 'npm', 'PyPI', 'Go', 'Maven', 'RubyGems', 'crates.io', 'Packagist'],
      advisorySyncIntervalMs: 86_400_000,
    });
    expect(parseConfig({ ADVISORY_SOURCE: 'https://osv-mirror.internal.example/osv/', ADVISORY_ECOSYSTEMS: 'Debian, Red Hat ,crates.io', ADVISORY_SYNC_INTERVAL_MS: '0' }, '/srv/app')).toMatchObject({
      advisorySource: 'https://osv-mirror.internal.example/osv',
      advisoryEcosystems: ['Debian', 'Red Hat', 'crates.io'],
      advisorySyncIntervalMs: 0,
    });
    // A directory for air-gapped sites: a path made absolute, or a file: URL kept as given.
    expect(parseConfig({ ADVISORY_SOURCE: 'osv-copy' }, '/srv/app').advisorySource).toBe('/srv/app/osv-copy');
    expect(parseConfig({ ADVISORY_SOURCE: 'file:///mnt/osv' }, '/srv/app').advisorySource).toBe('file:///mnt/osv');
    expect(() => parseConfig({ ADVISORY_SOURCE: 'ftp://mirror/osv' })).toThrow(/ADVISORY_SOURCE must be an http\(s\) URL, a file: URL or a directory path/);
    expect(() => parseConfig({ ADVISORY_SOURCE: 'https://user:secret@mirror/osv' })).toThrow(/ADVISORY_SOURCE must not carry credentials or a query/);
    expect(() => parseConfig({ ADVISORY_ECOSYSTEMS: 'Debian,../etc' })).toThrow(/ADVISORY_ECOSYSTEMS entries must be OSV ecosystem names/);
    expect(() => parseConfig({ ADVISORY_SYNC_INTERVAL_MS: '1000' })).toThrow(/ADVISORY_SYNC_INTERVAL_MS must be 0 \(off\) or at least 60000/);
  });

  it('reads the image registry settings, permitting private registries outside production only', () => {
    expect(parseConfig({})).toMatchObject({ scanRegistryAllowPrivate: false, scanRegistryTrustedCaPem: undefined });
    expect(parseConfig({ SCAN_REGISTRY_ALLOW_PRIVATE: 'true' }).scanRegistryAllowPrivate).toBe(true);
    expect(() => parseConfig({ SCAN_REGISTRY_CA_FILE: '/nonexistent/ca.pem' })).toThrow(/SCAN_REGISTRY_CA_FILE cannot be read/);
    expect(() => parseConfig({ NODE_ENV: 'production', TOKEN_SIGNING_KEY: key, WEBHOOK_SECRET_KEY: key, SCAN_REGISTRY_ALLOW_PRIVATE: 'true' })).toThrow(
      /SCAN_REGISTRY_ALLOW_PRIVATE=true is refused in production/,
    );
  });

  it('reads the resolvers asked for domain verification records, the system’s by default', () => {
    expect(parseConfig({}, '/srv/app').domainVerificationDnsServers).toEqual([]);
    expect(parseConfig({ DOMAIN_VERIFICATION_DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353,[::1]:53,2001:db8::1' }).domainVerificationDnsServers).toEqual(['1.1.1.1', '127.0.0.1:5353', '[::1]:53', '2001:db8::1']);
    for (const wrong of ['dns.example.com', '1.1.1.1:0', '1.1.1.1:70000', '[::1]', 'https://1.1.1.1']) {
      expect(() => parseConfig({ DOMAIN_VERIFICATION_DNS_SERVERS: wrong })).toThrow(/DOMAIN_VERIFICATION_DNS_SERVERS entries must be ip, ip:port or \[ipv6\]:port/);
    }
  });

  it('reads the webhook delivery settings, permitting private destinations outside production only', () => {
    expect(parseConfig({})).toMatchObject({ webhookDeliveryConcurrency: 128, webhookAllowPrivateDestinations: false, webhookTrustedCaPem: undefined });
    expect(parseConfig({ WEBHOOK_DELIVERY_CONCURRENCY: '16', WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true' })).toMatchObject({ webhookDeliveryConcurrency: 16, webhookAllowPrivateDestinations: true });
    expect(() => parseConfig({ WEBHOOK_DELIVERY_CONCURRENCY: '0' })).toThrow(/WEBHOOK_DELIVERY_CONCURRENCY must be an integer from 1 to 1024/);
    expect(parseConfig({ WEBHOOK_SECRET_KEY: key }).webhookSecretKey).toEqual(Buffer.from(key, 'hex'));
  });

  it('names the ClickHouse database sentinel unless CLICKHOUSE_DATABASE says otherwise, and refuses a name that is no identifier', () => {
    expect(parseConfig({}).clickhouseDatabase).toBe('sentinel');
    expect(parseConfig({ CLICKHOUSE_DATABASE: 'sentinel_staging' }).clickhouseDatabase).toBe('sentinel_staging');
    expect(() => parseConfig({ CLICKHOUSE_DATABASE: 'drop; table' })).toThrow(/CLICKHOUSE_DATABASE must be/);
  });

  it('reads the single sign-on settings: further return addresses, private issuers outside production only', () => {
    expect(parseConfig({}, '/srv/app')).toMatchObject({ ssoReturnUrls: [], ssoAllowPrivateIssuers: false, ssoTrustedCaPem: undefined });
    const config = parseConfig({ SSO_RETURN_URLS: 'https://app.example.com/signed-in, http://127.0.0.1/cli', SSO_ALLOW_PRIVATE_ISSUERS: 'true' });
    expect(config).toMatchObject({ ssoReturnUrls: ['https://app.example.com/signed-in', 'http://127.0.0.1/cli'], ssoAllowPrivateIssuers: true });
    expect(() => parseConfig({ SSO_RETURN_URLS: '/relative' })).toThrow(/SSO_RETURN_URLS entries must be absolute URLs/);
    expect(() => parseConfig({ SSO_RETURN_URLS: 'https://app.example.com/#x' })).toThrow(/SSO_RETURN_URLS entries must be URLs without credentials or fragment/);
    expect(() => parseConfig({ NODE_ENV: 'production', TOKEN_SIGNING_KEY: key, WEBHOOK_SECRET_KEY: key, SSO_ALLOW_PRIVATE_ISSUERS: 'true' })).toThrow(/SSO_ALLOW_PRIVATE_ISSUERS=true is refused in production/);
  });

  it('refuses keys that are not 32 bytes', () => {
    expect(() => parseConfig({ TOKEN_SIGNING_KEY: 'short' })).toThrow(/TOKEN_SIGNING_KEY must be 32 bytes/);
  });
});

describe('README configuration table', () => {
  it('lists every variable configuration reads', () => {
    const source = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');
    const read = [...source.matchAll(/\b(?:str|int|bool|url|key|pemFile)\('([A-Z][A-Z0-9_]*)'/g)].map(([, name]) => name!);
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const documented = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map(([, name]) => name!);
    expect(read.length).toBeGreaterThan(20);
    expect(read.filter((name) => !documented.includes(name))).toEqual([]);
    expect(documented.filter((name, index) => documented.indexOf(name) !== index)).toEqual([]);
  });

  it('says where a connector credentials reference is read: <organization id>/<reference> under CONNECTOR_CREDENTIALS_DIR (services/nhi/connectors/credentials-reference.ts)', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const [row] = readme.match(/^\| `CONNECTOR_CREDENTIALS_DIR` \|.*$/m) ?? [];
    expect(row).toContain('`CONNECTOR_CREDENTIALS_DIR/<organization id>/<reference>`');
    expect(row).not.toContain('named by the reference');
  });
});

describe('social login configuration', () => {
  it('offers a provider only with both client id and secret, and allows plain http only for loopback outside production', () => {
    const config = parseConfig({
      SOCIAL_GITHUB_CLIENT_ID: 'id',
      SOCIAL_GITHUB_CLIENT_SECRET: 'secret',
      SOCIAL_GOOGLE_CLIENT_ID: 'gid',
      SOCIAL_GOOGLE_CLIENT_SECRET: 'gsecret',
      SOCIAL_GOOGLE_ISSUER: 'http://127.0.0.1:4000/',
      PUBLIC_URL: 'https://sentinel.example.com/',
    });
    expect(config.socialLogin).toEqual({
      github: { clientId: 'id', clientSecret: 'secret', webUrl: 'https://github.com', apiUrl: 'https://api.github.com' },
      google: { clientId: 'gid', clientSecret: 'gsecret', issuer: 'http://127.0.0.1:4000' },
    });
    expect(config.publicUrl).toBe('https://sentinel.example.com');
    expect(config.signInReturnUrl).toBe('https://sentinel.example.com/sign-in/complete');
    expect(parseConfig({}).socialLogin).toEqual({});
    expect(() => parseConfig({ SOCIAL_GITHUB_CLIENT_ID: 'id' })).toThrow(/set together or not at all/);
    expect(() => parseConfig({ SOCIAL_GOOGLE_CLIENT_ID: 'g', SOCIAL_GOOGLE_CLIENT_SECRET: 's', SOCIAL_GOOGLE_ISSUER: 'http://idp.example.com' })).toThrow(/SOCIAL_GOOGLE_ISSUER must use https/);
  });
});
