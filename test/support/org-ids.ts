// Tests name organizations directly (a random id for "missing", an id read from an
// answer); production code gets an OrgId only through services/platform/tenancy.ts.
import type { OrgId } from '../../services/platform/db/database.js';

export const asOrgId = (value: string): OrgId => value as OrgId;
