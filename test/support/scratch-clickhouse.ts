// A ClickHouse analytics store in a database of its own, for tests that compare the
// stores: each test file gets a fresh database and drops it afterwards, so files
// running side by side never share ClickHouse state. `reader` reads past the
// Analytics port (which has few reads) to what the store holds.
import { randomBytes } from 'node:crypto';
import type { Analytics } from '../../services/analytics/store/analytics.js';
import { createClickHouseAnalytics } from '../../services/analytics/store/clickhouse-analytics.js';
import { connectClickHouse, type ClickHouse } from '../../services/platform/clickhouse/clickhouse-client.js';
import { chsql, identifier } from '../../services/platform/clickhouse/clickhouse-sql.js';
import { testServices } from './services.js';

export interface ScratchClickHouse {
  analytics: Analytics;
  database: string;
  reader: ClickHouse;
  /** Closes both clients and drops the database. */
  dispose(): Promise<void>;
}

export async function scratchClickHouseAnalytics(): Promise<ScratchClickHouse> {
  const database = `sentinel_t_${randomBytes(6).toString('hex')}`;
  const analytics = createClickHouseAnalytics({ url: testServices.clickhouseUrl, database });
  await analytics.ensureSchema();
  const reader = connectClickHouse({ url: testServices.clickhouseUrl });
  return {
    analytics,
    database,
    reader,
    async dispose() {
      await analytics.close();
      try {
        await reader.command(chsql`DROP DATABASE IF EXISTS ${identifier(database)}`);
      } finally {
        await reader.close();
      }
    },
  };
}
