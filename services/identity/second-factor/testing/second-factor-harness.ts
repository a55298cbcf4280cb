// For this module's tests: an app whose clock the test moves (TOTP codes change every
// 30 seconds, and a code is accepted once per step), and the steps a person takes.
import { expect } from 'vitest';
import type { Profile, TestApp, TestAppOptions, TestPerson } from '../../../../test/support/test-app.js';
import { SENTINEL_TOTP } from '../totp.js';
import { totpCodeAt } from './totp-codes.js';

export interface MovableClock {
  now(): Date;
  /** On to the next time step, so the authenticator shows a new code. */
  nextStep(): void;
}

/** Real time, moved on by the test a step at a time: tokens the sessions sign stay valid. */
export function movableClock(): MovableClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    nextStep: () => void (offset += SENTINEL_TOTP.period * 1000),
  };
}

export const appWithClock = (profile: { profile: Profile }, clock: MovableClock): TestAppOptions => ({ profile: profile.profile, clock: clock.now });

export interface Enrolled {
  secret: string;
  recoveryCodes: string[];
}

/** The code the person's authenticator shows now. */
export const currentCode = (clock: MovableClock, secret: string): string => totpCodeAt(secret, clock.now());

/** Enrols and confirms a second factor for the person through the routes; the clock is moved past the confirming code's step. */
export async function enrol(t: TestApp, person: TestPerson, clock: MovableClock): Promise<Enrolled> {
  const started = await t.call('POST', '/api/v1/me/second-factor/totp', { token: person.token });
  expect(started.status).toBe(201);
  const confirmed = await t.call('POST', '/api/v1/me/second-factor/totp/confirm', { token: person.token, body: { code: currentCode(clock, started.body.secret) } });
  expect(confirmed.status).toBe(200);
  clock.nextStep();
  return { secret: started.body.secret, recoveryCodes: confirmed.body.recovery_codes };
}

/** POST /auth/login with whatever second factor is given. */
export const login = (t: TestApp, person: Pick<TestPerson, 'email' | 'password'>, second: { totp_code?: string; recovery_code?: string } = {}) =>
  t.call('POST', '/api/v1/auth/login', { body: { email: person.email, password: person.password, ...second } });

/** The person's personal trail, filtered by action, newest first. */
export async function trail(t: TestApp, person: TestPerson, action: string): Promise<{ actor: unknown; detail: Record<string, unknown> }[]> {
  const response = await t.call('GET', `/api/v1/identity/audit?action=${action}`, { token: person.token, headers: { 'x-expected-organization': person.personalOrgId } });
  expect(response.status).toBe(200);
  return response.body.events;
}
