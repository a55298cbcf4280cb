// What an advisory synchronization changed, package by package (migration 114), for
// continuous matching: written in the transaction that writes the records, claimed and
// deleted by the re-match planner (services/scans/continuous-matching) in the transaction
// that hands them on, so each change is planned once and none is lost to a crash.
import type { Queryable } from '../platform/db/database.js';

export type AdvisoryChange = 'added' | 'modified' | 'withdrawn';

export interface PackageChange {
  seq: string;
  /** The OSV ecosystem without release and the normalized name: what asset_inventory_components.advisory_ecosystem, advisory_name hold. */
  ecosystem: string;
  name: string;
  advisoryId: string;
  change: AdvisoryChange;
}

/**
 * Records, for every written record that changed, each package it named before or names
 * now: a package a modified record no longer names may hold findings the record made.
 */
export async function recordPackageChanges(
  tx: Queryable,
  ecosystem: string,
  written: readonly { id: string; change: AdvisoryChange | null }[],
  packages: readonly { name: string; id: string }[],
): Promise<void> {
  const changeOf = new Map(written.flatMap((row) => (row.change === null ? [] : [[row.id, row.change] as const])));
  if (changeOf.size === 0) return;
  const rows = new Map<string, { name: string; id: string; change: AdvisoryChange }>();
  for (const pkg of packages) {
    const change = changeOf.get(pkg.id);
    if (change !== undefined) rows.set(`${pkg.id}\u0000${pkg.name}`, { name: pkg.name, id: pkg.id, change });
  }
  if (rows.size === 0) return;
  await tx.query(
    `INSERT INTO advisory_package_changes (ecosystem, name, advisory_id, change)
     SELECT $1, c.name, c.id, c.change FROM jsonb_to_recordset($2::jsonb) AS c (name text, id text, change text)`,
    [ecosystem, JSON.stringify([...rows.values()])],
  );
}

/**
 * The oldest changes not yet planned, locked for the caller's transaction; another planner
 * running at the same time takes the next ones (SKIP LOCKED) rather than waiting.
 */
export async function claimPackageChanges(tx: Queryable, limit: number): Promise<PackageChange[]> {
  const found = await tx.query<{ seq: string; ecosystem: string; name: string; advisory_id: string; change: AdvisoryChange }>(
    'SELECT seq::text AS seq, ecosystem, name, advisory_id, change FROM advisory_package_changes ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED',
    [limit],
  );
  return found.rows.map((row) => ({ seq: row.seq, ecosystem: row.ecosystem, name: row.name, advisoryId: row.advisory_id, change: row.change }));
}

/** Deletes planned changes, in the transaction that handed them on. */
export async function forgetPackageChanges(tx: Queryable, changes: readonly PackageChange[]): Promise<void> {
  if (changes.length === 0) return;
  await tx.query('DELETE FROM advisory_package_changes WHERE seq = ANY ($1::bigint[])', [changes.map((change) => change.seq)]);
}
