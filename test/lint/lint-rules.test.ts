// The import rules of docs/architecture.md, shown failing `npm run check`: each
// deliberate violation below is linted with the project's own ESLint
// configuration, as if it were written in the file named.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

async function boundaryMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === 'sentinel/module-boundaries').map((message) => message.message);
}

describe('the import and tenancy lint rules', () => {
  it('refuses platform code importing a capability', async () => {
    expect(await boundaryMessages('services/platform/jobs.ts', "import { createFindingsModule } from '../findings/index.js';\nexport const x = createFindingsModule;\n")).toEqual([
      expect.stringContaining('platform code imports no capability: services/platform/jobs.ts imports services/findings/index.ts'),
    ]);
  });

  it('refuses platform code importing the composition root', async () => {
    expect(await boundaryMessages('services/platform/streams/outbox.ts', "import { createModules } from '../../modules.js';\nexport const x = createModules;\n")).toEqual([
      expect.stringContaining('platform code imports no capability'),
    ]);
  });

  it("refuses a capability reaching into another capability's files", async () => {
    expect(await boundaryMessages('services/verdicts/verdicts.ts', "import { loadIngestScans } from '../findings/ingest.js';\nexport const x = loadIngestScans;\n")).toEqual([
      expect.stringContaining('capabilities meet only through their entry: import services/findings/index.ts, not services/findings/ingest.ts'),
    ]);
  });

  it('refuses a capability importing the composition root', async () => {
    expect(await boundaryMessages('services/findings/triage.ts', "import { createModules } from '../modules.js';\nexport const x = createModules;\n")).toEqual([
      expect.stringContaining('a capability does not import the composition root'),
    ]);
  });

  it('refuses an import that closes a cycle between capabilities', async () => {
    // verdicts imports findings, so findings importing verdicts closes a cycle.
    expect(await boundaryMessages('services/findings/ingest.ts', "import { createVerdictsModule } from '../verdicts/index.js';\nexport const x = createVerdictsModule;\n")).toEqual([
      'import cycle between folders: findings -> verdicts -> findings.',
    ]);
  });

  it('refuses an import that closes a cycle between platform folders', async () => {
    // The HTTP facade imports errors, so errors importing the facade closes a cycle.
    expect(await boundaryMessages('services/platform/errors.ts', "import type { RequestContext } from './http/handler.js';\nexport type X = RequestContext;\n")).toEqual([
      expect.stringMatching(/^import cycle between folders: platform\/errors -> platform\/http -> .*platform\/errors\.$/),
    ]);
  });

  it('admits entries, the platform, and tests reaching into what they test', async () => {
    expect(await boundaryMessages('services/verdicts/verdicts.ts', "import { loadIngestScans } from '../findings/index.js';\nimport { notFound } from '../platform/errors.js';\nexport const x = [loadIngestScans, notFound];\n")).toEqual([]);
    expect(await boundaryMessages('services/verdicts/verdicts.test.ts', "import { loadIngestScans } from '../findings/ingest.js';\nexport const x = loadIngestScans;\n")).toEqual([]);
  });

  it('refuses minting an organization id by a cast outside the tenancy module', async () => {
    const [result] = await eslint.lintText("import type { OrgId } from '../platform/db/database.js';\nexport const orgOf = (body: { org_id: string }) => body.org_id as OrgId;\n", { filePath: 'services/findings/triage.ts' });
    expect(result!.messages.map((message) => message.ruleId)).toEqual(['no-restricted-syntax']);
  });

  it('admits reading an organization id from a membership in the organizations capability alone', async () => {
    const code = "import { tenantOfMembership } from '../platform/tenancy.js';\nexport const x = tenantOfMembership;\n";
    const [elsewhere] = await eslint.lintText(code, { filePath: 'services/findings/triage.ts' });
    expect(elsewhere!.messages.map((message) => message.ruleId)).toEqual(['no-restricted-imports']);
    const [organizations] = await eslint.lintText(code, { filePath: 'services/organizations/memberships.ts' });
    expect(organizations!.messages).toEqual([]);
  });

  it.each(['identity_audit_events', 'identity_refusal_windows'])('refuses a capability touching %s past the platform audit service', async (table) => {
    const code = `export const sql = 'INSERT INTO ${table} (org_id, action) VALUES ($1, $2)';\n`;
    const [capability] = await eslint.lintText(code, { filePath: 'services/assets/assets.ts' });
    expect(capability!.messages.map((message) => message.message)).toEqual(['The audit trail is written and read through services/platform/audit/ only.']);
    const [platformAudit] = await eslint.lintText(code, { filePath: 'services/platform/audit/identity-trail.ts' });
    expect(platformAudit!.messages).toEqual([]);
  });

  it('refuses a module mock in a test file, where files share one module graph, and leaves process.env to tests', async () => {
    const mocking = "import { vi } from 'vitest';\nvi.mock('node:crypto');\nvi.doMock('pg');\nexport const home = process.env.HOME;\n";
    const [test] = await eslint.lintText(mocking, { filePath: 'services/platform/pagination/cursor.test.ts' });
    expect(test!.messages.map((message) => message.message)).toEqual([
      expect.stringContaining("'vi.mock' is restricted"),
      expect.stringContaining("'vi.doMock' is restricted"),
    ]);
    const [support] = await eslint.lintText(mocking, { filePath: 'test/support/processes.ts' });
    expect(support!.messages.map((message) => message.ruleId)).toEqual(['no-restricted-properties', 'no-restricted-properties']);
  });

  it('finds no violation in the code as it is', async () => {
    const results = await eslint.lintFiles(['services']);
    expect(results.flatMap((result) => result.messages.filter((message) => message.ruleId === 'sentinel/module-boundaries').map((message) => `${result.filePath}: ${message.message}`))).toEqual([]);
  });
});
