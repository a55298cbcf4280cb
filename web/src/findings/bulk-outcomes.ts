import type { components } from '../../../api/openapi';

export type BulkAction = components['schemas']['BulkFindingsRequest']['action'];
export type BulkOutcome = components['schemas']['BulkFindingOutcome'];

const VERB: Record<BulkAction, string> = { triage: 'triaged', suppress: 'suppressed' };

/** What happened to one finding of a bulk request, in words; `refused` marks the outcomes that changed nothing against the request's wish. */
export function describeOutcome(action: BulkAction, outcome: BulkOutcome): { text: string; refused: boolean } {
  switch (outcome.outcome) {
    case 'applied':
      return { text: `Applied: now ${outcome.status ?? VERB[action]}`, refused: false };
    case 'already_applied':
      return { text: `Already ${outcome.status ?? VERB[action]}: nothing changed`, refused: false };
    case 'invalid_transition':
      return { text: `Refused (invalid transition): a ${outcome.status ?? ''} finding cannot be ${VERB[action]}`, refused: true };
    case 'not_found':
      return { text: 'Refused (not found): it no longer exists in this organization', refused: true };
    case 'conflict':
      return { text: 'Refused (conflict): a scan or another request changed it meanwhile; try again', refused: true };
  }
}
