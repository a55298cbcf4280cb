// The inventory's filters as URL search parameters, so a filtered view can be shared.
import { PROVIDERS } from './labels';

export interface IdentitiesSearch {
  kind?: string;
  provider?: (typeof PROVIDERS)[number];
  connectorId?: string;
  state?: 'active' | 'removed';
  cursor?: string;
}

const text = (value: unknown, max: number): string | undefined => (typeof value === 'string' && value !== '' && value.length <= max ? value : undefined);

/** Keeps only values the API takes, so a hand-edited URL cannot ask for nonsense. */
export function parseIdentitiesSearch(search: Record<string, unknown>): IdentitiesSearch {
  const provider = PROVIDERS.find((candidate) => candidate === search.provider);
  const state = search.state === 'active' || search.state === 'removed' ? search.state : undefined;
  const connectorId = text(search.connectorId, 36);
  return {
    kind: text(search.kind, 100),
    provider,
    connectorId: connectorId && /^[0-9a-f-]{36}$/i.test(connectorId) ? connectorId : undefined,
    state,
    cursor: text(search.cursor, 4096),
  };
}
