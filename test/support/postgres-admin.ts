import pg from 'pg';
import { testServices } from './services.js';

/** Runs one statement on the test server's maintenance database (CREATE or DROP DATABASE), outside vitest too. */
export async function runAsAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testServices.postgresAdminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
