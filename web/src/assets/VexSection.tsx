import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { ErrorMessage } from '../components/ErrorMessage';
import { DownloadButtons, type DownloadFormat } from './DownloadButtons';

type VexImportResult = components['schemas']['VexImportResult'];

const VEX_FORMATS: Record<'openvex' | 'cyclonedx', DownloadFormat> = {
  openvex: { label: 'OpenVEX', suffix: '.openvex.json', type: 'application/json' },
  cyclonedx: { label: 'CycloneDX VEX', suffix: '.vex.cdx.json', type: 'application/vnd.cyclonedx+json' },
};

const COUNTED: { key: keyof VexImportResult['counts']; label: string }[] = [
  { key: 'applied', label: 'applied' },
  { key: 'recorded', label: 'recorded' },
  { key: 'unchanged', label: 'unchanged' },
  { key: 'resolved', label: 'left resolved' },
  { key: 'conflict', label: 'in conflict' },
];

/**
 * VEX in and out for the asset: a CycloneDX VEX or OpenVEX document applied to its findings
 * (POST /assets/{id}/vex), with what it did and its warnings in the API's words; and the
 * organization's current decisions about the asset exported as either format.
 */
export function VexSection({ asset }: { asset: { id: string; reference: string } }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File>();
  const apply = useMutation({
    mutationFn: async (chosen: File) => {
      let document: components['schemas']['VexDocument'];
      try {
        document = JSON.parse(await chosen.text()) as components['schemas']['VexDocument'];
      } catch {
        throw new Error(`${chosen.name} is not JSON: a VEX document is imported as CycloneDX or OpenVEX JSON.`);
      }
      return unwrap(await api.POST('/api/v1/assets/{id}/vex', { params: { path: { id: asset.id } }, body: document }));
    },
    // The asset's findings, their statuses and its counts moved.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) apply.mutate(file);
  };

  return (
    <section aria-labelledby="asset-vex">
      <h2 id="asset-vex">VEX</h2>
      <form className="form" onSubmit={submit}>
        <label>
          VEX document
          <input type="file" required accept=".json,application/json" onChange={(event) => setFile(event.target.files?.[0])} />
        </label>
        {apply.isError && <ErrorMessage error={apply.error} />}
        <button type="submit" disabled={apply.isPending || !file}>
          {apply.isPending ? 'Importing…' : 'Import VEX'}
        </button>
      </form>
      {apply.isSuccess && <VexImportSummary result={apply.data} />}
      <h3>Export</h3>
      <p>The organization&rsquo;s current decisions about this asset: statements imported and still in force, and triage as under investigation.</p>
      <DownloadButtons
        reference={asset.reference}
        formats={VEX_FORMATS}
        fetchText={async (format) => unwrap(await api.GET('/api/v1/assets/{id}/vex', { params: { path: { id: asset.id }, query: { format } }, parseAs: 'text' }))}
      />
    </section>
  );
}

function VexImportSummary({ result }: { result: VexImportResult }) {
  const { counts } = result;
  return (
    <div role="status" aria-labelledby="vex-imported">
      <p id="vex-imported">
        {result.format === 'openvex' ? 'OpenVEX' : 'CycloneDX VEX'}: {result.statements.toLocaleString()} {result.statements === 1 ? 'statement' : 'statements'};{' '}
        {COUNTED.map(({ key, label }) => `${counts[key].toLocaleString()} ${label}`).join(', ')}.
      </p>
      {counts.warnings > 0 && (
        <>
          <p>
            {counts.warnings.toLocaleString()} {counts.warnings === 1 ? 'warning' : 'warnings'}
            {counts.warnings > result.warnings.length && <>, the first {result.warnings.length.toLocaleString()} listed</>}:
          </p>
          <ul className="warnings" aria-label="VEX warnings">
            {result.warnings.map((warning, index) => (
              <li key={`${warning.statement}-${index}`}>
                <code>{warning.code}</code> {warning.message} at <code>{warning.statement}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
