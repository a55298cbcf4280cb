// VEX in and out: OpenVEX and CycloneDX VEX documents applied to an
// asset's or an organization's findings through the findings capability's triage
// and suppression, and the organization's decisions about an asset exported in
// either format.
import type { Database } from '../platform/db/database.js';
import type { CapabilityModule } from '../platform/module.js';
import { exportAssetVex } from './handlers/exportAssetVex.js';
import { importAssetVex } from './handlers/importAssetVex.js';
import { importOrganizationVex } from './handlers/importOrganizationVex.js';

export function createVexModule(deps: { db: Database }): CapabilityModule {
  const { db } = deps;
  return {
    name: 'vex',
    handlers: {
      importAssetVex: importAssetVex({ db }),
      importOrganizationVex: importOrganizationVex({ db }),
      exportAssetVex: exportAssetVex({ db }),
    },
  };
}
