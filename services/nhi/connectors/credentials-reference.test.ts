import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOrgId } from '../../../test/support/org-ids.js';
import { createTestCertificates, type TestCertificates } from '../../platform/egress/testing/certificates.js';
import { AppError } from '../../platform/errors.js';
import { checkCredentialsReference, resolveConnectorCredentials, secretLikeness } from './credentials-reference.js';
import { openSynchronizationSession } from './synchronization-session.js';
import { secretLookingReferences } from './testing/api-fixtures.js';
import { startProviderPeer, virtualClock, type ProviderPeer } from './testing/provider-peer.js';

describe('credentials references', () => {
  it.each(['github-prod', 'aws.audit-readonly', 'k8s_cluster_eu_1', 'vault-approle-sentinel', 'mcp-tools-2026', 'a'])('accepts the name %s', (name) => {
    expect(secretLikeness(name)).toBeUndefined();
    expect(checkCredentialsReference(name)).toBe(name);
  });

  it.each(secretLookingReferences)('refuses $kind as looking like a secret', ({ value }) => {
    expect(secretLikeness(value)).toBeDefined();
    const refusal = (() => {
      try {
        checkCredentialsReference(value);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((refusal as AppError).message).not.toContain(value);
  });

  it.each(['../etc/passwd', 'a/b', '.hidden', 'with space', ''])('refuses the malformed name %j', (name) => {
    expect(() => checkCredentialsReference(name)).toThrow(AppError);
  });
});

describe('resolveConnectorCredentials', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'connector-credentials-'));
  const orgA = asOrgId(randomUUID());
  const orgB = asOrgId(randomUUID());
  let certificates: TestCertificates;
  let peer: ProviderPeer;

  beforeAll(async () => {
    mkdirSync(path.join(directory, orgA));
    mkdirSync(path.join(directory, orgB));
    writeFileSync(path.join(directory, orgA, 'mcp-tools'), 'token-of-a\n');
    writeFileSync(path.join(directory, orgB, 'only-b'), 'token-of-b');
    writeFileSync(path.join(directory, orgA, 'empty'), '  \n');
    certificates = createTestCertificates();
    peer = await startProviderPeer(certificates);
  });
  afterAll(async () => {
    rmSync(directory, { recursive: true, force: true });
    await peer.close();
  });

  const configurationError = async (reference: string, orgId = orgA) => {
    const error = await resolveConnectorCredentials({ directory }, orgId, reference).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'configuration_error' });
    return error as AppError;
  };

  it("resolves a name to its entry in the organization's own directory", async () => {
    expect(await resolveConnectorCredentials({ directory }, orgA, 'mcp-tools')).toEqual({ reference: 'mcp-tools', value: 'token-of-a\n' });
  });

  it('fails an unknown name with configuration_error naming the reference', async () => {
    expect((await configurationError('no-such-entry')).message).toBe('credentials reference "no-such-entry" does not name an entry this deployment holds');
  });

  it("never reaches another organization's entry, by name or by path", async () => {
    await configurationError('only-b', orgA);
    await configurationError(`../${orgB}/only-b`, orgA);
    expect((await resolveConnectorCredentials({ directory }, orgB, 'only-b')).value).toBe('token-of-b');
  });

  it('treats an empty entry as unknown', async () => {
    await configurationError('empty');
  });

  it('fails a synchronization with configuration_error before any provider call', async () => {
    const deps = { credentialsDirectory: directory, egress: { allowedHosts: ['127.0.0.1'], allowPrivate: true }, trustedCaPem: certificates.caPem, clock: virtualClock() };
    const refused = await openSynchronizationSession(deps, orgA, { kind: 'tool_server', credentialsReference: 'no-such-entry' }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(refused).toMatchObject({ code: 'configuration_error' });
    expect(peer.received).toEqual([]);

    const session = await openSynchronizationSession(deps, orgA, { kind: 'tool_server', credentialsReference: 'mcp-tools' });
    expect(session.credentials.value).toBe('token-of-a\n');
    expect((await session.client.request({ url: `${peer.origin}/mcp` })).status).toBe(200);
    expect(peer.received).toHaveLength(1);
    session.client.close();
  });
});
