// NHI access certification campaigns (and its halves of items 6, 7
// and 9): an Organization Admin opens a campaign over a scope of identities with
// reviewers and an end date; reviewers (or their delegates) answer keep or revoke for
// each identity; a revoke opens a remediation (services/nhi/remediation); progress
// and results are read by every module role. Operations under
// /nhi/api/v1/certification/campaigns.
import type { Database } from '../../platform/db/database.js';
import type { CapabilityModule } from '../../platform/module.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { recordModuleRefusal } from '../audit/index.js';
import { createCampaignReads } from './campaigns.js';
import { cancelCertificationCampaign } from './handlers/cancelCertificationCampaign.js';
import { closeCertificationCampaign } from './handlers/closeCertificationCampaign.js';
import { createCertificationCampaign } from './handlers/createCertificationCampaign.js';
import { decideCertificationItem } from './handlers/decideCertificationItem.js';
import { getCertificationCampaign } from './handlers/getCertificationCampaign.js';
import { listCertificationCampaigns } from './handlers/listCertificationCampaigns.js';
import { listCertificationItems } from './handlers/listCertificationItems.js';
import { startCertificationCampaign } from './handlers/startCertificationCampaign.js';

export function createNhiCertificationModule(deps: { db: Database; codec: CursorCodec; clock?: () => Date }): CapabilityModule {
  const { db, codec } = deps;
  const now = deps.clock ?? (() => new Date());
  const campaigns = createCampaignReads({ db, codec, now });
  const changing = { db, now };
  return {
    name: 'nhi/certification',
    handlers: {
      createCertificationCampaign: createCertificationCampaign(changing),
      listCertificationCampaigns: listCertificationCampaigns({ campaigns }),
      getCertificationCampaign: getCertificationCampaign({ campaigns }),
      startCertificationCampaign: startCertificationCampaign(changing),
      cancelCertificationCampaign: cancelCertificationCampaign(changing),
      closeCertificationCampaign: closeCertificationCampaign(changing),
      listCertificationItems: listCertificationItems({ campaigns }),
      decideCertificationItem: decideCertificationItem(changing),
    },
    refusalRecorder: recordModuleRefusal,
  };
}
