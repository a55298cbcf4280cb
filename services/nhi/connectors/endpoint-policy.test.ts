import { describe, expect, it } from 'vitest';
import { destinationsReaching, refusedAddresses, resolveFromTable } from '../../platform/egress/testing/address-notations.js';
import { checkConnectorEndpoint, resolveEndpoint, type ConnectorEgressPolicy } from './endpoint-policy.js';
import { hostMatches, type ConnectorKind } from './kinds.js';

const strict: ConnectorEgressPolicy = { allowedHosts: ['vault.example.com', 'tools.example.com', '*.k8s.example.com'], allowPrivate: false };
const testSwitch: ConnectorEgressPolicy = { ...strict, allowPrivate: true, allowedHosts: [...strict.allowedHosts, '127.0.0.1', '10.0.0.8', '169.254.1.1', '100.64.0.1', '169.254.169.254'] };

const reason = (raw: string, policy = strict, kind: ConnectorKind = 'tool_server'): string | undefined => {
  const checked = checkConnectorEndpoint(raw, kind, policy);
  return checked.ok ? undefined : checked.reason;
};

describe('connector endpoint policy: the URL', () => {
  it.each(['https://tools.example.com/mcp', 'https://tools.example.com:443/mcp', 'https://tools.example.com:6443/', 'https://tools.example.com:8443/x'])('accepts %s', (url) => {
    expect(reason(url)).toBeUndefined();
  });

  it.each([
    ['http://tools.example.com/mcp', 'must use https'],
    ['ftp://tools.example.com/', 'must use https'],
    ['https://tools.example.com:80/', 'port must be one of 443, 6443, 8443'],
    ['https://tools.example.com:8200/', 'port must be one of 443, 6443, 8443'],
    ['https://tools.example.com:6444/', 'port must be one of 443, 6443, 8443'],
    ['https://user:pw@tools.example.com/', 'must not contain credentials'],
    ['https://tools.example.com/#frag', 'must not have a fragment'],
    ['not a url', 'not a valid URL'],
  ])('refuses %s (%s)', (url, expected) => {
    expect(reason(url)).toContain(expected);
  });

  it.each(['localhost', 'LOCALHOST', 'api.localhost', 'vault.internal', 'metadata.google.internal', 'printer.local', 'box.localdomain', 'internal', 'local'])(
    'refuses the name %s, even with the test switch and the operator allowing it',
    (name) => {
      const policy = { ...testSwitch, allowedHosts: [name.toLowerCase()] };
      expect(reason(`https://${name}/`, policy)).toMatch(/localhost|ending \.(internal|local|localdomain)/);
    },
  );

  it.each(refusedAddresses)('refuses $address ($addressClass) written into the URL, or behind a name that resolves to it', async ({ row, addressClass }) => {
    const policy: ConnectorEgressPolicy = { ...strict, resolve: resolveFromTable };
    for (const destination of destinationsReaching(row, 443)) {
      const checked = checkConnectorEndpoint(destination, 'tool_server', { ...policy, allowedHosts: [new URL(destination).hostname.replace(/^\[|\]$/g, '')] });
      const refusal = checked.ok ? await resolveEndpoint(checked.url, policy) : checked;
      expect(refusal, destination).toMatchObject({ ok: false });
      if (!refusal.ok && refusal.class !== undefined) expect(refusal.class).toBe(addressClass);
    }
  });

  it.each([
    ['10.0.0.8', 'private'],
    ['127.0.0.1', 'loopback'],
    ['169.254.1.1', 'link_local'],
    ['100.64.0.1', 'carrier_grade_nat'],
    ['169.254.169.254', 'cloud_metadata'],
    ['[::1]', 'loopback'],
    ['[fe80::1]', 'link_local'],
    ['[fd00:ec2::254]', 'cloud_metadata'],
  ])('refuses %s as %s without the test switch', (host, addressClass) => {
    expect(reason(`https://${host}/`, { ...strict, allowedHosts: [host] })).toContain(`class ${addressClass}`);
  });

  it.each([
    ['169.254.1.1', 'link_local'],
    ['100.64.0.1', 'carrier_grade_nat'],
    ['169.254.169.254', 'cloud_metadata'],
  ])('keeps %s (%s) shut with the test switch', (host, addressClass) => {
    expect(reason(`https://${host}/`, testSwitch)).toContain(`class ${addressClass}`);
  });

  it('lets the test switch reach a permitted loopback peer on any port, and only an address literal', () => {
    expect(reason('https://127.0.0.1:40123/mcp', testSwitch)).toBeUndefined();
    expect(reason('https://tools.example.com:40123/mcp', testSwitch)).toContain('port must be one of');
  });

  it('refuses a host neither built in nor allowed by the operator', () => {
    expect(reason('https://tools.evil.example/mcp')).toBe(
      'endpoint host tools.evil.example is not permitted for tool_server connectors: the operator must allow it (CONNECTOR_ALLOWED_HOSTS)',
    );
    expect(reason('https://127.0.0.1/', { ...testSwitch, allowedHosts: [] })).toContain('not permitted');
  });

  it('has no built-in host for the tool server, and the managed offerings for the kinds that have them', () => {
    const none: ConnectorEgressPolicy = { allowedHosts: [], allowPrivate: false };
    expect(reason('https://api.github.com/', none, 'tool_server')).toContain('not permitted');
    expect(reason('https://api.github.com/', none, 'code_hosting_organization')).toBeUndefined();
    expect(reason('https://sts.eu-west-1.amazonaws.com/', none, 'cloud_account')).toBeUndefined();
    expect(reason('https://ABC123.gr7.eu-west-1.eks.amazonaws.com/', none, 'container_cluster')).toBeUndefined();
    expect(reason('https://evil.com.eks.amazonaws.com.attacker.example/', none, 'container_cluster')).toContain('not permitted');
    expect(reason('https://vault.example.com:8443/', none, 'secrets_manager')).toContain('not permitted');
  });

  it('matches a * to exactly one label', () => {
    expect(hostMatches('*.k8s.example.com', 'a.k8s.example.com')).toBe(true);
    expect(hostMatches('*.k8s.example.com', 'a.b.k8s.example.com')).toBe(false);
    expect(hostMatches('*.k8s.example.com', 'k8s.example.com')).toBe(false);
  });
});

describe('connector endpoint policy: the resolved addresses', () => {
  const resolvingTo = (...addresses: string[]): ConnectorEgressPolicy => ({
    ...strict,
    resolve: async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
  });
  const url = new URL('https://vault.example.com:8443/');

  it('accepts a name whose every address is public', async () => {
    expect(await resolveEndpoint(url, resolvingTo('93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'))).toMatchObject({ ok: true });
  });

  it.each([
    ['10.0.0.5', 'private'],
    ['127.0.0.1', 'loopback'],
    ['169.254.169.254', 'cloud_metadata'],
    ['100.64.1.1', 'carrier_grade_nat'],
    ['fe80::1', 'link_local'],
  ])('refuses a name one of whose addresses is %s (%s)', async (address, addressClass) => {
    expect(await resolveEndpoint(url, resolvingTo('93.184.216.34', address))).toMatchObject({ ok: false, class: addressClass });
  });
});
