// Test-only: delegations through the API.
import { expect } from 'vitest';
import type { TestApp, TestPerson } from '../../../../test/support/test-app.js';
import type { DelegableAuthority } from '../authority.js';
import type { NhiDelegation } from '../delegations.js';

const HOUR_MS = 60 * 60 * 1000;

/** POST /nhi/api/v1/delegations as the delegator, in force from now for `hours` unless dates are given. */
export async function delegate(
  t: TestApp,
  delegator: TestPerson,
  delegate: TestPerson,
  authority: DelegableAuthority[],
  dates: { startsAt?: Date; endsAt?: Date } = {},
): Promise<NhiDelegation> {
  const endsAt = dates.endsAt ?? new Date(Date.now() + 24 * HOUR_MS);
  const response = await t.call('POST', '/nhi/api/v1/delegations', {
    token: delegator.token,
    body: { delegateUserId: delegate.id, authority, endsAt: endsAt.toISOString(), ...(dates.startsAt ? { startsAt: dates.startsAt.toISOString() } : {}) },
  });
  expect(response.status, response.raw).toBe(201);
  return response.body;
}
