import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ArchiveSection } from '../assets/ArchiveSection';
import { assetLabel } from '../assets/asset-label';
import { AssetFindings } from '../assets/AssetFindings';
import { AssetScans } from '../assets/AssetScans';
import { SbomSection } from '../assets/SbomSection';
import { ScheduleSection } from '../assets/ScheduleSection';
import { SeverityCounts } from '../assets/SeverityCounts';
import { VexSection } from '../assets/VexSection';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Timestamp } from '../components/Timestamp';
import { useExpectedOrganization } from '../session/hooks';

/** One asset (an image or named software): what it is, its open findings, its findings and scans, its SBOM and VEX, its schedule, and archiving. */
export function AssetPage({ assetId }: { assetId: string }) {
  const organization = useExpectedOrganization();
  const asset = useQuery({
    queryKey: ['asset', organization, assetId],
    staleTime: 0,
    queryFn: async () => unwrap(await api.GET('/api/v1/assets/{id}', { params: { path: { id: assetId } } })),
  });

  return (
    <>
      <p className="breadcrumb">
        <Link to="/assets">Assets</Link>
      </p>
      {asset.isPending && <Loading what="the asset" />}
      {asset.isError && (
        <>
          <h1>Asset</h1>
          <ErrorMessage error={asset.error} />
        </>
      )}
      {asset.isSuccess && (
        <>
          <h1 className="reference">{assetLabel(asset.data)}</h1>
          <dl className="facts">
            {asset.data.kind === 'software' ? (
              <>
                <dt>Kind</dt>
                <dd>Software (known from imported SBOMs and reports)</dd>
                <dt>Name</dt>
                <dd>{asset.data.name}</dd>
                <dt>Version</dt>
                <dd>{asset.data.version ?? 'None given'}</dd>
                <dt>Reference</dt>
                <dd className="reference">{asset.data.reference}</dd>
              </>
            ) : (
              <>
                <dt>Kind</dt>
                <dd>Image</dd>
                <dt>Registry</dt>
                <dd>{asset.data.registry}</dd>
                <dt>Repository</dt>
                <dd>{asset.data.repository}</dd>
                <dt>{asset.data.pinned ? 'Digest (pinned)' : 'Tag'}</dt>
                <dd className="reference">{asset.data.pinned ? asset.data.digest : asset.data.tag}</dd>
              </>
            )}
            <dt>Created</dt>
            <dd>
              <Timestamp value={asset.data.created_at} />
            </dd>
            <dt>Last scanned</dt>
            <dd>{asset.data.last_scanned_at === null ? 'Never' : <Timestamp value={asset.data.last_scanned_at} />}</dd>
            <dt>Open findings</dt>
            <dd>
              <SeverityCounts counts={asset.data.open_findings} />
            </dd>
          </dl>
          <AssetFindings assetId={assetId} />
          <AssetScans assetId={assetId} />
          <SbomSection asset={asset.data} />
          <VexSection asset={asset.data} />
          {asset.data.kind === 'software' ? (
            <section aria-labelledby="asset-schedule">
              <h2 id="asset-schedule">Schedule</h2>
              <p>A software asset has no image to pull, so it is not scanned on a schedule: import its SBOM or reports again to scan it.</p>
            </section>
          ) : (
            <ScheduleSection assetId={assetId} pinned={asset.data.pinned} />
          )}
          <ArchiveSection asset={asset.data} />
        </>
      )}
    </>
  );
}
