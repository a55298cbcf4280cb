// The organization the dashboard believes the person acts in. Every request sends it
// as X-Expected-Organization (SPEC section 5, rule 6), so a request never acts in an
// organization the page does not show; the server answers 409 when the acting
// organization changed elsewhere (another tab, another device).
import { queryClient } from '../api/query-client';

let expected: string | undefined;
let notice: string | undefined;
const listeners = new Set<() => void>();

const emit = () => listeners.forEach((listener) => listener());

export const expectedOrganization = (): string | undefined => expected;
/** What the page says after it followed a change made elsewhere; undefined once dismissed. */
export const organizationNotice = (): string | undefined => notice;

/**
 * Another organization: every view is dropped before the pages render again, so nothing
 * fetched for one organization is ever shown, or refetched into its place, in another.
 * The views' keys name the organization too (a request in flight lands under its own).
 */
export function setExpectedOrganization(id: string | undefined, changedElsewhere?: { name: string }): void {
  if (id !== expected) queryClient.removeQueries();
  expected = id;
  notice = changedElsewhere
    ? `Your organization was changed in another tab or on another device. You are now working in ${changedElsewhere.name}.`
    : undefined;
  emit();
}

export function dismissOrganizationNotice(): void {
  notice = undefined;
  emit();
}

export function subscribeToOrganization(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
