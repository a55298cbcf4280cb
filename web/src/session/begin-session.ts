import { unscopedApi } from '../api/client';
import { unwrap } from '../api/api-error';
import { queryClient } from '../api/query-client';
import { setExpectedOrganization } from './acting-organization';
import { endSession, renewedTokens, startSession, type Tokens } from './session-store';

/**
 * Starts the session the tokens stand for and learns the organization the person acts
 * in, which every later request then expects. Views of an earlier session are dropped.
 */
export async function beginSession(tokens: Tokens): Promise<void> {
  queryClient.clear();
  startSession(tokens);
  try {
    const me = unwrap(await unscopedApi.GET('/api/v1/me'));
    setExpectedOrganization(me.acting_organization.id);
  } catch (error) {
    endSession();
    throw error;
  }
}

/**
 * At load: the session the refresh cookie still stands for, if any (a reload, a new tab).
 * Without a cookie, or with one the service refuses, the person is signed out.
 */
export async function restoreSession(): Promise<void> {
  const tokens = await renewedTokens();
  if (tokens) await beginSession(tokens).catch(() => undefined);
}

/** Forgets the session here, whatever the server answered to the sign-out. */
export function forgetSession(): void {
  endSession();
  setExpectedOrganization(undefined);
  queryClient.clear();
}
