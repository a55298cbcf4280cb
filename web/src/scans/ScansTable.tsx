import { Link } from '@tanstack/react-router';
import { Timestamp } from '../components/Timestamp';
import type { Scan } from './scan-state';

/** One row per scan, newest first as the API lists them; each links to its page. */
export function ScansTable({ scans, caption }: { scans: Scan[]; caption: string }) {
  return (
    <table className="findings labelled">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Image</th>
          <th scope="col">State</th>
          <th scope="col">Source</th>
          <th scope="col">Scanners</th>
          <th scope="col">New findings</th>
          <th scope="col">Requested</th>
        </tr>
      </thead>
      <tbody>
        {scans.map((scan) => (
          <tr key={scan.id}>
            <td className="title">
              <Link to="/scans/$scanId" params={{ scanId: scan.id }}>
                {scan.image}
              </Link>
            </td>
            <td data-label="State">
              <span className={`state state-${scan.state}`}>{scan.state}</span>
            </td>
            <td data-label="Source">{scan.source}</td>
            <td data-label="Scanners">{scan.scanners.join(', ')}</td>
            <td data-label="New findings">{scan.new_findings ?? '—'}</td>
            <td data-label="Requested">
              <Timestamp value={scan.created_at} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
