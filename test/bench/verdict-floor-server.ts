// The verdict benchmark's reference: what this machine serves at all for a verdict. A
// process of its own (forked by verdicts.bench.ts) answering GET /<scan id> with the
// evidence a verdict is made of, read bare: whether the scan's summary is frozen and
// its frozen facet groups, in one query, sent as JSON. No routing, validation,
// authentication, rate limit, policy, evaluation, verdict row or announcement:
// Sentinel does all of that per request, so its figures can only be worse; how much
// worse says what is ours.
//
// Environment: DATABASE_URL, ORG_ID.
import { serveBare } from './bare-server.js';

const orgId = process.env.ORG_ID;

serveBare(async (pool, url) => {
  const { rows } = await pool.query({
    name: 'floor-evidence',
    text: `SELECT s.frozen_at IS NOT NULL AS frozen, g.status, g.kind, g.severity, g.fixability, g.cvss_score, g.first_seen_age_days, g.findings
             FROM scan_summaries s LEFT JOIN scan_summary_groups g ON g.org_id = s.org_id AND g.scan_id = s.scan_id
            WHERE s.org_id = $1 AND s.scan_id = $2`,
    values: [orgId, url.slice(1)],
  });
  return { groups: rows };
});
