import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { DownloadButtons, type DownloadFormat } from './DownloadButtons';

const SBOM_FORMATS: Record<'cyclonedx' | 'spdx', DownloadFormat> = {
  cyclonedx: { label: 'CycloneDX JSON', suffix: '.cdx.json', type: 'application/vnd.cyclonedx+json' },
  spdx: { label: 'SPDX JSON', suffix: '.spdx.json', type: 'application/spdx+json' },
};

/**
 * The asset's inventory (its latest built-in scan or SBOM import) as an SBOM file, in
 * either format, as GET /assets/{id}/sbom writes it. An asset without an inventory is
 * the API's 409, shown in its words.
 */
export function SbomSection({ asset }: { asset: { id: string; reference: string } }) {
  return (
    <section aria-labelledby="asset-sbom">
      <h2 id="asset-sbom">SBOM</h2>
      <p>The components of the asset&rsquo;s latest built-in scan or SBOM import, with their package URLs, versions, licences and where they were found.</p>
      <DownloadButtons
        reference={asset.reference}
        formats={SBOM_FORMATS}
        fetchText={async (format) => unwrap(await api.GET('/api/v1/assets/{id}/sbom', { params: { path: { id: asset.id }, query: { format } }, parseAs: 'text' }))}
      />
    </section>
  );
}
