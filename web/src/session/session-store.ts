// The signed-in session. The access token is held in this tab's memory only; the refresh
// token is in an HttpOnly cookie the browser sends to the refresh route alone: neither is
// ever where a script running on the origin could read it (localStorage, sessionStorage,
// a readable cookie). A reload restores the session with one refresh (restoreSession).
import { authApi } from '../api/auth-client';
import type { components } from '../../../api/openapi';

export type Tokens = components['schemas']['Tokens'];

interface Session {
  accessToken: string;
}

let session: Session | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<boolean> | undefined;
const listeners = new Set<() => void>();

const emit = () => listeners.forEach((listener) => listener());

// Renew a little before the access token lapses, so requests rarely meet a 401.
const RENEW_BEFORE_SECONDS = 30;

export function startSession(tokens: Tokens): void {
  session = { accessToken: tokens.access_token };
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void refreshSession(), Math.max(tokens.expires_in - RENEW_BEFORE_SECONDS, 5) * 1000);
  emit();
}

export function endSession(): void {
  clearTimeout(refreshTimer);
  session = null;
  emit();
}

export const accessToken = (): string | undefined => session?.accessToken;
export const isSignedIn = (): boolean => session !== null;

/** Trades the refresh cookie for a new access token (and a new cookie); undefined when the service refuses. */
export async function renewedTokens(): Promise<Tokens | undefined> {
  const { data } = await authApi.POST('/api/v1/auth/refresh').catch(() => ({ data: undefined }));
  return data;
}

/**
 * Renews the session's access token; true when the session goes on. Concurrent callers
 * share one trade: a refresh token works once.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const current = session;
    if (!current) return false;
    const tokens = await renewedTokens();
    // Signed out meanwhile: the answer belongs to an ended session.
    if (session !== current) return false;
    if (tokens) startSession(tokens);
    else endSession();
    return tokens !== undefined;
  })().finally(() => (refreshing = undefined));
  return refreshing;
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
