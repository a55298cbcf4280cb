import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseProfiles, type TestDatabase } from '../test/support/databases.js';
import { asOrgId } from '../test/support/org-ids.js';
import type { OrgId } from '../services/platform/db/database.js';
import { writeAnnounced } from './outbox.js';

describe.each(databaseProfiles)('writeAnnounced ($name)', ({ create }) => {
  let database: TestDatabase;
  let orgId: OrgId;
  const event = (name: string) => ({ type: 'organization.renamed', subjectId: null, actor: { kind: 'system' as const, id: null }, payload: { name } });
  const announced = async (name: string) =>
    (await database.db.query("SELECT 1 FROM outbox_events WHERE org_id = $1 AND value->>'payload' = $2", [orgId, JSON.stringify({ name })])).rows.length;

  beforeAll(async () => {
    database = await create();
    const { rows } = await database.db.query<{ id: string }>("INSERT INTO organizations (name) VALUES ('outbox test') RETURNING id");
    orgId = asOrgId(rows[0]!.id);
  });
  afterAll(async () => database.drop());

  it('records the event with the write that touched a row, in one statement', async () => {
    const written = await writeAnnounced(database.db, { sql: 'UPDATE organizations SET name = $2 WHERE id = $1', params: [orgId, 'renamed'] }, orgId, event('renamed'));
    expect(written).toBe(true);
    expect((await database.db.query<{ name: string }>('SELECT name FROM organizations WHERE id = $1', [orgId])).rows[0]!.name).toBe('renamed');
    expect(await announced('renamed')).toBe(1);
  });

  it('records nothing when the write touched no row', async () => {
    const written = await writeAnnounced(database.db, { sql: "UPDATE organizations SET name = $2 WHERE id = $1 AND name = 'not its name'", params: [orgId, 'untouched'] }, orgId, event('untouched'));
    expect(written).toBe(false);
    expect(await announced('untouched')).toBe(0);
  });

  it('records nothing when the write fails', async () => {
    const failing = writeAnnounced(database.db, { sql: 'UPDATE organizations SET name = $2 WHERE id = $1', params: [orgId, null] }, orgId, event('failed'));
    await expect(failing).rejects.toThrow();
    expect(await announced('failed')).toBe(0);
  });
});
