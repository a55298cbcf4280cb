// The signed-in session, held in this tab's memory only: never in localStorage,
// sessionStorage or a readable cookie, where any script running on the origin could
// read it. A reload therefore signs the person out until the API keeps the refresh
// token in an HttpOnly cookie (docs/decisions.md, "The dashboard").
import { authApi } from '../api/auth-client';
import type { components } from '../api/schema';

export type Tokens = components['schemas']['Tokens'];

interface Session {
  accessToken: string;
  refreshToken: string;
}

let session: Session | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<boolean> | undefined;
const listeners = new Set<() => void>();

const emit = () => listeners.forEach((listener) => listener());

// Renew a little before the access token lapses, so requests rarely meet a 401.
const RENEW_BEFORE_SECONDS = 30;

export function startSession(tokens: Tokens): void {
  session = { accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
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

/**
 * Trades the refresh token for a new pair; true when the session goes on. Concurrent
 * callers share one trade: a refresh token works once.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const current = session;
    if (!current) return false;
    const { data } = await authApi.POST('/api/v1/auth/refresh', { body: { refresh_token: current.refreshToken } }).catch(() => ({ data: undefined }));
    // Signed out meanwhile: the answer belongs to an ended session.
    if (session !== current) return false;
    if (data) startSession(data);
    else endSession();
    return data !== undefined;
  })().finally(() => (refreshing = undefined));
  return refreshing;
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
