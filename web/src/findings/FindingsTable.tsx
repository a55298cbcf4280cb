import { Link } from '@tanstack/react-router';
import type { components } from '../../../api/openapi';
import { findingLabel } from './BulkActions';

type Finding = components['schemas']['Finding'];

/** What the bulk actions choose from: a checkbox per row and the page's own in the header. */
export interface FindingsSelection {
  selected: ReadonlyMap<string, Finding>;
  onToggle: (finding: Finding) => void;
  onTogglePage: (select: boolean) => void;
}

/**
 * One row per finding, with the selection's checkboxes where a page offers bulk actions
 * (the inbox does; an asset's page does not). Every value from the API is a React text child, so a title or
 * a package name holding markup (reports carry scanners' text as they found it) shows as
 * characters and is never parsed as HTML.
 */
export function FindingsTable({ findings, selection }: { findings: Finding[]; selection?: FindingsSelection }) {
  const chosenHere = selection === undefined ? 0 : findings.filter((finding) => selection.selected.has(finding.id)).length;
  return (
    <table className="findings">
      <caption className="visually-hidden">Findings</caption>
      <thead>
        <tr>
          {selection && (
            <th scope="col" className="select">
              <input
              type="checkbox"
              aria-label="Select every finding on this page"
              checked={chosenHere === findings.length}
              ref={(box) => {
                if (box) box.indeterminate = chosenHere > 0 && chosenHere < findings.length;
              }}
                onChange={(event) => selection.onTogglePage(event.target.checked)}
              />
            </th>
          )}
          <th scope="col">Severity</th>
          <th scope="col">Title</th>
          <th scope="col">Identifier</th>
          <th scope="col">Package</th>
          <th scope="col">Status</th>
          <th scope="col">Last seen</th>
        </tr>
      </thead>
      <tbody>
        {findings.map((finding) => (
          <tr key={finding.id}>
            {selection && (
              <td className="select">
                <input type="checkbox" aria-label={`Select ${findingLabel(finding)}`} checked={selection.selected.has(finding.id)} onChange={() => selection.onToggle(finding)} />
              </td>
            )}
            <td>
              <span className={`severity severity-${finding.severity}`}>{finding.severity}</span>
            </td>
            <td className="title">
              <Link to="/findings/$findingId" params={{ findingId: finding.id }}>
                {finding.title ?? finding.identifier}
              </Link>
            </td>
            <td>{finding.identifier}</td>
            <td>{finding.component_name === null ? '—' : `${finding.component_name}${finding.component_version ? ` ${finding.component_version}` : ''}`}</td>
            <td>{finding.status}</td>
            <td>
              <time dateTime={finding.last_seen_at}>{new Date(finding.last_seen_at).toLocaleString()}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
