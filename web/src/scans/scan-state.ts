import type { components } from '../../../api/openapi';

export type Scan = components['schemas']['Scan'];

/** States after which a scan never changes again: a page stops asking for it. */
export const isTerminal = (state: Scan['state']): boolean => state === 'completed' || state === 'partial' || state === 'failed';

/** How often a page asks again for a scan that is still queued or running. */
export const SCAN_POLL_MS = 1500;

/** The scanners the workers run (ScannerName); the built-in one first, as the default. */
export const SCANNERS: readonly components['schemas']['ScannerName'][] = ['sentinel', 'trivy', 'grype'];
