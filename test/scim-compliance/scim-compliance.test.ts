// SAP's SCIM 2.0 compliance suite (com.sap.scimono:scimono-compliance-tests 0.0.24,
// fetched by infra/java-peers.sh) against /api/scim/v2 of the service listening on
// loopback, full profile (PostgreSQL, Redis counters), in an organization of its own
// beside the harness's neighbour. Every test of the suite runs except those
// excluded-tests.txt names, each with why (SAP's own schema and custom-attribute APIs,
// SAP-only paging and status rules, tests of pre-existing data, nested groups); each
// that runs must pass: no failure, no error, none skipped. The counts are printed for
// the record.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { javaPeers, type JavaPeers } from '../support/java-peers.js';
import { freePort } from '../support/processes.js';
import { verifiedDomain } from '../../services/identity/accounts/testing/enterprise-identity.js';
import { createTestApp, type TestApp, type TestTenant } from '../support/test-app.js';
import { runComplianceSuite } from './run-suite.js';
import { readExclusions } from './exclusions.js';

const EXCLUSIONS_FILE = path.join(import.meta.dirname, 'excluded-tests.txt');
/** Every domain of an address the suite sends (work_joro@sap.com, achkata@work.com, initialEmail@mail.com, ...). */
const SUITE_ADDRESS_DOMAINS = ['sap.com', 'work.com', 'home.com', 'mail.com', 'newdomain.com', 'newvalue.com'];
const SUITE_TIMEOUT_MS = 480_000;

describe('SAP SCIM compliance suite against /api/scim/v2 (postgres)', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let peers: JavaPeers;
  let scimUrl = '';

  beforeAll(async () => {
    peers = await javaPeers();
    const port = await freePort();
    // PUBLIC_URL is where the suite reaches us: the resources' meta.location and $ref name it.
    // The suite sends hundreds of requests a minute with one directory token; the
    // per-credential limit has its own tests and would only turn them into 429s here.
    app = await createTestApp({ profile: 'postgres', counters: 'redis', publicUrl: `http://127.0.0.1:${port}`, rateLimit: { perMinute: 1_000_000 } });
    await app.app.fastify.listen({ host: '127.0.0.1', port });
    scimUrl = `http://127.0.0.1:${port}/api/scim/v2`;
    tenant = await app.tenant('Compliance');
    // Unlimited seats: the suite provisions a group of 500 members.
    await app.db.query("UPDATE organizations SET plan_code = 'enterprise' WHERE id = $1", [tenant.id]);
    // A directory provisions only addresses of its organization's verified domains: the organization
    // has verified the domains of the suite's addresses (its TestData and patch tests), as a customer
    // verifies theirs before connecting a directory.
    for (const domain of SUITE_ADDRESS_DOMAINS) await verifiedDomain(app.db, tenant.id, domain);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('passes every test of the suite but the excluded ones, and the neighbour organization sees none of it', { timeout: SUITE_TIMEOUT_MS + 60_000 }, async () => {
    const exclusions = readExclusions(EXCLUSIONS_FILE);
    const { report, appliedExclusions, seconds } = await runComplianceSuite({
      java: peers.scimComplianceJava,
      jar: peers.scimComplianceJar,
      scimUrl,
      directoryToken: await app.directoryToken(tenant, 'SAP compliance suite'),
      exclusionsFile: EXCLUSIONS_FILE,
      timeoutMs: SUITE_TIMEOUT_MS,
    });

    const methods = new Set(report.cases.map((c) => `${c.className}.${c.name.replace(/\(.*$/, '')}`));
    console.log(
      `SCIM compliance suite: ${report.cases.length} tests of ${methods.size} methods ran in ${seconds.toFixed(0)} s: ` +
        `${report.count('passed')} passed, ${report.count('failed')} failed, ${report.count('error')} errors, ${report.count('skipped')} skipped; ` +
        `${exclusions.length} test methods excluded (test/scim-compliance/excluded-tests.txt)`,
    );
    const notPassed = report.cases.filter((c) => c.outcome !== 'passed').map((c) => `${c.outcome}: ${c.className}.${c.name}: ${c.message ?? ''}`);
    expect(notPassed).toEqual([]);
    // Each exclusion names a test the suite has (a mistyped one would let that test run, or hide a typo).
    expect(exclusions.map((exclusion) => exclusion.test).filter((test) => !appliedExclusions.includes(test))).toEqual([]);
    expect(report.cases.length).toBeGreaterThan(0);
    await app.expectNeighbourUntouched();
  });
});
