// The licence inventory (spec 2.5, 4.3): licence data is never a finding. Each
// asset's rows are what its latest successful scan reported (scan-results.ts
// replaces them), so the listing is the organization's current inventory.
import type { components } from '../../api/openapi.js';
import type { OrgId, Queryable } from '../platform/db/database.js';
import type { CursorCodec } from '../platform/pagination/cursor.js';
import { defineKeysetOrder, type KeysetRow } from '../platform/pagination/keyset.js';
import { parsePageRequest, readTablePage } from '../platform/pagination/page.js';

/** A licence of the inventory as the API shows it (and as its row reads): the document's License. */
type License = components['schemas']['License'];

const licenseColumns = 'id, license, asset_id, scan_id, package, version, ecosystem, path';

// By licence name, so one licence's packages come together. Not stable: a new scan
// of an asset replaces its rows (new ids) while a client walks the listing.
const licenseOrder = defineKeysetOrder({
  stable: false,
  keys: [
    { column: 'license', type: 'text', direction: 'asc' },
    { column: 'id', type: 'uuid', direction: 'asc' },
  ],
});

const optionalText = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** An asset_id naming another organization's asset simply matches nothing. */
export async function listLicensesPage(
  q: Queryable,
  codec: CursorCodec,
  orgId: OrgId,
  query: { limit?: unknown; cursor?: unknown; license?: unknown; asset_id?: unknown },
) {
  const request = parsePageRequest(query, { orders: ['license'], defaultOrder: 'license' });
  const license = optionalText(query.license);
  const assetId = optionalText(query.asset_id);
  return readTablePage<License & KeysetRow, License>({
    q,
    codec,
    orgId,
    listing: 'licenses',
    filters: { license, asset_id: assetId },
    request,
    order: licenseOrder,
    from: 'asset_licenses',
    columns: licenseColumns,
    where: 'org_id = $1 AND ($2::text IS NULL OR license = $2::text) AND ($3::uuid IS NULL OR asset_id = $3::uuid)',
    params: [orgId, license, assetId],
    toItem: ({ keyset_position: _position, ...view }) => view,
  });
}
