// No directory token and no password a directory sends in any log: issuing, using,
// revoking and presenting a revoked token, a SCIM create carrying a password (as Okta
// sends one), a refused body and an unknown token run against an app whose logger
// writes everything, at trace level, to memory; every line is then searched.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger.js';
import { testProfiles, useTestApp } from '../../../test/support/test-app.js';
import { directoryOf, SCIM, userBody } from './testing/scim-client.js';

describe.each(testProfiles)('SCIM logs on $profile', ({ profile }) => {
  const lines: string[] = [];
  const logger = createLogger('trace', {}, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
  const t = useTestApp({ profile, logger });

  it('hold neither a directory token nor a password sent with a user', async () => {
    const tenant = await t.current.tenant();
    const { domain } = await directoryOf(t.current, tenant);
    const issued = await t.current.call('POST', '/api/v1/identity/scim-tokens', { token: tenant.owner.token, body: { name: 'Okta' } });
    const token: string = issued.body.token;
    const password = 'Okta-Sends-This-9f2c1';
    expect((await t.current.call('POST', `${SCIM}/Users`, { token, body: userBody(domain, { password }) })).status).toBe(201);
    expect((await t.current.call('POST', `${SCIM}/Users`, { token, body: { ...userBody(domain, { password }), active: 'maybe' } })).status).toBe(400);
    expect((await t.current.call('DELETE', `/api/v1/identity/scim-tokens/${issued.body.id}`, { token: tenant.owner.token })).status).toBe(204);
    expect((await t.current.call('GET', `${SCIM}/Users`, { token })).status).toBe(401);
    const unknown = `snd_live_${'Q'.repeat(43)}`;
    expect((await t.current.call('GET', `${SCIM}/Users`, { token: unknown })).status).toBe(401);

    const logged = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    expect([token, unknown, password].filter((value) => logged.includes(value))).toEqual([]);
  });
});
