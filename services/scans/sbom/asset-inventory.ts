// The inventory kept for each asset: the components the latest
// successful scan read, from the built-in scanner or an imported SBOM, replaced by
// each such scan in the transaction that records its results, and read back for the
// CycloneDX and SPDX exports. Each component also carries what advisories call it
// (advisory_ecosystem, advisory_name), indexed for continuous matching (item 3).
import { baseEcosystem, normalizePackageName } from '../../advisories/index.js';
import type { OrgId, Queryable } from '../../platform/db/database.js';
import type { InventoryPackage, OsRelease } from '../inventory/inventory.js';

export interface InventoryComponent {
  /** The imported document's reference (bom-ref, SPDXID); null for the built-in scanner's. */
  documentRef: string | null;
  /** The position of the component this one sits under; null at the top. */
  parent: number | null;
  /** CycloneDX component type: library, operating-system, application… */
  type: string;
  name: string;
  version: string | null;
  purl: string | null;
  cpe: string | null;
  /** The findings' component ecosystem (debian, npm…); null when none is known. */
  ecosystem: string | null;
  /** The OSV ecosystem it is matched in, release included; null when it cannot be matched. */
  osvEcosystem: string | null;
  source: { name: string; version: string } | null;
  installPath: string | null;
  licences: string[];
  /** What read it: 'sentinel' (the built-in scanner) or the imported format. */
  foundBy: string;
}

export interface AssetInventory {
  /** Where it came from: the built-in scanner's name, or the imported format (cyclonedx, spdx). */
  origin: string;
  /** The distribution the components were read on. */
  os: { id: string; version: string | null } | null;
  components: InventoryComponent[];
}

export interface StoredInventory extends AssetInventory {
  scanId: string;
  recordedAt: Date;
}

/**
 * The built-in scanner's inventory: the image's distribution as an operating-system
 * component, its OS packages under it, the language packages at the top.
 */
export function inventoryOfImage(scanner: string, os: OsRelease | null, packages: readonly InventoryPackage[]): AssetInventory {
  const components: InventoryComponent[] = [];
  if (os !== null) components.push({ ...emptyComponent(scanner), type: 'operating-system', name: os.id, version: os.versionId });
  for (const pkg of packages) {
    components.push({
      documentRef: null,
      parent: os !== null && pkg.source !== undefined ? 0 : null,
      type: 'library',
      name: pkg.name,
      version: pkg.version,
      purl: pkg.purl,
      cpe: null,
      ecosystem: pkg.ecosystem,
      osvEcosystem: pkg.osvEcosystem,
      source: pkg.source ?? null,
      installPath: pkg.installPath,
      licences: pkg.licences,
      foundBy: scanner,
    });
  }
  return { origin: scanner, os: os === null ? null : { id: os.id, version: os.versionId }, components };
}

/** A component with nothing known but what read it. */
export const emptyComponent = (foundBy: string): InventoryComponent => ({
  documentRef: null,
  parent: null,
  type: 'library',
  name: '',
  version: null,
  purl: null,
  cpe: null,
  ecosystem: null,
  osvEcosystem: null,
  source: null,
  installPath: null,
  licences: [],
  foundBy,
});

/** What advisories name a component by: the OSV ecosystem without release, and the (source) package name as the store normalizes it. */
function advisoryKeyOf(component: Pick<InventoryComponent, 'osvEcosystem' | 'name' | 'source'>): { ecosystem: string; name: string } | null {
  if (component.osvEcosystem === null) return null;
  return { ecosystem: baseEcosystem(component.osvEcosystem), name: normalizePackageName(component.osvEcosystem, component.source?.name ?? component.name) };
}

/** Replaces the asset's inventory with the scan's, in the caller's transaction. */
export async function replaceAssetInventory(tx: Queryable, target: { orgId: OrgId; assetId: string; scanId: string }, inventory: AssetInventory): Promise<void> {
  await tx.query('DELETE FROM asset_inventories WHERE org_id = $1 AND asset_id = $2', [target.orgId, target.assetId]);
  await tx.query('INSERT INTO asset_inventories (org_id, asset_id, scan_id, origin, os_id, os_version) VALUES ($1, $2, $3, $4, $5, $6)', [
    target.orgId,
    target.assetId,
    target.scanId,
    inventory.origin,
    inventory.os?.id ?? null,
    inventory.os?.version ?? null,
  ]);
  if (inventory.components.length === 0) return;
  // One parameter of JSON rows rather than a parameter per column: licences are a list per row.
  const rows = inventory.components.map((component, position) => {
    const key = advisoryKeyOf(component);
    return {
      position,
      parent_position: component.parent,
      document_ref: component.documentRef,
      component_type: component.type,
      name: component.name,
      version: component.version,
      purl: component.purl,
      cpe: component.cpe,
      ecosystem: component.ecosystem,
      osv_ecosystem: component.osvEcosystem,
      source_name: component.source?.name ?? null,
      source_version: component.source?.version ?? null,
      install_path: component.installPath,
      licences: component.licences,
      found_by: component.foundBy,
      advisory_ecosystem: key?.ecosystem ?? null,
      advisory_name: key?.name ?? null,
    };
  });
  await tx.query(
    `INSERT INTO asset_inventory_components (org_id, asset_id, position, parent_position, document_ref, component_type, name, version, purl, cpe, ecosystem,
                                             osv_ecosystem, source_name, source_version, install_path, licences, found_by, advisory_ecosystem, advisory_name)
     SELECT $1, $2, c.position, c.parent_position, c.document_ref, c.component_type, c.name, c.version, c.purl, c.cpe, c.ecosystem,
            c.osv_ecosystem, c.source_name, c.source_version, c.install_path, ARRAY(SELECT jsonb_array_elements_text(c.licences)), c.found_by, c.advisory_ecosystem, c.advisory_name
       FROM jsonb_to_recordset($3::jsonb) AS c (position integer, parent_position integer, document_ref text, component_type text, name text, version text, purl text, cpe text,
                                               ecosystem text, osv_ecosystem text, source_name text, source_version text, install_path text, licences jsonb, found_by text,
                                               advisory_ecosystem text, advisory_name text)`,
    [target.orgId, target.assetId, JSON.stringify(rows)],
  );
}

interface ComponentRow {
  parent_position: number | null;
  document_ref: string | null;
  component_type: string;
  name: string;
  version: string | null;
  purl: string | null;
  cpe: string | null;
  ecosystem: string | null;
  osv_ecosystem: string | null;
  source_name: string | null;
  source_version: string | null;
  install_path: string | null;
  licences: string[];
  found_by: string;
}

/** The asset's latest inventory, or null when no successful scan has recorded one. */
export async function readAssetInventory(q: Queryable, orgId: OrgId, assetId: string): Promise<StoredInventory | null> {
  return (await readAssetInventories(q, orgId, [assetId])).get(assetId) ?? null;
}

/** The latest inventories of the assets that have one, by asset id: two statements whatever the number of assets. */
export async function readAssetInventories(q: Queryable, orgId: OrgId, assetIds: readonly string[]): Promise<Map<string, StoredInventory>> {
  const inventories = new Map<string, StoredInventory>();
  if (assetIds.length === 0) return inventories;
  const found = await q.query<{ asset_id: string; scan_id: string; origin: string; os_id: string | null; os_version: string | null; recorded_at: Date }>(
    'SELECT asset_id, scan_id, origin, os_id, os_version, recorded_at FROM asset_inventories WHERE org_id = $1 AND asset_id = ANY ($2::uuid[])',
    [orgId, assetIds],
  );
  if (found.rows.length === 0) return inventories;
  for (const inventory of found.rows) {
    inventories.set(inventory.asset_id, {
      scanId: inventory.scan_id,
      recordedAt: inventory.recorded_at,
      origin: inventory.origin,
      os: inventory.os_id === null ? null : { id: inventory.os_id, version: inventory.os_version },
      components: [],
    });
  }
  const rows = await q.query<ComponentRow & { asset_id: string }>(
    `SELECT asset_id, parent_position, document_ref, component_type, name, version, purl, cpe, ecosystem, osv_ecosystem, source_name, source_version, install_path, licences, found_by
       FROM asset_inventory_components WHERE org_id = $1 AND asset_id = ANY ($2::uuid[]) ORDER BY asset_id, position`,
    [orgId, [...inventories.keys()]],
  );
  for (const row of rows.rows) {
    inventories.get(row.asset_id)?.components.push({
      documentRef: row.document_ref,
      parent: row.parent_position,
      type: row.component_type,
      name: row.name,
      version: row.version,
      purl: row.purl,
      cpe: row.cpe,
      ecosystem: row.ecosystem,
      osvEcosystem: row.osv_ecosystem,
      source: row.source_name === null ? null : { name: row.source_name, version: row.source_version ?? row.version ?? '' },
      installPath: row.install_path,
      licences: row.licences,
      foundBy: row.found_by,
    });
  }
  return inventories;
}

/**
 * The components of the assets' latest inventories named like `name`, case and PEP 503's
 * separators aside (the caller compares exactly): what a VEX statement's package is looked
 * up by when no finding matches it.
 */
export async function inventoryComponentsNamed(
  q: Queryable,
  orgId: OrgId,
  assetIds: readonly string[],
  name: string,
): Promise<{ assetId: string; ecosystem: string | null; name: string; version: string | null }[]> {
  if (assetIds.length === 0) return [];
  const found = await q.query<{ asset_id: string; ecosystem: string | null; name: string; version: string | null }>(
    `SELECT asset_id, ecosystem, name, version FROM asset_inventory_components
      WHERE org_id = $1 AND asset_id = ANY ($2::uuid[]) AND lower(regexp_replace(name, '[-_.]+', '-', 'g')) = $3`,
    [orgId, assetIds, name.toLowerCase().replace(/[-_.]+/g, '-')],
  );
  return found.rows.map((row) => ({ assetId: row.asset_id, ecosystem: row.ecosystem, name: row.name, version: row.version }));
}
