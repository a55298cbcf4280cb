import { Link } from '@tanstack/react-router';
import type { components } from '../../../api/openapi';
import { Timestamp } from '../components/Timestamp';
import { assetLabel } from './asset-label';
import { SeverityCounts } from './SeverityCounts';

type Asset = components['schemas']['Asset'];

/** One row per asset, newest first by creation; each links to its page. */
export function AssetsTable({ assets }: { assets: Asset[] }) {
  return (
    <table className="findings labelled">
      <caption className="visually-hidden">Assets</caption>
      <thead>
        <tr>
          <th scope="col">Asset</th>
          <th scope="col">Open findings</th>
          <th scope="col">Last scanned</th>
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        {assets.map((asset) => (
          <tr key={asset.id}>
            <td className="title">
              <Link to="/assets/$assetId" params={{ assetId: asset.id }}>
                {assetLabel(asset)}
              </Link>
              {asset.kind === 'software' && <span className="tag">software</span>}
              {asset.archived_at !== null && <span className="tag">archived</span>}
            </td>
            <td data-label="Open findings">
              <SeverityCounts counts={asset.open_findings} />
            </td>
            <td data-label="Last scanned">{asset.last_scanned_at === null ? 'Never' : <Timestamp value={asset.last_scanned_at} />}</td>
            <td data-label="Created">
              <Timestamp value={asset.created_at} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
