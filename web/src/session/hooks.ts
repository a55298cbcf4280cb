import { useSyncExternalStore } from 'react';
import { isSignedIn, subscribeToSession } from './session-store';
import { expectedOrganization, organizationNotice, subscribeToOrganization } from './acting-organization';

export const useSignedIn = (): boolean => useSyncExternalStore(subscribeToSession, isSignedIn);
export const useExpectedOrganization = (): string | undefined => useSyncExternalStore(subscribeToOrganization, expectedOrganization);
export const useOrganizationNotice = (): string | undefined => useSyncExternalStore(subscribeToOrganization, organizationNotice);
