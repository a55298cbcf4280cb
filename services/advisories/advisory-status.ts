// What GET /api/v1/advisories/status shows: per configured ecosystem (and any other
// synchronized before), how many records the service holds, the newest modified time,
// the last success and the last error. The same for every organization: the data is global.
import type { AdvisoryStore } from './advisory-store.js';

/** A URL as configured (it carries no credentials: configuration refuses them); a directory's path is the server's own business. */
const shown = (source: string): string => (/^https?:\/\//i.test(source) ? source : 'local directory');

export async function advisoryStatus(store: AdvisoryStore, source: string, ecosystems: readonly string[]) {
  const rows = new Map((await store.status()).map((row) => [row.ecosystem, row]));
  const names = [...ecosystems, ...[...rows.keys()].filter((name) => !ecosystems.includes(name))];
  return {
    source: shown(source),
    ecosystems: names.map((ecosystem) => {
      const row = rows.get(ecosystem);
      return {
        ecosystem,
        configured: ecosystems.includes(ecosystem),
        source: row ? shown(row.source) : null,
        records: row?.records ?? 0,
        last_modified: row?.lastModified ?? null,
        last_attempt_at: row?.lastAttemptAt ?? null,
        last_success_at: row?.lastSuccessAt ?? null,
        last_error: row?.lastError ?? null,
        last_error_at: row?.lastErrorAt ?? null,
      };
    }),
  };
}
