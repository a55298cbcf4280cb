// Findings analytics: the facts both analytics stores keep about
// findings, and the questions they answer. A transition is one entry of a
// finding's timeline (finding_events): its creation or a change of status. The
// live feed (the analytics sink, from finding.* domain events) and the rebuild
// (from PostgreSQL's finding_events) produce the same transition with the same
// id, so recording one twice, from either source, changes nothing.
//
// The stores answer sparse rows per bucket; the analytics capability zero-fills,
// accumulates and derives means and SLA breaches from them, one code for both
// stores. Kinds, severities and statuses travel as the findings capability's
// strings; the platform does not know their lists.
import type { OrgId } from '../../platform/db/database.js';

export interface FindingTransition {
  /** finding_events.id: the same from the live feed and from the rebuild. */
  id: string;
  /** finding_events.seq: orders one finding's transitions exactly, where times to the second may tie. */
  sequence: number;
  orgId: OrgId;
  findingId: string;
  assetId: string;
  kind: string;
  /** The finding's severity when the transition was recorded (after it, for a severity change). */
  severity: string;
  /** For a change of severity only (fromStatus = toStatus): the severity before it; null for every other transition. */
  fromSeverity: string | null;
  /** The finding's identifier: the advisory id of a vulnerability, the rule of a secret or misconfiguration. */
  advisory: string;
  /** null for the finding's creation. */
  fromStatus: string | null;
  toStatus: string;
  occurredAt: Date;
  firstSeenAt: Date;
}

/** Statuses in which a finding counts as open in every view: neither resolved nor suppressed. */
export const OPEN_STATUSES: readonly string[] = ['open', 'triaged', 'reopened'];

export type Bucket = 'day' | 'week' | 'month';

/** What every view may be narrowed to. An empty or absent list does not narrow. */
export interface FindingFilter {
  assetId?: string;
  severities?: readonly string[];
  kinds?: readonly string[];
}

/**
 * A time range of whole buckets in UTC: from is the start of a bucket (a day's
 * midnight; a Monday for weeks; the 1st for months) and to the start of the
 * bucket after the last one. Transitions count when from <= occurredAt < to.
 */
export interface BucketedWindow {
  from: Date;
  to: Date;
  bucket: Bucket;
}

/** The start of a bucket as 'YYYY-MM-DD' (UTC). */
export type BucketStart = string;

export interface OpenFindingsChanges {
  /** Findings open at window.from, per severity (severities with none are left out). */
  openAtStart: { severity: string; open: number }[];
  /** Net change of open findings within each bucket, per severity; buckets and severities without change are left out. */
  changes: { bucket: BucketStart; severity: string; net: number }[];
}

export interface FlowRow {
  bucket: BucketStart;
  severity: string;
  /** Findings created. */
  discovered: number;
  /** Transitions to resolved. */
  resolved: number;
  /** Transitions to reopened. */
  reopened: number;
}

export interface RemediationRow {
  bucket: BucketStart;
  severity: string;
  /** Transitions to resolved in the bucket. */
  resolved: number;
  /** Sum over them of the seconds from the finding's first_seen_at to the resolution. */
  totalSeconds: number;
}

export interface AdvisoryExposureRow {
  advisory: string;
  /** Assets with at least one open finding of the advisory. */
  assets: number;
  /** Open findings of the advisory. */
  openFindings: number;
  /** The distinct severities among them; the capability picks the worst in its own order. */
  severities: string[];
}

/** Keyset position in the advisory ranking: most assets first, then advisory in code point order. */
export interface AdvisoryRankPosition {
  assets: number;
  advisory: string;
}

export interface AffectedAssetRow {
  assetId: string;
  openFindings: number;
  /** The distinct severities among them. */
  severities: string[];
  /** The earliest first_seen_at among its open findings of the advisory. */
  firstSeenAt: Date;
}

/** Open findings grouped by the UTC day they were first seen: the input of age buckets and SLA breaches. */
export interface OpenCohortRow {
  severity: string;
  firstSeenDay: BucketStart;
  open: number;
}

/** The questions of the analytics views; every one takes the organization first. */
export interface FindingAnalyticsQueries {
  openFindingsChanges(orgId: OrgId, filter: FindingFilter, window: BucketedWindow): Promise<OpenFindingsChanges>;
  findingFlow(orgId: OrgId, filter: FindingFilter, window: BucketedWindow): Promise<FlowRow[]>;
  remediation(orgId: OrgId, filter: FindingFilter, window: BucketedWindow): Promise<RemediationRow[]>;
  /** Advisories with open findings, most assets first; at most limit rows after the position. */
  advisoryRanking(orgId: OrgId, filter: FindingFilter, page: { after: AdvisoryRankPosition | null; limit: number }): Promise<AdvisoryExposureRow[]>;
  /** Assets with open findings of one advisory, in asset id order; at most limit rows after the asset id. */
  affectedAssets(orgId: OrgId, advisory: string, filter: FindingFilter, page: { afterAssetId: string | null; limit: number }): Promise<AffectedAssetRow[]>;
  openCohorts(orgId: OrgId, filter: FindingFilter): Promise<OpenCohortRow[]>;
  /** The occurredAt of the newest transition the store holds for the organization, or null: what the views are "as of". */
  appliedThrough(orgId: OrgId): Promise<Date | null>;
}

export interface FindingAnalytics extends FindingAnalyticsQueries {
  /**
   * Idempotent per transition id: a transition recorded again, from either source, changes nothing.
   * rollups 'deferred' (the rebuild's bulk path) records the transitions only: a store that keeps
   * rollups brings them up to date in refreshRollups, once, instead of after every batch.
   */
  recordTransitions(transitions: readonly FindingTransition[], options?: { rollups: 'now' | 'deferred' }): Promise<void>;
  /** Recomputes every rollup of the organization from its transitions (after deferred recording, or to repair); a no-op in a store without rollups. */
  refreshRollups(orgId: OrgId): Promise<void>;
  /** Erases the transitions of one asset (deleted with its findings). */
  forgetAsset(orgId: OrgId, assetId: string): Promise<void>;
}
