// The organization a consumed record belongs to is its key: the log partitions and
// orders by it, and the publisher set it from the organization it acted in. A value
// naming another organization is a record no retry can apply, so it is set aside
// (set-aside.ts) rather than written to either organization.
import { isUuid } from '../services/platform/ids.js';
import type { OrgId } from '../services/platform/db/database.js';
import { AppError } from '../services/platform/errors.js';
import { tenantOfClaim, type SystemScope } from '../services/platform/tenancy.js';

/** The error for a record no retry can apply: not retriable, so the stream log sets the record aside. */
export const unappliableRecord = (why: string): AppError => new AppError('unprocessable', why, { retriable: false });

/** The record's organization, from its key; refuses a key that is no organization id, or a value naming another. */
export function tenantOfRecord(scope: SystemScope, record: { key: string }, namedInValue?: string): OrgId {
  if (!isUuid(record.key)) throw unappliableRecord('the record is keyed by no organization id');
  if (namedInValue !== undefined && namedInValue !== record.key) throw unappliableRecord('the record names another organization than its key');
  return tenantOfClaim(scope, record.key);
}
