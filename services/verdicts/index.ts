// Verdicts (spec 2.8, 4.4): a completed scan judged once against the enabled
// policy's latest version, and the scan-summary processor the judgement is
// computed from.
import type { Database } from '../platform/db/database.js';
import type { CapabilityModule } from '../platform/module.js';
import { getVerdict } from './handlers/getVerdict.js';
import { listVerdicts } from './handlers/listVerdicts.js';
import { requestScanVerdict } from './handlers/requestScanVerdict.js';
import { scanSummaryProcessor } from './processors/scan-summary-processor.js';

export function createVerdictsModule(deps: { db: Database }): CapabilityModule {
  const { db } = deps;
  return {
    name: 'verdicts',
    handlers: {
      requestScanVerdict: requestScanVerdict({ db }),
      listVerdicts: listVerdicts({ db }),
      getVerdict: getVerdict({ db }),
    },
    processors: () => [scanSummaryProcessor({ db })],
  };
}
