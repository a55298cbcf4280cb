import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { syncAdvisories } from '../sync.js';
import { fixtureRecords, startOsvArchiveServer, type OsvArchiveServer } from '../testing/osv-archive-server.js';

describe.each(handlerTestProfiles)('GET /api/v1/advisories/status ($profile)', (profile) => {
  let server: OsvArchiveServer;
  beforeAll(async () => {
    server = await startOsvArchiveServer();
  });
  afterAll(async () => server?.close());
  const t = useTestApp(() => ({ ...profile, advisorySource: server.url, advisoryEcosystems: ['Debian', 'Go', 'NoSuchEcosystem'] }));
  const fixtures = fixtureRecords();

  it('shows every configured ecosystem with nothing held before the first synchronization', async () => {
    const tenant = await t.current.tenant();
    const viewer = await t.current.member(tenant, 'viewer');
    const response = await t.current.call('GET', '/api/v1/advisories/status', { token: viewer.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      source: server.url,
      ecosystems: ['Debian', 'Go', 'NoSuchEcosystem'].map((ecosystem) => ({
        ecosystem,
        configured: true,
        source: null,
        records: 0,
        last_modified: null,
        last_attempt_at: null,
        last_success_at: null,
        last_error: null,
        last_error_at: null,
      })),
    });
  });

  it('shows the records held, the newest modified time, the last success and the last error of each, to any member and to a key with scans:read', async () => {
    await syncAdvisories({ db: t.current.db, source: server.url, ecosystems: ['Debian', 'Go', 'NoSuchEcosystem'] });
    // Synchronized before under another configuration: still shown, as not configured.
    await syncAdvisories({ db: t.current.db, source: server.url, ecosystems: ['Maven'] });
    const tenant = await t.current.tenant();
    const key = await t.current.apiKey(tenant.owner, ['scans:read']);
    const response = await t.current.call('GET', '/api/v1/advisories/status', { token: key.key });
    expect(response.status).toBe(200);
    const body = response.body as { ecosystems: Array<Record<string, unknown>> };
    expect(body.ecosystems.map((entry) => [entry.ecosystem, entry.configured, entry.records])).toEqual([
      ['Debian', true, fixtures.get('Debian')!.length],
      ['Go', true, fixtures.get('Go')!.length],
      ['NoSuchEcosystem', true, 0],
      ['Maven', false, fixtures.get('Maven')!.length],
    ]);
    const debian = body.ecosystems[0]!;
    expect(debian).toMatchObject({ source: server.url, last_modified: '2014-09-20T08:18:07.000Z', last_error: null, last_error_at: null });
    expect(Date.parse(debian.last_success_at as string)).toBeGreaterThan(Date.now() - 600_000);
    expect(body.ecosystems[2]).toMatchObject({
      last_success_at: null,
      last_error: `the advisory source has no archive for NoSuchEcosystem: ${server.url}/NoSuchEcosystem/all.zip answered 404`,
    });
    expect(body.ecosystems[2]!.last_error_at).not.toBeNull();

    // The source answering 500: the error is shown beside what is kept and the last success, which stay.
    server.failWith(500);
    try {
      await syncAdvisories({ db: t.current.db, source: server.url, ecosystems: ['Go'] });
    } finally {
      server.failWith(undefined);
    }
    const after = (await t.current.call('GET', '/api/v1/advisories/status', { token: key.key })).body as { ecosystems: Array<Record<string, unknown>> };
    const go = body.ecosystems[1]!;
    expect(after.ecosystems[1]).toMatchObject({
      ecosystem: 'Go',
      records: fixtures.get('Go')!.length,
      last_modified: go.last_modified,
      last_success_at: go.last_success_at,
      last_error: `the advisory source answered 500 for ${server.url}/Go/modified_id.csv`,
    });
  });
});
