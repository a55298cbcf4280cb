// The listing benchmark's reference: what this machine serves at all. A process of
// its own (forked by listing.bench.ts) answering every GET with one page of 50
// findings of the benchmark's tenant, newest first from a random point, read by one
// indexed query and sent as JSON: no routing, validation, authentication, rate limit,
// cursor or total. Sentinel does all of that per request, so its figures can only
// be worse; how much worse says what is ours and what is the machine's.
//
// Environment: DATABASE_URL, ORG_ID, FINDINGS (how many the tenant has).
import { serveBare } from './bare-server.js';

const orgId = process.env.ORG_ID;
const findings = Number(process.env.FINDINGS);

serveBare(async (pool) => {
  // The benchmark seeds created_at one second apart, so a random number of seconds back is a random page.
  const secondsBack = Math.floor(Math.random() * Math.max(1, findings - 50));
  const { rows } = await pool.query({
    name: 'floor-page',
    text: `SELECT id, asset_id, fingerprint, kind, identifier, title, severity, fixability, status, component_ecosystem, component_name,
                  component_version, install_path, target, detail, first_seen_at, last_seen_at, last_seen_scan_id, suppression_reason,
                  suppressed_until, updated_at
             FROM findings WHERE org_id = $1 AND created_at < now() - make_interval(secs => $2)
            ORDER BY created_at DESC, id DESC LIMIT 50`,
    values: [orgId, secondsBack],
  });
  return { items: rows };
});
