// The README's API tour, run top to bottom as a new user runs it: its first block (the
// webhook receiver and `npm start`) in one bash, every later block of the section in
// order in a second bash, against that service on a fresh DATA_DIR. The commands come
// from README.md itself, so the tour cannot drift from what is tested. Every curl of the
// tour must answer 2xx, every variable it uses must have been set by an earlier step,
// and what the tour promises is then checked through the API.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort, groupAlive, signalGroup, spawnScript, stopStragglers, untilAnswers } from './support/processes.js';

const readmePath = path.resolve(import.meta.dirname, '../README.md');

/** The fenced sh blocks of the "## API tour" section (its subsections included), in order. */
function tourBlocks(readme: string): string[] {
  const start = readme.indexOf('\n## API tour\n');
  if (start === -1) throw new Error('README.md has no "## API tour" section');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

// The addresses the README names; the test runs on free ports instead.
const readmeServicePort = '8080';
const readmeReceiverPort = '9443';

// The service's terminal. A SIGTERM to the group reaches npm, Sentinel and the receiver at
// once; bash runs its trap only after `npm start` has returned, then reaps the receiver,
// so nothing is left behind.
const servicePrelude = `set -euo pipefail
trap 'exit 143' TERM
trap 'kill $(jobs -p) 2>/dev/null; wait' EXIT
`;

// The tour's terminal. Any failing step stops the tour and says which. An answer other than
// 2xx stops it at once, wherever the step is, except a 409: the tour's loops ask again on
// that one (a verdict not ready yet), so there it is a failed step that a loop may retry,
// and the loops may wait 300 seconds in all. The ids the tour captured are printed at the end.
const capturedIds = ['TOKEN', 'KEY', 'SCAN', 'ASSET', 'FINDING', 'OTHER', 'NEXT', 'POLICY', 'VERDICT', 'ENDPOINT', 'DELIVERY', 'INVITATION', 'INVITE', 'GRACE', 'WORKLOAD', 'WORKLOAD_ID', 'WORKLOAD_SCAN', 'DIRECTORY', 'LINUS', 'DOMAIN', 'SSO', 'RULE', 'GATEWAY'] as const;
const tourPrelude = `set -euo pipefail
trap 'echo "tour: failed at line $LINENO: $BASH_COMMAND" >&2' ERR
curl() {
  local answer status
  answer=$(command curl --show-error --write-out '\\n%{http_code}' "$@") || return
  status=\${answer##*$'\\n'}
  answer=\${answer%$'\\n'*}
  case $status in
    2??) printf '%s' "$answer" ;;
    409) printf '%s' "$answer"; return 22 ;;
    *) echo "tour: HTTP $status from curl $*: $answer" >&2; kill -TERM $$ ;;
  esac
}
waited=0
sleep() {
  waited=$((waited + $1))
  if [ "$waited" -gt 300 ]; then echo 'tour: waited more than 300 seconds in all' >&2; kill -TERM $$; fi
  command sleep "$1"
}
`;
const tourEpilogue = `\nprintf '\\ntour:%s=%s\\n' ${capturedIds.map((name) => `${name} "$${name}"`).join(' ')}\n`;

/** Runs the script to its end, or kills it at the deadline; the exit code and everything it wrote. */
async function runToEnd(script: string, env: Record<string, string>, deadlineMs: number): Promise<{ code: number | null; output: string }> {
  const run = await spawnScript(script, env);
  const deadline = setTimeout(() => signalGroup(run.child, 'SIGKILL'), deadlineMs);
  const code = await run.exited;
  clearTimeout(deadline);
  return { code, output: run.output() };
}

// A first start on a fresh DATA_DIR takes about half a minute, the tour another minute;
// under load both take longer.
describe('the README API tour', { timeout: 900_000 }, () => {
  let dir: string | undefined;

  afterAll(async () => {
    await stopStragglers();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('runs top to bottom as written against npm start, and does what it says', async () => {
    const blocks = tourBlocks(await readFile(readmePath, 'utf8'));
    expect(blocks.length).toBeGreaterThan(2);
    const [serviceBlock, ...tour] = blocks as [string, ...string[]];
    // The first block is the service's terminal: it ends by starting the service.
    expect(serviceBlock.trimEnd().split('\n').at(-1)).toMatch(/^(\w+=\S+ )*npm start$/);
    const tourScript = tour.join('\n');
    expect(serviceBlock).toContain(readmeReceiverPort);
    expect(tourScript).toContain(`https://127.0.0.1:${readmeReceiverPort}/`);
    expect(tourScript).toContain(`http://127.0.0.1:${readmeServicePort}\n`);

    dir = await mkdtemp(path.join(tmpdir(), 'sentinel-readme-tour-'));
    const receiverPort = String(await freePort());
    const onFreePorts = (script: string, servicePort: string) =>
      script.replaceAll(`127.0.0.1:${readmeServicePort}`, `127.0.0.1:${servicePort}`).replaceAll(readmeReceiverPort, receiverPort);

    // TMPDIR: the block's mktemp -d lands in this test's directory and goes with it.
    const port = String(await freePort());
    const service = await spawnScript(servicePrelude + onFreePorts(serviceBlock, port), { PORT: port, DATA_DIR: path.join(dir, 'data'), TMPDIR: dir });
    await untilAnswers(service, '/ready', 200, 300_000);

    const tourRun = await runToEnd(tourPrelude + onFreePorts(tourScript, port) + tourEpilogue, { TMPDIR: dir }, 480_000);
    expect(tourRun.code, `the tour failed:\n${tourRun.output.slice(-6000)}\n--- the service:\n${service.output().slice(-3000)}`).toBe(0);
    const ids = Object.fromEntries([...tourRun.output.matchAll(/^tour:(\w+)=(.*)$/gm)].map((match) => [match[1], match[2]]));
    for (const name of capturedIds) expect(ids[name], name).toMatch(/\S/);

    const api = async (urlPath: string, credential = ids.TOKEN!) => {
      const response = await fetch(`${service.base}${urlPath}`, { headers: { authorization: `Bearer ${credential}` } });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read loosely, as test/support/http-client.ts does
      return { status: response.status, text: await response.clone().text(), body: (await response.json()) as any };
    };

    // The imported report's scan completed with its four findings (two advisories on two packages).
    const scan = await api(`/api/v1/scans/${ids.SCAN}`);
    expect(scan.body).toMatchObject({ id: ids.SCAN, asset_id: ids.ASSET, source: 'import', state: 'completed', new_findings: 4 });
    const findings = await api(`/api/v1/findings?asset_id=${ids.ASSET}`);
    expect(findings.body.items).toHaveLength(4);

    // PATCH suppressed the one with its top-level reason; the bulk request the other, with the reason nested.
    const suppressed = await api(`/api/v1/findings/${ids.FINDING}`);
    const bulkSuppressed = await api(`/api/v1/findings/${ids.OTHER}`);
    expect(ids.OTHER).not.toBe(ids.FINDING);
    for (const finding of [suppressed.body, bulkSuppressed.body]) expect(finding).toMatchObject({ status: 'suppressed', suppression: { reason: expect.stringMatching(/\S/) } });
    expect(bulkSuppressed.body.suppression.reason).not.toBe(suppressed.body.suppression.reason);
    expect(tourRun.output).toContain(`{"finding_id":"${ids.FINDING}","outcome":"already_applied"`);
    expect(tourRun.output).toContain(`{"finding_id":"${ids.OTHER}","outcome":"applied"`);

    // The key's verdict on that scan, judged by version 2 of the policy: it blocks on the OpenSSL rule.
    const verdict = await api(`/api/v1/verdicts/${ids.VERDICT}`);
    expect(verdict.body).toMatchObject({ scan_id: ids.SCAN, policy: { id: ids.POLICY, version: 2 }, blocking: true, outcome: 'fail', requested_by: { kind: 'api_key' } });
    expect(verdict.body.rules).toEqual([
      { name: 'no criticals', effect: 'block', match_count: 0, blocking: false },
      { name: 'patched openssl', effect: 'block', match_count: 4, blocking: true },
    ]);

    // The endpoint was created, its delivery reached the receiver (which printed it), and the tour deleted it.
    const created = await api('/api/v1/identity/audit?action=webhook_endpoint.created');
    expect(created.text).toContain(ids.ENDPOINT);
    const received = service.output().split('\n').filter((line) => line.startsWith(`receiver: delivery ${ids.DELIVERY} `));
    expect(received.length).toBeGreaterThan(0);
    expect(JSON.parse(received[0]!.slice(`receiver: delivery ${ids.DELIVERY} `.length))).toMatchObject({ type: 'scan.completed' });
    expect((await api(`/api/v1/webhooks/${ids.ENDPOINT}`)).status).toBe(404);

    // Grace joined by invitation as an analyst; the invitation is redeemed, and its token was shown once only.
    const roster = await api('/api/v1/members');
    expect(roster.body.members).toEqual([
      expect.objectContaining({ email: 'ada@example.com', role: 'owner', arrival: 'manual' }),
      expect.objectContaining({ email: 'grace@example.com', role: 'analyst', arrival: 'invitation', directory_sourced: false }),
    ]);
    const invitations = await api('/api/v1/invitations');
    expect(invitations.body.invitations).toEqual([expect.objectContaining({ id: ids.INVITATION, state: 'redeemed' })]);
    expect(invitations.text).not.toContain(ids.INVITE);
    expect((await api('/api/v1/identity/audit')).text).not.toContain(ids.INVITE);
    // The workload's import is recorded as the workload's, its findings were recorded, and the tour revoked it.
    const workloadScan = await api(`/api/v1/scans/${ids.WORKLOAD_SCAN}`);
    expect(workloadScan.body).toMatchObject({ source: 'import', state: 'completed', new_findings: 4, requested_by: { kind: 'workload', id: ids.WORKLOAD_ID } });
    expect((await api('/api/v1/workloads')).body.workloads).toEqual([
      expect.objectContaining({ id: ids.WORKLOAD_ID, standing: 'revoked', delegation: expect.objectContaining({ scopes: ['scans:create', 'scans:read', 'findings:read'] }) }),
    ]);
    expect((await api('/api/v1/scans?limit=1', ids.WORKLOAD)).status).toBe(401);
    // The directory provisioned Linus by his login name (the tour's domain is not verified: no address of it is
    // provisioned) and deactivated him: a user of the directory standing for nobody, never a member (the roster above).
    const linus = await api(`/api/scim/v2/Users/${ids.LINUS}`, ids.DIRECTORY);
    expect(linus.body).toMatchObject({ userName: 'linus', active: false });
    const deactivated = (await api('/api/v1/identity/audit?action=scim_user.deactivated')).body.events;
    expect(deactivated).toEqual([expect.objectContaining({ actor: { kind: 'directory_token', id: expect.any(String) }, detail: expect.objectContaining({ scim_user_id: ids.LINUS, user_id: null }) })]);

    // The domain is claimed and pending; the provider holds its secret, sealed, and says so only.
    expect((await api(`/api/v1/identity/domains/${ids.DOMAIN}`)).body).toMatchObject({ domain: 'acme-corp.com', state: 'pending', verification: expect.objectContaining({ type: 'TXT', name: '_sentinel-challenge.acme-corp.com' }) });
    const provider = await api(`/api/v1/identity/sso/providers/${ids.SSO}`);
    expect(provider.body).toMatchObject({ protocol: 'oidc', name: 'Okta', jit_provisioning: true, default_role: 'analyst', oidc: expect.objectContaining({ client_secret_set: true }) });
    expect(provider.text).not.toContain('from-the-okta-app');
    // The gateway's question was denied as unknown and logged; the trail holds the rule and the denial, intact.
    expect((await api('/nhi/api/v1/runtime/decisions')).body.items).toEqual([expect.objectContaining({ decision: 'deny', action: 's3:PutObject' })]);
    const trail = (await api('/nhi/api/v1/audit/records')).body.items.map((record: { action: string }) => record.action);
    expect(trail).toEqual(expect.arrayContaining(['runtime_rule.created', 'runtime.decision.denied']));
    expect((await api('/nhi/api/v1/audit/integrity')).body).toMatchObject({ isIntact: true });
    expect((await api('/nhi/api/v1/runtime/decisions', ids.GATEWAY)).status).toBe(403);

    // A second organization sees nothing of the tour's: its scan and verdict are as missing as a made-up id.
    const signup = await fetch(`${service.base}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'neighbour@example.test', password: 'a-long-enough-password', name: 'Neighbour' }),
    });
    const neighbour = ((await signup.json()) as { access_token: string }).access_token;
    const missingId = '00000000-0000-4000-8000-000000000000';
    for (const [urlPath, missing] of [
      [`/api/v1/scans/${ids.SCAN}`, `/api/v1/scans/${missingId}`],
      [`/api/v1/verdicts/${ids.VERDICT}`, `/api/v1/verdicts/${missingId}`],
      [`/api/v1/scans/${ids.WORKLOAD_SCAN}`, `/api/v1/scans/${missingId}`],
    ] as const) {
      const foreign = await api(urlPath, neighbour);
      expect(foreign.status).toBe(404);
      expect(foreign.text).toBe((await api(missing, neighbour)).text);
    }
    expect((await api('/api/v1/findings', neighbour)).body.items).toEqual([]);
    expect((await api('/api/v1/members', neighbour)).text).not.toContain('grace@example.com');
    expect((await api('/api/v1/workloads', neighbour)).body.workloads).toEqual([]);
    expect((await api(`/api/scim/v2/Users/${ids.LINUS}`, neighbour)).status).toBe(401);
    expect((await api(`/api/v1/identity/sso/providers/${ids.SSO}`, neighbour)).status).toBe(404);
    expect((await api(`/nhi/api/v1/runtime/rules/${ids.RULE}`, neighbour)).status).toBe(404);
    expect((await api('/nhi/api/v1/runtime/decisions', neighbour)).body.items).toEqual([]);

    // Stopped as Ctrl-C stops it, Sentinel shuts down cleanly, releasing DATA_DIR. npm, the
    // terminal's foreground job, may end before Sentinel has finished: wait for the whole group.
    signalGroup(service.child, 'SIGTERM');
    await service.exited;
    await vi.waitFor(() => expect(groupAlive(service.child)).toBe(false), { timeout: 60_000, interval: 100 });
    expect(existsSync(path.join(dir, 'data', 'sentinel.lock')), service.output().slice(-3000)).toBe(false);
    expect(service.output()).toContain('"msg":"shutting down"');
  });
});
