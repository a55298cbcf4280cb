import type { components } from '../api/schema';

type Finding = components['schemas']['Finding'];

/**
 * One row per finding. Every value from the API is a React text child, so a title or a
 * package name holding markup (reports carry scanners' text as they found it) shows as
 * characters and is never parsed as HTML.
 */
export function FindingsTable({ findings }: { findings: Finding[] }) {
  return (
    <table className="findings">
      <caption className="visually-hidden">Findings</caption>
      <thead>
        <tr>
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
            <td>
              <span className={`severity severity-${finding.severity}`}>{finding.severity}</span>
            </td>
            <td className="title">{finding.title ?? finding.identifier}</td>
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
