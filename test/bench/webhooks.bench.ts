// Webhook deliveries per second to one receiver in a process of its own, which
// verifies every signature (webhook-receiver.ts). The deployment is full profile,
// in role processes: the API and the streams role (relay, dispatcher and the other
// processors) run throughout; imports through the API produce finding.created
// events, the dispatcher turns each into one delivery per endpoint (10 endpoints),
// and once every delivery of the run is pending, a workers process starts and
// sends them over HTTPS (TLS verified against the receiver's CA). The rate is the
// receiver's: verified deliveries between the first and the last to arrive, so
// the workers process's start-up is not counted. Any signature that does not
// verify is a FAIL. Judged against a floor in the same run: a bare sender
// (bare-sender.ts) sends the same deliveries to the same receiver, signed, over the
// same HTTPS, with as many in flight, but with no queue; the service's rate must be
// at least 0.7 of the bare sender's.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestCertificates } from '../../services/platform/egress/testing/certificates.js';
import { benchSize, scaledSettings } from './bench-settings.js';
import { forkBenchProcess } from './bench-process.js';
import { CPU_FACT, cpuMicrosPer, describeCpuUse, type CpuUse } from './cpu-meter.js';
import { ratioFigure, type BenchResult } from './figures.js';
import { startFullProfile, type FullProfile, type Tenant } from './full-profile.js';
import type { ReceiverMessage, ReceiverReport } from './webhook-receiver.js';

const ENDPOINTS = 10;
const FINDINGS_PER_IMPORT = 500;
/** The service's delivery rate against the bare sender's. */
const FLOOR_SHARE = 0.7;
/** The delivery worker's default concurrency (WEBHOOK_DELIVERY_CONCURRENCY), which the bare sender matches. */
const IN_FLIGHT = 128;
const WAIT_LIMIT_MS = 10 * 60_000;

interface Receiver {
  port: number;
  send(message: ReceiverMessage): void;
  report(): Promise<ReceiverReport>;
  stop(): Promise<void>;
}

async function startReceiver(keyPem: string, certPem: string): Promise<Receiver> {
  const receiver = await forkBenchProcess('webhook-receiver.ts', { RECEIVER_KEY_PEM: keyPem, RECEIVER_CERT_PEM: certPem });
  return {
    port: receiver.port,
    send: (message) => receiver.send(message),
    async report() {
      const answer = receiver.nextMessage<{ report: ReceiverReport }>();
      receiver.send({ report: true } satisfies ReceiverMessage);
      return (await answer).report;
    },
    stop: () => receiver.stop(),
  };
}

async function until(what: string, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Imports reports holding `findings` new findings in all; each becomes one finding.created event. */
async function importFindings(profile: FullProfile, tenant: Tenant, round: number, findings: number): Promise<void> {
  for (let imported = 0, part = 0; imported < findings; imported += FINDINGS_PER_IMPORT, part++) {
    const count = Math.min(FINDINGS_PER_IMPORT, findings - imported);
    const vulnerabilities = Array.from({ length: count }, (_, i) => ({
      VulnerabilityID: `CVE-2024-${10_000 + i}`,
      PkgName: `libbench${i % 250}`,
      InstalledVersion: '1.0.0-r0',
      FixedVersion: '1.0.0-r1',
      Severity: 'HIGH',
      Title: `Bench advisory ${i}`,
    }));
    const image = `registry.example.com/bench/webhooks-run${round}-part${part}:1.0`;
    const report = { SchemaVersion: 2, ArtifactName: image, ArtifactType: 'container_image', Results: [{ Target: image, Class: 'os-pkgs', Type: 'alpine', Vulnerabilities: vulnerabilities }] };
    await profile.call('POST', '/api/v1/scans/import', tenant.apiKey, { image, format: 'trivy', report });
  }
}

const countDeliveries = async (profile: FullProfile, tenant: Tenant, status: string) =>
  (await profile.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM webhook_deliveries WHERE org_id = $1 AND status = $2', [tenant.orgId, status])).rows[0]!.n;

export async function run(): Promise<BenchResult> {
  const certificates = createTestCertificates();
  const certificateDir = mkdtempSync(path.join(tmpdir(), 'bench-webhooks-'));
  const caFile = path.join(certificateDir, 'ca.pem');
  writeFileSync(caFile, certificates.caPem);
  const receiver = await startReceiver(certificates.serverKeyPem, certificates.serverCertPem);
  const profile = await startFullProfile('webhooks', { WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true', WEBHOOK_CA_FILE: caFile });
  try {
    await profile.start('api');
    await profile.start('streams');
    const tenant = await profile.signUp(['scans:create']);
    const secrets = new Map<string, string>();
    for (let i = 0; i < ENDPOINTS; i++) {
      const endpoint = await profile.call('POST', '/api/v1/webhooks', tenant.accessToken, { url: `https://127.0.0.1:${receiver.port}/hooks/${i}`, events: ['finding.created'] });
      receiver.send({ trust: { path: `/hooks/${i}`, secret: endpoint.secret as string } });
      secrets.set(`/hooks/${i}`, endpoint.secret as string);
    }
    const findingsPerRun = Math.ceil(benchSize.webhookDeliveries / ENDPOINTS);
    const deliveriesPerRun = findingsPerRun * ENDPOINTS;

    const reports: ReceiverReport[] = [];
    const cpu: CpuUse[] = [];
    for (let round = 1; round <= 2; round++) {
      receiver.send({ reset: true });
      await importFindings(profile, tenant, round, findingsPerRun);
      await until(`${deliveriesPerRun} pending deliveries`, async () => (await countDeliveries(profile, tenant, 'pending')) === deliveriesPerRun);
      const workers = await profile.start('workers');
      const meter = profile.meterCpu();
      await until('every delivery verified', async () => (await receiver.report()).distinct >= deliveriesPerRun && (await countDeliveries(profile, tenant, 'delivered')) === round * deliveriesPerRun);
      cpu.push(meter.stop());
      await workers.stop();
      reports.push(await receiver.report());
    }
    const bare = await forkBenchProcess('bare-sender.ts', {
      DATABASE_URL: profile.databaseUrl,
      ORG_ID: tenant.orgId,
      RECEIVER_PORT: String(receiver.port),
      CA_PEM: certificates.caPem,
      SECRETS: JSON.stringify(Object.fromEntries(secrets)),
      CONCURRENCY: String(IN_FLIGHT),
    });
    const bareReports: ReceiverReport[] = [];
    const bareCpu: CpuUse[] = [];
    try {
      for (let round = 1; round <= 2; round++) {
        receiver.send({ reset: true });
        const sent = bare.nextMessage<{ sent: number }>();
        const meter = profile.meterCpu();
        bare.send({ send: true });
        if ((await sent).sent !== deliveriesPerRun) throw new Error(`the bare sender sent ${(await sent).sent} deliveries, not ${deliveriesPerRun}`);
        bareCpu.push(meter.stop());
        bareReports.push(await receiver.report());
      }
    } finally {
      await bare.stop();
    }
    const rateOf = (r: ReceiverReport) => ((r.verified - 1) * 1000) / (r.lastAt - r.firstAt);
    const signatureFailures = [...reports, ...bareReports].map((r) => Object.values(r.failures).reduce((sum, n) => sum + n, 0));
    return {
      figures: [
        ratioFigure('delivery rate against the bare sender', reports.map(rateOf), bareReports.map(rateOf), 'higher', FLOOR_SHARE),
        { name: 'deliveries per second, one receiver', unit: 'deliveries/s', better: 'higher', runs: reports.map(rateOf) },
        { name: 'bare sender: deliveries per second (the floor)', unit: 'deliveries/s', better: 'higher', runs: bareReports.map(rateOf) },
        { name: 'signatures that did not verify (service, then bare sender)', unit: 'requests', better: 'lower', runs: signatureFailures, target: 0 },
        { name: 'deliveries received twice', unit: 'requests', better: 'lower', runs: reports.map((r) => r.verified - r.distinct) },
      ],
      facts: {
        'deliveries per run': deliveriesPerRun,
        'endpoints / event': `${ENDPOINTS} / finding.created`,
        'signature failures by reason': JSON.stringify(reports.map((r) => r.failures)),
        // The receiver is one of the other processes in both; the bare sender is one of them in its runs.
        [CPU_FACT]: describeCpuUse(cpu),
        'cores used during the bare sender, runs 1 / 2': describeCpuUse(bareCpu),
        'CPU per delivery, every process, service runs 1 / 2; bare sender runs 1 / 2 (µs)': `${cpu.map((use) => cpuMicrosPer(use, deliveriesPerRun)).join(' / ')}; ${bareCpu.map((use) => cpuMicrosPer(use, deliveriesPerRun)).join(' / ')}`,
      },
      scaled: scaledSettings(['webhookDeliveries']),
    };
  } finally {
    await profile.close();
    await receiver.stop();
    rmSync(certificateDir, { recursive: true, force: true });
  }
}
