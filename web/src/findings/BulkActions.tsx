import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { ErrorMessage } from '../components/ErrorMessage';
import { describeOutcome, type BulkAction } from './bulk-outcomes';
import { isComplete, newSuppression, suppressionBody, SuppressionFields } from './SuppressionFields';

type Finding = components['schemas']['Finding'];

export const findingLabel = (finding: Finding): string =>
  `${finding.title ?? finding.identifier}${finding.component_name === null ? '' : ` (${finding.component_name})`}`;

/**
 * Triage or suppression of the selected findings in one request (POST /findings/bulk),
 * then each finding's outcome as the API gave it: applied, or refused and why. The
 * findings are named as they were when selected, since an applied change may move them
 * out of the view.
 */
export function BulkActions({ selected, onClear }: { selected: ReadonlyMap<string, Finding>; onClear: () => void }) {
  const queryClient = useQueryClient();
  const [suppression, setSuppression] = useState(newSuppression);
  const [suppressing, setSuppressing] = useState(false);
  const bulk = useMutation({
    mutationFn: async (action: BulkAction) => {
      const findings = [...selected.values()];
      const result = unwrap(
        await api.POST('/api/v1/findings/bulk', {
          body: { action, finding_ids: findings.map((finding) => finding.id), ...(action === 'suppress' ? { suppression: suppressionBody(suppression) } : {}) },
        }),
      );
      return { result, findings: new Map(findings.map((finding) => [finding.id, finding])) };
    },
    onSuccess: () => {
      onClear();
      setSuppressing(false);
      setSuppression(newSuppression());
      void queryClient.invalidateQueries({ queryKey: ['findings'] });
      void queryClient.invalidateQueries({ queryKey: ['finding'] });
    },
  });
  const suppress = (event: FormEvent) => {
    event.preventDefault();
    bulk.mutate('suppress');
  };

  return (
    <section className="bulk" aria-label="Bulk actions">
      <div className="bulk-bar">
        <p aria-live="polite">{selected.size === 0 ? 'Select findings to triage or suppress them together.' : `${selected.size} selected`}</p>
        <button type="button" disabled={selected.size === 0 || bulk.isPending} onClick={() => bulk.mutate('triage')}>
          Triage selected
        </button>
        <button type="button" disabled={selected.size === 0 || bulk.isPending} aria-expanded={suppressing} onClick={() => setSuppressing(!suppressing)}>
          Suppress selected…
        </button>
        {selected.size > 0 && (
          <button type="button" className="secondary" onClick={onClear}>
            Clear selection
          </button>
        )}
      </div>
      {suppressing && (
        <form className="form inline-form" onSubmit={suppress} aria-label="Suppress the selected findings">
          <SuppressionFields id="bulk-suppression" value={suppression} onChange={setSuppression} />
          <button type="submit" disabled={selected.size === 0 || bulk.isPending || !isComplete(suppression)}>
            Suppress {selected.size} {selected.size === 1 ? 'finding' : 'findings'}
          </button>
        </form>
      )}
      {bulk.isPending && <p role="status">Applying…</p>}
      {bulk.isError && <ErrorMessage error={bulk.error} />}
      {bulk.isSuccess && <BulkResult action={bulk.data.result.action} results={bulk.data.result.results} findings={bulk.data.findings} />}
    </section>
  );
}

function BulkResult({ action, results, findings }: { action: BulkAction; results: components['schemas']['BulkFindingOutcome'][]; findings: ReadonlyMap<string, Finding> }) {
  const refused = results.filter((result) => describeOutcome(action, result).refused).length;
  return (
    <div className="bulk-result" role="status">
      <h2>
        {action === 'triage' ? 'Triage' : 'Suppression'}: {results.length - refused} of {results.length} done{refused > 0 ? `, ${refused} refused` : ''}
      </h2>
      <ul aria-label="Outcome per finding">
        {results.map((result) => {
          const { text, refused: wasRefused } = describeOutcome(action, result);
          const finding = findings.get(result.finding_id);
          return (
            <li key={result.finding_id} className={wasRefused ? 'refused' : 'applied'}>
              <Link to="/findings/$findingId" params={{ findingId: result.finding_id }}>
                {finding ? findingLabel(finding) : result.finding_id}
              </Link>
              : <span className="outcome">{text}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
