// GET /nhi/api/v1/audit/integrity: walks an organization's whole chain, recomputing
// every link and every digest (spec 4.8). Reads only: it writes no audit record.
import type { OrgId, Queryable } from '../../platform/db/database.js';
import { firstBreak, type ChainBreak, type ChainRecord } from './canonical.js';
import { readChain } from './records.js';

/** Records read per query while walking: bounded memory whatever the chain's length. */
const WALK_BATCH = 1000;

interface IntegrityReport {
  isIntact: boolean;
  /** Records checked: the whole chain when intact, otherwise up to and including the first broken record. */
  checked: number;
  firstBreak: ChainBreak | null;
}

/**
 * Walks the chain from its start, through `through` (a sequence) when given, else to
 * its end. The first record must link to nothing: a chain whose first records were
 * removed breaks there.
 */
export async function walkChain(q: Queryable, orgId: OrgId, through = Number.MAX_SAFE_INTEGER): Promise<IntegrityReport> {
  let anchor: string | null = null;
  let after = 0;
  let checked = 0;
  for (;;) {
    const batch = (await readChain(q, orgId, after, WALK_BATCH)).filter((record) => record.sequence <= through);
    const broken = firstBreak(batch, anchor);
    if (broken) {
      checked += batch.findIndex((record) => record.id === broken.recordId) + 1;
      return { isIntact: false, checked, firstBreak: broken };
    }
    checked += batch.length;
    const last: ChainRecord | undefined = batch.at(-1);
    if (!last || batch.length < WALK_BATCH) return { isIntact: true, checked, firstBreak: null };
    anchor = last.digest;
    after = last.sequence;
  }
}
