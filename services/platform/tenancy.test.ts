// Every cross-tenant system operation is named in one place and documented with its
// reason; the lint rules (test/lint) keep OrgIds from being minted any other way.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SYSTEM_OPERATIONS, systemScope, tenantOfClaim } from './tenancy.js';

describe('tenancy', () => {
  it('lists every system operation in docs/decisions/foundation.md', () => {
    const decisions = readFileSync(path.resolve(import.meta.dirname, '../../docs/decisions/foundation.md'), 'utf8');
    expect(Object.keys(SYSTEM_OPERATIONS).filter((operation) => !decisions.includes(`\`${operation}\``))).toEqual([]);
  });

  it('hands a claimed organization id on unchanged, under a scope that names its operation', () => {
    const scope = systemScope('claim-jobs');
    expect(scope).toEqual({ operation: 'claim-jobs' });
    expect(Object.isFrozen(scope)).toBe(true);
    expect(tenantOfClaim(scope, '0190c3c6-7c6a-7000-8000-000000000001')).toBe('0190c3c6-7c6a-7000-8000-000000000001');
  });
});
