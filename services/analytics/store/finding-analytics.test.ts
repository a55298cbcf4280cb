import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshEmbedded, freshPostgres, type TestDatabase } from '../../../test/support/databases.js';
import { asOrgId } from '../../../test/support/org-ids.js';
import { scratchClickHouseAnalytics } from '../../../test/support/scratch-clickhouse.js';
import type { OrgId } from '../../platform/db/database.js';
import type { Analytics } from './analytics.js';
import type { AdvisoryExposureRow, AffectedAssetRow, Bucket, BucketedWindow, FindingFilter, FindingTransition } from './finding-transitions.js';
import { createSqlAnalytics } from './sql-analytics.js';

interface Store {
  analytics: Analytics;
  dispose(): Promise<void>;
}

async function sqlStore(create: () => Promise<TestDatabase>): Promise<Store> {
  const database = await create();
  const analytics = createSqlAnalytics({ db: database.db });
  await analytics.ensureSchema();
  return {
    analytics,
    async dispose() {
      await analytics.close();
      await database.drop();
    },
  };
}

/** A database of its own, dropped afterwards, so test files never share ClickHouse state. */
async function clickHouseStore(): Promise<Store> {
  const { analytics, dispose } = await scratchClickHouseAnalytics();
  return { analytics, dispose };
}

const stores = [
  { name: 'clickhouse', open: clickHouseStore },
  { name: 'sql on postgres', open: () => sqlStore(freshPostgres) },
  { name: 'sql on pglite', open: () => sqlStore(freshEmbedded) },
] as const;

const newOrg = (): OrgId => asOrgId(randomUUID());

interface FindingShape {
  assetId: string;
  kind?: string;
  advisory?: string;
}

/** One step of a timeline: the status and severity after it, and when. */
type Step = [status: string, severity: string, at: string];

/**
 * The transitions of one finding's timeline, as the feed produces them: the first step is its
 * creation (first seen then), each later one a change of status or, with the status unchanged,
 * of severity.
 */
function timeline(orgId: OrgId, shape: FindingShape, steps: Step[]): FindingTransition[] {
  const findingId = randomUUID();
  const firstSeenAt = new Date(steps[0]![2]);
  return steps.map(([status, severity, at], index) => {
    const previous = index === 0 ? null : steps[index - 1]!;
    return {
      id: randomUUID(),
      sequence: index + 1,
      orgId,
      findingId,
      assetId: shape.assetId,
      kind: shape.kind ?? 'vulnerability',
      severity,
      fromSeverity: previous !== null && previous[0] === status && previous[1] !== severity ? previous[1] : null,
      advisory: shape.advisory ?? 'CVE-2024-0001',
      fromStatus: previous === null ? null : previous[0],
      toStatus: status,
      occurredAt: new Date(at),
      firstSeenAt,
    };
  });
}

const window = (from: string, to: string, bucket: Bucket = 'day'): BucketedWindow => ({ from: new Date(from), to: new Date(to), bucket });

/** Every answer of the store for one organization, so two recordings can be compared whole. */
async function everyAnswer(analytics: Analytics, orgId: OrgId, filter: FindingFilter = {}) {
  const year = window('2023-01-01T00:00:00Z', '2025-01-01T00:00:00Z', 'month');
  const days = window('2024-01-10T00:00:00Z', '2024-01-21T00:00:00Z');
  return {
    open: await analytics.openFindingsChanges(orgId, filter, days),
    openByMonth: await analytics.openFindingsChanges(orgId, filter, year),
    flow: await analytics.findingFlow(orgId, filter, year),
    remediation: await analytics.remediation(orgId, filter, year),
    ranking: await analytics.advisoryRanking(orgId, filter, { after: null, limit: 100 }),
    affected: await analytics.affectedAssets(orgId, 'CVE-2024-0001', filter, { afterAssetId: null, limit: 100 }),
    cohorts: await analytics.openCohorts(orgId, filter),
    appliedThrough: await analytics.appliedThrough(orgId),
  };
}

describe.each(stores)('Findings analytics contract ($name)', ({ open }) => {
  let store: Store;
  let analytics: Analytics;
  // Two organizations per test, fresh each time, so tests share the store but never each other's data.
  let orgA: OrgId;
  let orgB: OrgId;
  let assetA1: string;
  let assetA2: string;

  beforeAll(async () => {
    store = await open();
    analytics = store.analytics;
  });
  afterAll(async () => {
    await store?.dispose();
  });
  beforeEach(() => {
    orgA = newOrg();
    orgB = newOrg();
    assetA1 = randomUUID();
    assetA2 = randomUUID();
  });

  /**
   * Organization A's history around January 2024: a finding through triage, suppression,
   * expiry back to open, resolution and reopening; one whose severity changes while open and
   * while suppressed; one open since before the window; one created exactly at the window's
   * start and one exactly at its end. Organization B has one finding.
   */
  function januaryHistory(orgId: OrgId = orgA): FindingTransition[] {
    return [
      ...timeline(orgId, { assetId: assetA1 }, [
        ['open', 'high', '2024-01-10T05:00:00Z'],
        ['triaged', 'high', '2024-01-11T08:00:00Z'],
        ['suppressed', 'high', '2024-01-12T08:00:00Z'],
        ['open', 'high', '2024-01-20T23:59:59Z'],
        ['resolved', 'high', '2024-02-03T10:00:00Z'],
        ['reopened', 'high', '2024-02-10T10:00:00Z'],
      ]),
      ...timeline(orgId, { assetId: assetA2, kind: 'secret', advisory: 'aws-access-key' }, [
        ['open', 'low', '2024-01-15T10:00:00Z'],
        ['open', 'critical', '2024-01-16T10:00:00Z'],
        ['suppressed', 'critical', '2024-01-18T10:00:00Z'],
        ['suppressed', 'medium', '2024-01-19T10:00:00Z'],
        ['open', 'medium', '2024-01-25T10:00:00Z'],
      ]),
      ...timeline(orgId, { assetId: assetA2 }, [['open', 'medium', '2023-12-31T23:59:59Z']]),
      ...timeline(orgId, { assetId: assetA1, advisory: 'CVE-2024-0002' }, [
        ['open', 'critical', '2024-01-10T00:00:00Z'],
        ['resolved', 'critical', '2024-03-01T00:00:00Z'],
      ]),
      ...timeline(orgId, { assetId: assetA2, advisory: 'CVE-2024-0002' }, [['open', 'low', '2024-01-21T00:00:00Z']]),
    ];
  }
  const ofOrgB = (): FindingTransition[] => timeline(orgB, { assetId: randomUUID() }, [['open', 'high', '2024-01-12T00:00:00Z']]);

  describe('openFindingsChanges', () => {
    it('counts the open findings at the start and their changes per day, a transition at from inside, one at to outside', async () => {
      await analytics.recordTransitions([...januaryHistory(), ...ofOrgB()]);
      const answer = await analytics.openFindingsChanges(orgA, {}, window('2024-01-10T00:00:00Z', '2024-01-21T00:00:00Z'));
      expect(answer).toEqual({
        openAtStart: [{ severity: 'medium', open: 1 }],
        changes: [
          { bucket: '2024-01-10', severity: 'critical', net: 1 },
          { bucket: '2024-01-10', severity: 'high', net: 1 },
          { bucket: '2024-01-12', severity: 'high', net: -1 },
          { bucket: '2024-01-15', severity: 'low', net: 1 },
          // The change of severity while open moves the finding from low to critical.
          { bucket: '2024-01-16', severity: 'critical', net: 1 },
          { bucket: '2024-01-16', severity: 'low', net: -1 },
          { bucket: '2024-01-18', severity: 'critical', net: -1 },
          // 2024-01-19: the change of severity while suppressed changes no open count.
          { bucket: '2024-01-20', severity: 'high', net: 1 },
        ],
      });
      expect(await analytics.openFindingsChanges(orgB, {}, window('2024-01-10T00:00:00Z', '2024-01-21T00:00:00Z'))).toEqual({
        openAtStart: [],
        changes: [{ bucket: '2024-01-12', severity: 'high', net: 1 }],
      });
      expect(await analytics.openFindingsChanges(newOrg(), {}, window('2024-01-10T00:00:00Z', '2024-01-21T00:00:00Z'))).toEqual({ openAtStart: [], changes: [] });
    });

    it('sums the changes before a later start, and per month', async () => {
      await analytics.recordTransitions([...januaryHistory(), ...ofOrgB()]);
      const february = await analytics.openFindingsChanges(orgA, {}, window('2024-02-01T00:00:00Z', '2024-04-01T00:00:00Z', 'month'));
      expect(february).toEqual({
        openAtStart: [
          { severity: 'critical', open: 1 },
          { severity: 'high', open: 1 },
          { severity: 'low', open: 1 },
          { severity: 'medium', open: 2 },
        ],
        changes: [{ bucket: '2024-03-01', severity: 'critical', net: -1 }],
      });
    });

    it('narrows by asset, kind and severity (the severity of each change)', async () => {
      await analytics.recordTransitions([...januaryHistory(), ...ofOrgB()]);
      const days = window('2024-01-10T00:00:00Z', '2024-01-21T00:00:00Z');
      expect(await analytics.openFindingsChanges(orgA, { assetId: assetA2.toUpperCase() }, days)).toEqual({
        openAtStart: [{ severity: 'medium', open: 1 }],
        changes: [
          { bucket: '2024-01-15', severity: 'low', net: 1 },
          { bucket: '2024-01-16', severity: 'critical', net: 1 },
          { bucket: '2024-01-16', severity: 'low', net: -1 },
          { bucket: '2024-01-18', severity: 'critical', net: -1 },
        ],
      });
      expect(await analytics.openFindingsChanges(orgA, { kinds: ['secret'] }, days)).toEqual({
        openAtStart: [],
        changes: [
          { bucket: '2024-01-15', severity: 'low', net: 1 },
          { bucket: '2024-01-16', severity: 'critical', net: 1 },
          { bucket: '2024-01-16', severity: 'low', net: -1 },
          { bucket: '2024-01-18', severity: 'critical', net: -1 },
        ],
      });
      expect(await analytics.openFindingsChanges(orgA, { severities: ['critical', 'medium'] }, days)).toEqual({
        openAtStart: [{ severity: 'medium', open: 1 }],
        changes: [
          { bucket: '2024-01-10', severity: 'critical', net: 1 },
          { bucket: '2024-01-16', severity: 'critical', net: 1 },
          { bucket: '2024-01-18', severity: 'critical', net: -1 },
        ],
      });
      expect(await analytics.openFindingsChanges(orgB, { assetId: assetA2 }, days)).toEqual({ openAtStart: [], changes: [] });
    });
  });

  describe('findingFlow and remediation', () => {
    it('counts discoveries, resolutions and reopenings per bucket: day, week (Mondays) and month across a year end', async () => {
      await analytics.recordTransitions([
        ...timeline(orgA, { assetId: assetA1 }, [
          ['open', 'high', '2023-12-31T23:59:59Z'],
          ['resolved', 'high', '2024-01-01T00:00:00Z'],
          ['reopened', 'high', '2024-01-31T12:00:00Z'],
          // A change of severity while reopened is not another reopening.
          ['reopened', 'critical', '2024-02-01T00:00:00Z'],
        ]),
        ...timeline(orgA, { assetId: assetA2 }, [
          ['open', 'high', '2024-01-01T10:00:00Z'],
          ['triaged', 'high', '2024-01-02T10:00:00Z'],
          ['resolved', 'high', '2024-02-01T00:00:00Z'],
        ]),
        ...ofOrgB(),
      ]);
      expect(await analytics.findingFlow(orgA, {}, window('2023-12-31T00:00:00Z', '2024-02-02T00:00:00Z'))).toEqual([
        { bucket: '2023-12-31', severity: 'high', discovered: 1, resolved: 0, reopened: 0 },
        { bucket: '2024-01-01', severity: 'high', discovered: 1, resolved: 1, reopened: 0 },
        { bucket: '2024-01-31', severity: 'high', discovered: 0, resolved: 0, reopened: 1 },
        { bucket: '2024-02-01', severity: 'high', discovered: 0, resolved: 1, reopened: 0 },
      ]);
      expect(await analytics.findingFlow(orgA, {}, window('2023-12-25T00:00:00Z', '2024-02-05T00:00:00Z', 'week'))).toEqual([
        { bucket: '2023-12-25', severity: 'high', discovered: 1, resolved: 0, reopened: 0 },
        { bucket: '2024-01-01', severity: 'high', discovered: 1, resolved: 1, reopened: 0 },
        { bucket: '2024-01-29', severity: 'high', discovered: 0, resolved: 1, reopened: 1 },
      ]);
      expect(await analytics.findingFlow(orgA, {}, window('2023-12-01T00:00:00Z', '2024-03-01T00:00:00Z', 'month'))).toEqual([
        { bucket: '2023-12-01', severity: 'high', discovered: 1, resolved: 0, reopened: 0 },
        { bucket: '2024-01-01', severity: 'high', discovered: 1, resolved: 1, reopened: 1 },
        { bucket: '2024-02-01', severity: 'high', discovered: 0, resolved: 1, reopened: 0 },
      ]);
      // The window's edges: from inside, to outside.
      expect(await analytics.findingFlow(orgA, {}, window('2024-01-01T00:00:00Z', '2024-02-01T00:00:00Z', 'month'))).toEqual([
        { bucket: '2024-01-01', severity: 'high', discovered: 1, resolved: 1, reopened: 1 },
      ]);
      expect(await analytics.findingFlow(orgB, {}, window('2023-12-01T00:00:00Z', '2024-03-01T00:00:00Z', 'month'))).toEqual([
        { bucket: '2024-01-01', severity: 'high', discovered: 1, resolved: 0, reopened: 0 },
      ]);
    });

    it('narrows the flow by asset, kind and severity', async () => {
      await analytics.recordTransitions([...januaryHistory(), ...ofOrgB()]);
      const months = window('2023-12-01T00:00:00Z', '2024-04-01T00:00:00Z', 'month');
      expect(await analytics.findingFlow(orgA, { assetId: assetA1 }, months)).toEqual([
        { bucket: '2024-01-01', severity: 'critical', discovered: 1, resolved: 0, reopened: 0 },
        { bucket: '2024-01-01', severity: 'high', discovered: 1, resolved: 0, reopened: 0 },
        { bucket: '2024-02-01', severity: 'high', discovered: 0, resolved: 1, reopened: 1 },
        { bucket: '2024-03-01', severity: 'critical', discovered: 0, resolved: 1, reopened: 0 },
      ]);
      expect(await analytics.findingFlow(orgA, { kinds: ['secret'] }, months)).toEqual([{ bucket: '2024-01-01', severity: 'low', discovered: 1, resolved: 0, reopened: 0 }]);
      expect(await analytics.findingFlow(orgA, { severities: ['medium', 'low'] }, months)).toEqual([
        { bucket: '2023-12-01', severity: 'medium', discovered: 1, resolved: 0, reopened: 0 },
        { bucket: '2024-01-01', severity: 'low', discovered: 2, resolved: 0, reopened: 0 },
      ]);
    });

    it('sums the seconds from first seen to each resolution, per bucket and severity', async () => {
      await analytics.recordTransitions([
        ...januaryHistory(),
        ...timeline(orgA, { assetId: assetA2, kind: 'misconfiguration', advisory: 'KSV001' }, [
          ['open', 'high', '2024-02-01T00:00:00Z'],
          ['resolved', 'high', '2024-02-01T00:01:40Z'],
        ]),
        ...ofOrgB(),
      ]);
      const months = window('2024-01-01T00:00:00Z', '2024-04-01T00:00:00Z', 'month');
      expect(await analytics.remediation(orgA, {}, months)).toEqual([
        // 2024-01-10T05:00 to 2024-02-03T10:00, and 100 seconds.
        { bucket: '2024-02-01', severity: 'high', resolved: 2, totalSeconds: 24 * 86_400 + 5 * 3_600 + 100 },
        // 2024-01-10T00:00 to 2024-03-01T00:00: 51 days.
        { bucket: '2024-03-01', severity: 'critical', resolved: 1, totalSeconds: 51 * 86_400 },
      ]);
      expect(await analytics.remediation(orgA, { kinds: ['misconfiguration'] }, months)).toEqual([{ bucket: '2024-02-01', severity: 'high', resolved: 1, totalSeconds: 100 }]);
      expect(await analytics.remediation(orgA, { assetId: assetA1, severities: ['critical'] }, months)).toEqual([
        { bucket: '2024-03-01', severity: 'critical', resolved: 1, totalSeconds: 51 * 86_400 },
      ]);
      expect(await analytics.remediation(orgA, {}, window('2024-02-03T00:00:00Z', '2024-03-01T00:00:00Z'))).toEqual([
        { bucket: '2024-02-03', severity: 'high', resolved: 1, totalSeconds: 24 * 86_400 + 5 * 3_600 },
      ]);
      expect(await analytics.remediation(orgB, {}, months)).toEqual([]);
    });
  });

  describe('fleet exposure', () => {
    /** Open findings of advisories across assets; the latest transition of each finding decides. */
    function fleet(orgId: OrgId, assets: string[]): FindingTransition[] {
      const openOn = (advisory: string, assetIds: string[], severity = 'high', kind = 'vulnerability') =>
        assetIds.flatMap((assetId) => timeline(orgId, { assetId, advisory, kind }, [['open', severity, '2024-03-01T10:00:00Z']]));
      return [
        ...openOn('CVE-A', assets.slice(0, 3)),
        // Two open findings of CVE-A on the first asset: one asset, two findings.
        ...openOn('CVE-A', assets.slice(0, 1), 'critical'),
        ...openOn('CVE-B', assets.slice(2, 4), 'medium'),
        ...openOn('CVE-C', assets.slice(3, 5), 'low', 'secret'),
        // Code point order puts lower case after upper case.
        ...openOn('cve-a', assets.slice(4, 5)),
        // Latest transitions that leave the finding resolved or suppressed: not open.
        ...timeline(orgId, { assetId: assets[0]!, advisory: 'CVE-D' }, [
          ['open', 'high', '2024-03-01T10:00:00Z'],
          ['resolved', 'high', '2024-03-02T10:00:00Z'],
        ]),
        ...timeline(orgId, { assetId: assets[1]!, advisory: 'CVE-B' }, [
          ['open', 'medium', '2024-02-01T10:00:00Z'],
          ['suppressed', 'medium', '2024-03-02T10:00:00Z'],
        ]),
        // Resolved, then reopened with a new severity: open, and critical now.
        ...timeline(orgId, { assetId: assets[4]!, advisory: 'CVE-B' }, [
          ['open', 'medium', '2024-02-01T10:00:00Z'],
          ['resolved', 'medium', '2024-02-05T10:00:00Z'],
          ['reopened', 'medium', '2024-03-02T10:00:00Z'],
          ['reopened', 'critical', '2024-03-03T10:00:00Z'],
        ]),
      ];
    }
    const sortedAssets = (): string[] => Array.from({ length: 5 }, () => randomUUID()).sort();

    it('ranks advisories by affected assets, then advisory in code point order, and walks every page once', async () => {
      const assets = sortedAssets();
      await analytics.recordTransitions([...fleet(orgA, assets), ...ofOrgB()]);
      const ranking: AdvisoryExposureRow[] = [
        { advisory: 'CVE-A', assets: 3, openFindings: 4, severities: ['critical', 'high'] },
        { advisory: 'CVE-B', assets: 3, openFindings: 3, severities: ['critical', 'medium'] },
        { advisory: 'CVE-C', assets: 2, openFindings: 2, severities: ['low'] },
        { advisory: 'cve-a', assets: 1, openFindings: 1, severities: ['high'] },
      ];
      expect(await analytics.advisoryRanking(orgA, {}, { after: null, limit: 10 })).toEqual(ranking);
      for (const limit of [1, 2, 3]) {
        const walked: AdvisoryExposureRow[] = [];
        for (let after = null as AdvisoryExposureRow | null; ; ) {
          const page = await analytics.advisoryRanking(orgA, {}, { after, limit });
          walked.push(...page);
          if (page.length < limit) break;
          after = page.at(-1)!;
        }
        expect(walked).toEqual(ranking);
      }
      expect(await analytics.advisoryRanking(orgB, {}, { after: null, limit: 10 })).toEqual([{ advisory: 'CVE-2024-0001', assets: 1, openFindings: 1, severities: ['high'] }]);
    });

    it('narrows the ranking by the current severity, kind and asset', async () => {
      const assets = sortedAssets();
      await analytics.recordTransitions([...fleet(orgA, assets), ...ofOrgB()]);
      expect(await analytics.advisoryRanking(orgA, { severities: ['critical'] }, { after: null, limit: 10 })).toEqual([
        { advisory: 'CVE-A', assets: 1, openFindings: 1, severities: ['critical'] },
        { advisory: 'CVE-B', assets: 1, openFindings: 1, severities: ['critical'] },
      ]);
      expect(await analytics.advisoryRanking(orgA, { severities: ['medium'] }, { after: null, limit: 10 })).toEqual([
        { advisory: 'CVE-B', assets: 2, openFindings: 2, severities: ['medium'] },
      ]);
      expect(await analytics.advisoryRanking(orgA, { kinds: ['secret'] }, { after: null, limit: 10 })).toEqual([
        { advisory: 'CVE-C', assets: 2, openFindings: 2, severities: ['low'] },
      ]);
      expect(await analytics.advisoryRanking(orgA, { assetId: assets[0]! }, { after: null, limit: 10 })).toEqual([
        { advisory: 'CVE-A', assets: 1, openFindings: 2, severities: ['critical', 'high'] },
      ]);
      expect(await analytics.advisoryRanking(orgB, { assetId: assets[0]! }, { after: null, limit: 10 })).toEqual([]);
    });

    it('lists the affected assets of one advisory in asset id order, and walks every page once', async () => {
      const assets = sortedAssets();
      await analytics.recordTransitions([...fleet(orgA, assets), ...ofOrgB()]);
      const affected: AffectedAssetRow[] = [
        { assetId: assets[2]!, openFindings: 1, severities: ['medium'], firstSeenAt: new Date('2024-03-01T10:00:00Z') },
        { assetId: assets[3]!, openFindings: 1, severities: ['medium'], firstSeenAt: new Date('2024-03-01T10:00:00Z') },
        { assetId: assets[4]!, openFindings: 1, severities: ['critical'], firstSeenAt: new Date('2024-02-01T10:00:00Z') },
      ];
      expect(await analytics.affectedAssets(orgA, 'CVE-B', {}, { afterAssetId: null, limit: 10 })).toEqual(affected);
      for (const limit of [1, 2]) {
        const walked: AffectedAssetRow[] = [];
        for (let afterAssetId = null as string | null; ; ) {
          const page = await analytics.affectedAssets(orgA, 'CVE-B', {}, { afterAssetId, limit });
          walked.push(...page);
          if (page.length < limit) break;
          afterAssetId = page.at(-1)!.assetId.toUpperCase();
        }
        expect(walked).toEqual(affected);
      }
      expect(await analytics.affectedAssets(orgA, 'CVE-A', {}, { afterAssetId: null, limit: 1 })).toEqual([
        { assetId: assets[0]!, openFindings: 2, severities: ['critical', 'high'], firstSeenAt: new Date('2024-03-01T10:00:00Z') },
      ]);
      expect(await analytics.affectedAssets(orgA, 'CVE-B', { severities: ['critical'] }, { afterAssetId: null, limit: 10 })).toEqual([affected[2]]);
      expect(await analytics.affectedAssets(orgA, 'CVE-B', { assetId: assets[3]! }, { afterAssetId: null, limit: 10 })).toEqual([affected[1]]);
      expect(await analytics.affectedAssets(orgA, 'CVE-C', { kinds: ['vulnerability'] }, { afterAssetId: null, limit: 10 })).toEqual([]);
      expect(await analytics.affectedAssets(orgA, 'cve-b', {}, { afterAssetId: null, limit: 10 })).toEqual([]);
      expect(await analytics.affectedAssets(orgB, 'CVE-B', {}, { afterAssetId: null, limit: 10 })).toEqual([]);
    });

    it('groups open findings by severity and the UTC day they were first seen', async () => {
      await analytics.recordTransitions([...januaryHistory(), ...ofOrgB()]);
      const cohorts = [
        { severity: 'medium', firstSeenDay: '2023-12-31', open: 1 },
        { severity: 'high', firstSeenDay: '2024-01-10', open: 1 },
        { severity: 'medium', firstSeenDay: '2024-01-15', open: 1 },
        { severity: 'low', firstSeenDay: '2024-01-21', open: 1 },
      ];
      expect(await analytics.openCohorts(orgA, {})).toEqual(cohorts);
      expect(await analytics.openCohorts(orgA, { severities: ['medium'] })).toEqual([cohorts[0], cohorts[2]]);
      expect(await analytics.openCohorts(orgA, { kinds: ['secret'] })).toEqual([cohorts[2]]);
      expect(await analytics.openCohorts(orgA, { assetId: assetA1 })).toEqual([cohorts[1]]);
      expect(await analytics.openCohorts(orgB, {})).toEqual([{ severity: 'high', firstSeenDay: '2024-01-12', open: 1 }]);
    });
  });

  describe('recording', () => {
    it('never counts a transition twice: duplicates within a batch, across batches, in another order, in other spellings', async () => {
      const history = januaryHistory(orgA);
      await analytics.recordTransitions(history);
      const once = await everyAnswer(analytics, orgA);

      const redelivered = januaryHistory(orgB);
      const shouting = (t: FindingTransition): FindingTransition => ({ ...t, id: t.id.toUpperCase(), findingId: t.findingId.toUpperCase(), assetId: t.assetId.toUpperCase() });
      await analytics.recordTransitions([...redelivered, ...redelivered.slice(0, 4)]);
      await analytics.recordTransitions([...redelivered].reverse());
      await analytics.recordTransitions(redelivered.slice(3, 9).map(shouting));
      await analytics.recordTransitions([{ ...redelivered[0]!, orgId: asOrgId(orgB.toUpperCase()) }]);
      expect(await everyAnswer(analytics, orgB)).toEqual(once);
      expect(await everyAnswer(analytics, asOrgId(orgB.toUpperCase()))).toEqual(once);
      expect(once.appliedThrough).toEqual(new Date('2024-03-01T00:00:00Z'));
    });

    it('answers the same whatever order the transitions arrive in', async () => {
      await analytics.recordTransitions(januaryHistory(orgA));
      const inOrder = await everyAnswer(analytics, orgA);
      const shuffled = januaryHistory(orgB).reverse();
      for (let i = 0; i < shuffled.length; i += 3) await analytics.recordTransitions(shuffled.slice(i, i + 3));
      expect(await everyAnswer(analytics, orgB)).toEqual(inOrder);
    });

    it('answers the same when batches sharing days, advisories and transitions are recorded concurrently', async () => {
      await analytics.recordTransitions(januaryHistory(orgA));
      const once = await everyAnswer(analytics, orgA);
      const history = januaryHistory(orgB);
      // Every batch touches the same keys; whichever recomputation finishes last, the answer is whole.
      await Promise.all([history.slice(0, 8), history.slice(4), [...history].reverse(), history.filter((_, i) => i % 2 === 0)].map((batch) => analytics.recordTransitions(batch)));
      expect(await everyAnswer(analytics, orgB)).toEqual(once);
    });

    it('answers the same after recording with rollups deferred and one refresh, and a refresh repeated changes nothing', async () => {
      await analytics.recordTransitions(januaryHistory(orgA));
      const live = await everyAnswer(analytics, orgA);
      const history = januaryHistory(orgB);
      for (let i = 0; i < history.length; i += 4) await analytics.recordTransitions(history.slice(i, i + 4), { rollups: 'deferred' });
      await analytics.refreshRollups(orgB);
      expect(await everyAnswer(analytics, orgB)).toEqual(live);
      await analytics.refreshRollups(orgB);
      await analytics.refreshRollups(orgA);
      expect(await everyAnswer(analytics, orgB)).toEqual(live);
      expect(await everyAnswer(analytics, orgA)).toEqual(live);
    });

    it('answers when it is as of: the newest transition held, or null', async () => {
      expect(await analytics.appliedThrough(orgA)).toBeNull();
      await analytics.recordTransitions([...januaryHistory(), ...ofOrgB()]);
      expect(await analytics.appliedThrough(orgA)).toEqual(new Date('2024-03-01T00:00:00Z'));
      expect(await analytics.appliedThrough(orgB)).toEqual(new Date('2024-01-12T00:00:00Z'));
    });

    it("forgets one asset's transitions and keeps the rest", async () => {
      await analytics.recordTransitions([...januaryHistory(), ...ofOrgB()]);
      const otherOrg = await everyAnswer(analytics, orgB);
      await analytics.forgetAsset(orgA, assetA1.toUpperCase());
      // Only assetA2's findings remain: the secret, the medium one of 2023 and the low one of 2024-01-21.
      const expected = {
        openAtStart: [{ severity: 'medium', open: 1 }],
        changes: [
          { bucket: '2024-01-15', severity: 'low', net: 1 },
          { bucket: '2024-01-16', severity: 'critical', net: 1 },
          { bucket: '2024-01-16', severity: 'low', net: -1 },
          { bucket: '2024-01-18', severity: 'critical', net: -1 },
        ],
      };
      await vi.waitFor(async () => expect(await analytics.openFindingsChanges(orgA, {}, window('2024-01-10T00:00:00Z', '2024-01-21T00:00:00Z'))).toEqual(expected), {
        timeout: 30_000,
        interval: 100,
      });
      expect(await analytics.advisoryRanking(orgA, {}, { after: null, limit: 10 })).toEqual([
        { advisory: 'CVE-2024-0001', assets: 1, openFindings: 1, severities: ['medium'] },
        { advisory: 'CVE-2024-0002', assets: 1, openFindings: 1, severities: ['low'] },
        { advisory: 'aws-access-key', assets: 1, openFindings: 1, severities: ['medium'] },
      ]);
      expect(await analytics.affectedAssets(orgA, 'CVE-2024-0001', {}, { afterAssetId: null, limit: 10 })).toEqual([
        { assetId: assetA2, openFindings: 1, severities: ['medium'], firstSeenAt: new Date('2023-12-31T23:59:59Z') },
      ]);
      expect(await analytics.openCohorts(orgA, { assetId: assetA1 })).toEqual([]);
      expect(await analytics.remediation(orgA, {}, window('2024-01-01T00:00:00Z', '2024-04-01T00:00:00Z', 'month'))).toEqual([]);
      expect(await analytics.appliedThrough(orgA)).toEqual(new Date('2024-01-25T10:00:00Z'));
      expect(await everyAnswer(analytics, orgB)).toEqual(otherOrg);
    });

    it("forgets an organization's transitions and keeps the other's", async () => {
      await analytics.recordTransitions([...januaryHistory(), ...ofOrgB()]);
      const otherOrg = await everyAnswer(analytics, orgB);
      await analytics.forget(orgA);
      const nothing = await everyAnswer(analytics, newOrg());
      // ClickHouse applies the mutation in the background once it has accepted it.
      await vi.waitFor(async () => expect(await everyAnswer(analytics, orgA)).toEqual(nothing), { timeout: 30_000, interval: 200 });
      expect(nothing.appliedThrough).toBeNull();
      expect(await everyAnswer(analytics, orgB)).toEqual(otherOrg);
    });

    it('refuses asset ids that are not UUIDs', async () => {
      await expect(analytics.openCohorts(orgA, { assetId: 'not-a-uuid' })).rejects.toThrow(TypeError);
      await expect(analytics.affectedAssets(orgA, 'CVE-A', {}, { afterAssetId: "x' OR 1=1", limit: 10 })).rejects.toThrow(TypeError);
    });
  });
});
