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

// The whole tree is linted by `npm run check`, which the test command runs first. The
// type-aware rule (sentinel/tenant-forgery) builds the TypeScript program on the first
// file it lints: seconds alone, minutes on a loaded machine.
describe('the import and tenancy lint rules', { timeout: 300_000 }, () => {
  it('refuses platform code importing a capability', async () => {
    expect(await boundaryMessages('services/platform/jobs.ts', "import { createFindingsModule } from '../findings/index.js';\nexport const x = createFindingsModule;\n")).toEqual([
      expect.stringContaining('platform code imports no capability: services/platform/jobs.ts imports services/findings/index.ts'),
    ]);
  });

  it('refuses platform code importing the composition root', async () => {
    expect(await boundaryMessages('services/platform/jobs.ts', "import { createModules } from '../modules.js';\nexport const x = createModules;\n")).toEqual([
      expect.stringContaining('platform code imports no capability'),
    ]);
  });

  it('refuses the stream platform importing a capability or the composition root', async () => {
    expect(await boundaryMessages('streams/record-tenant.ts', "import { createFindingsModule } from '../services/findings/index.js';\nexport const x = createFindingsModule;\n")).toEqual([
      expect.stringContaining('stream platform code imports no capability: streams/record-tenant.ts imports services/findings/index.ts'),
    ]);
    expect(await boundaryMessages('streams/outbox.ts', "import { createModules } from '../services/modules.js';\nexport const x = createModules;\n")).toEqual([
      expect.stringContaining('stream platform code imports no capability'),
    ]);
  });

  it('refuses platform code importing a value from the stream platform, or a type that closes a cycle', async () => {
    expect(await boundaryMessages('services/platform/jobs.ts', "import { allTopics } from '../../streams/topics.js';\nexport const x = allTopics;\n")).toEqual([
      expect.stringContaining('platform code imports only types from streams/: services/platform/jobs.ts imports streams/topics.ts'),
    ]);
    // streams/ imports platform/errors, so errors importing a type of streams/ closes a cycle.
    expect(await boundaryMessages('services/platform/errors.ts', "import type { TopicSpec } from '../../streams/log/stream-log.js';\nexport type X = TopicSpec;\n")).toEqual([
      expect.stringMatching(/^import cycle between folders: platform\/errors -> streams -> .*platform\/errors\.$/),
    ]);
  });

  it("refuses a capability reaching into another capability's files", async () => {
    expect(await boundaryMessages('services/verdicts/verdicts.ts', "import { loadIngestScans } from '../findings/ingest.js';\nexport const x = loadIngestScans;\n")).toEqual([
      expect.stringContaining('capabilities meet only through their entry: import services/findings/index.ts, not services/findings/ingest.ts'),
    ]);
  });

  it('reads the whole of services/identity/ as one capability: its folders meet directly, the rest of the code through its entry', async () => {
    expect(await boundaryMessages('services/identity/sso/completion.ts', "import { findLiveAccountByEmail } from '../accounts/users.js';\nexport const x = findLiveAccountByEmail;\n")).toEqual([]);
    expect(await boundaryMessages('services/vex/statements.ts', "import { createSsoModule } from '../identity/sso/index.js';\nexport const x = createSsoModule;\n")).toEqual([
      expect.stringContaining('capabilities meet only through their entry: import services/identity/index.ts, not services/identity/sso/index.ts'),
    ]);
    // identity imports organizations (memberships, seats), so organizations importing identity closes a cycle.
    expect(await boundaryMessages('services/organizations/plans.ts', "import { createIdentity } from '../identity/index.js';\nexport const x = createIdentity;\n")).toEqual([
      'import cycle between folders: organizations -> identity -> organizations.',
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

  it('refuses production code importing test code, even its own testing folder', async () => {
    expect(await boundaryMessages('services/assets/index.ts', "export const fixtures = () => import('./testing/security-fixtures.js');\n")).toEqual([
      expect.stringContaining('production code imports no test code: services/assets/index.ts imports services/assets/testing/security-fixtures.ts'),
    ]);
    expect(await boundaryMessages('streams/log/kafka-stream-log.ts', "import { describeStreamLogContract } from './testing/stream-log.contract.js';\nexport const x = describeStreamLogContract;\n")).toEqual([
      expect.stringContaining('production code imports no test code'),
    ]);
    expect(await boundaryMessages('services/scans/scans.ts', "import { useTestApp } from '../../test/support/test-app.js';\nexport const x = useTestApp;\n")).toEqual([
      expect.stringContaining('production code imports no test code: services/scans/scans.ts imports test/support/test-app.ts'),
    ]);
  });

  it('admits entries, the platform, and tests reaching into what they test', async () => {
    expect(await boundaryMessages('services/verdicts/verdicts.ts', "import { loadIngestScans } from '../findings/index.js';\nimport { notFound } from '../platform/errors.js';\nexport const x = [loadIngestScans, notFound];\n")).toEqual([]);
    expect(await boundaryMessages('services/verdicts/verdicts.ts', "import { appendToOutbox } from '../../streams/outbox.js';\nexport const x = appendToOutbox;\n")).toEqual([]);
    expect(await boundaryMessages('services/platform/module.ts', "import type { SubscribeOptions } from '../../streams/log/stream-log.js';\nexport type X = SubscribeOptions<unknown>;\n")).toEqual([]);
    expect(await boundaryMessages('streams/outbox.ts', "import { notFound } from '../services/platform/errors.js';\nexport const x = notFound;\n")).toEqual([]);
    expect(await boundaryMessages('services/verdicts/verdicts.test.ts', "import { loadIngestScans } from '../findings/ingest.js';\nexport const x = loadIngestScans;\n")).toEqual([]);
  });

  async function forgeryMessages(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((message) => message.ruleId === 'sentinel/tenant-forgery').map((message) => message.message);
  }

  it.each([
    ['a cast', "import type { OrgId } from '../platform/db/database.js';\nexport const orgOf = (body: { org_id: string }) => body.org_id as OrgId;\n"],
    ['a namespace-qualified cast', "import type * as D from '../platform/db/database.js';\nexport const orgOf = (value: string) => value as D.OrgId;\n"],
    ['a cast to an alias', "import type { OrgId } from '../platform/db/database.js';\ntype Tenant = OrgId;\nexport const orgOf = (value: string) => value as Tenant;\n"],
    ['a cast to a union', "import type { OrgId } from '../platform/db/database.js';\nexport const orgOf = (value?: string) => value as OrgId | undefined;\n"],
    ['a cast to an object holding one', "import type { OrgId } from '../platform/db/database.js';\nexport const rowOf = (value: unknown) => value as { org_id: OrgId }[];\n"],
    ['an angle-bracket assertion', "import type { OrgId } from '../platform/db/database.js';\nexport const orgOf = (value: string) => <OrgId>value;\n"],
  ])('refuses minting an organization id by %s', async (_kind, code) => {
    expect(await forgeryMessages('services/findings/triage.ts', code)).toEqual([expect.stringContaining('A OrgId comes from services/platform/tenancy.ts')]);
  });

  it('refuses a system scope made by hand', async () => {
    const code = "import type { SystemScope } from '../platform/tenancy.js';\nexport const scope = { operation: 'claim-jobs' } as SystemScope;\n";
    expect(await forgeryMessages('services/findings/triage.ts', code)).toEqual([expect.stringContaining('A SystemScope comes from services/platform/tenancy.ts')]);
  });

  it('refuses an untyped value becoming an organization id without a cast', async () => {
    const code = [
      "import type { OrgId } from '../platform/db/database.js';",
      'declare function findingsOf(orgId: OrgId): void;',
      'export function fromBody(text: string): OrgId {',
      '  const parsed = JSON.parse(text);',
      '  findingsOf(parsed.org);',
      '  const held: { orgId: OrgId } = { orgId: parsed.org };',
      '  findingsOf(held.orgId);',
      '  return parsed.org;',
      '}',
      '',
    ].join('\n');
    expect(await forgeryMessages('services/findings/triage.ts', code)).toEqual([
      expect.stringContaining('An untyped (any) value becomes a OrgId'),
      expect.stringContaining('An untyped (any) value becomes a OrgId'),
      expect.stringContaining('An untyped (any) value becomes a OrgId'),
    ]);
  });

  it('admits an organization id from the tenancy module, and tests casting one', async () => {
    const code = "import type { OrgId } from '../platform/db/database.js';\nimport { tenantOfMembership } from '../platform/tenancy.js';\nexport const orgOf = (value: string): OrgId => tenantOfMembership(value);\n";
    expect(await forgeryMessages('services/organizations/memberships.ts', code)).toEqual([]);
    const [test] = await eslint.lintText("import type { OrgId } from '../platform/db/database.js';\nexport const orgOf = (value: string) => value as OrgId;\n", { filePath: 'services/findings/triage.test.ts' });
    expect(test!.messages).toEqual([]);
  });

  async function mintingMessages(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((message) => message.ruleId === 'sentinel/tenancy-minting').map((message) => message.message);
  }

  it('admits the functions that mint tenancy only in the files listed for them', async () => {
    const membership = "import { tenantOfMembership } from '../platform/tenancy.js';\nexport const x = tenantOfMembership;\n";
    expect(await mintingMessages('services/findings/triage.ts', membership)).toEqual([expect.stringContaining('tenantOfMembership mints tenancy')]);
    expect(await mintingMessages('services/organizations/memberships.ts', membership)).toEqual([]);
    // A handler claiming an organization from a request value under a system scope it made up.
    const claim = "import { systemScope, tenantOfClaim } from '../../platform/tenancy.js';\nexport const orgOf = (value: string) => tenantOfClaim(systemScope('claim-jobs'), value);\n";
    expect(await mintingMessages('services/findings/handlers/listFindings.ts', claim)).toEqual([
      expect.stringContaining('systemScope mints tenancy'),
      expect.stringContaining('tenantOfClaim mints tenancy'),
    ]);
    expect(await mintingMessages('services/platform/jobs.ts', "import { systemScope, tenantOfClaim } from './tenancy.js';\nexport const x = [systemScope, tenantOfClaim];\n")).toEqual([]);
    expect(await mintingMessages('services/findings/triage.ts', "import * as tenancy from '../platform/tenancy.js';\nexport const x = tenancy;\n")).toEqual([expect.stringContaining('by name')]);
  });

  it('admits opening a database scope by hand only where tenancy and migrations do it', async () => {
    const byHand = "import { actingAsSchemaOwner, inDatabaseScope } from '../platform/db/tenant-scope.js';\nexport const x = [actingAsSchemaOwner, inDatabaseScope];\n";
    expect(await mintingMessages('services/findings/triage.ts', byHand)).toEqual([
      expect.stringContaining('actingAsSchemaOwner opens a database scope by hand'),
      expect.stringContaining('inDatabaseScope opens a database scope by hand'),
    ]);
    expect(await mintingMessages('services/platform/tenancy.ts', "import { inDatabaseScope } from './db/tenant-scope.js';\nexport const x = inDatabaseScope;\n")).toEqual([]);
    expect(await mintingMessages('services/platform/db/migrate.ts', "import { actingAsSchemaOwner } from './tenant-scope.js';\nexport const x = actingAsSchemaOwner;\n")).toEqual([]);
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

  it("refuses a handler asserting its request's types, which come from the document", async () => {
    const asserting = [
      "import type { OperationHandler } from '../../platform/http/handler.js';",
      "export const handler: OperationHandler<'updateFinding'> = async (ctx) => {",
      '  const body = ctx.body as { status: string };',
      '  const cursor = ctx.query.cursor as string;',
      '  const id = ctx.params.id!;',
      '  return { status: 204, body: { body, cursor, id } } as never;',
      '};',
      '',
    ].join('\n');
    const [handler] = await eslint.lintText(asserting, { filePath: 'services/findings/handlers/updateFinding.ts' });
    expect(handler!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message)).toEqual([
      expect.stringContaining('read ctx.body, ctx.query and ctx.params as they are typed'),
      expect.stringContaining('read ctx.body, ctx.query and ctx.params as they are typed'),
      'A path parameter the document declares is a required string: no non-null assertion.',
    ]);
    const [elsewhere] = await eslint.lintText(asserting, { filePath: 'services/findings/triage.ts' });
    expect(elsewhere!.messages.filter((message) => message.ruleId === 'no-restricted-syntax')).toEqual([]);
  });
});
