import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { components } from '../../../api/openapi';
import { AssetReference } from './AssetReference';
import { cvssRating, readCvssVector } from './cvss';

type Finding = components['schemas']['Finding'];

// The keys of detail the readers write (SPEC 2.5), in the order the page shows them. Keys
// not named here (a reader added later) still show, under their own name, after these.
const DETAIL_LABELS: Record<string, string> = {
  installed_version: 'Installed version',
  scanner_status: "Scanner's fix status",
  published_at: 'Advisory published',
  modified_at: 'Advisory modified',
  aliases: 'Aliases',
  reported_by: 'Reported by',
  primary_url: 'Advisory link',
  rule: 'Rule',
  file: 'File',
  line: 'Line',
  cause: 'Cause',
  resolution: 'Resolution',
  match_redacted: 'Match (redacted)',
};
// Shown in their own places on the page.
const DETAIL_SHOWN_ELSEWHERE = new Set(['fixed_version', 'cvss_vector', 'cvss_score']);

const FIXABILITY: Record<Finding['fixability'], string> = {
  fixable: 'Fixable: a fixed version is recorded',
  unfixable: 'Not fixable: the source says no fix exists',
  unknown: 'Unknown: the evidence names no fix',
};

const dateTime = (value: string) => <time dateTime={value}>{new Date(value).toLocaleString()}</time>;
const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
const isTimestamp = (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value);

/** A detail value as text; a link only for an http(s) address (a report could carry a javascript: one). */
function detailValue(key: string, value: unknown): ReactNode {
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', ');
  if (typeof value === 'string') {
    if (key === 'primary_url' && /^https?:\/\//i.test(value)) {
      return (
        <a href={value} rel="noreferrer noopener" target="_blank">
          {value}
        </a>
      );
    }
    return isTimestamp(value) ? dateTime(value) : value;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="field">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Every field of a finding the API gives, its detail included. */
export function FindingFields({ finding }: { finding: Finding }) {
  const detail = finding.detail as Record<string, unknown>;
  // A reader writes every key it knows, null or empty where the report said nothing: those are left out.
  const extraKeys = Object.keys(detail).filter((key) => !DETAIL_SHOWN_ELSEWHERE.has(key) && !isEmpty(detail[key]));
  const ordered = [...Object.keys(DETAIL_LABELS).filter((key) => extraKeys.includes(key)), ...extraKeys.filter((key) => !(key in DETAIL_LABELS)).sort()];
  return (
    <>
      <section aria-labelledby="finding-fields">
        <h2 id="finding-fields">Finding</h2>
        <dl className="fields">
          <Field term="Identifier">{finding.identifier}</Field>
          <Field term="Kind">{finding.kind}</Field>
          <Field term="Severity">
            <span className={`severity severity-${finding.severity}`}>{finding.severity}</span>
          </Field>
          <Field term="Status">{finding.status}</Field>
          <Field term="Fixed version">{finding.detail.fixed_version ?? 'None recorded'}</Field>
          <Field term="Fixability">{FIXABILITY[finding.fixability]}</Field>
          <Field term="Package">{finding.component_name ?? '—'}</Field>
          <Field term="Package version">{finding.component_version ?? '—'}</Field>
          <Field term="Ecosystem">{finding.component_ecosystem ?? '—'}</Field>
          <Field term="Install path">{finding.install_path ?? '—'}</Field>
          <Field term="Target">{finding.target ?? '—'}</Field>
          <Field term="Asset">
            <Link to="/findings" search={{ asset_id: finding.asset_id }}>
              <AssetReference assetId={finding.asset_id} />
            </Link>
          </Field>
          <Field term="First seen">{dateTime(finding.first_seen_at)}</Field>
          <Field term="Last seen">{dateTime(finding.last_seen_at)}</Field>
          <Field term="Last seen by scan">{finding.last_seen_scan_id}</Field>
          <Field term="Updated">{dateTime(finding.updated_at)}</Field>
          <Field term="Fingerprint">
            <code>{finding.fingerprint}</code>
          </Field>
          <Field term="Suppression">
            {finding.suppression === null ? (
              'Not suppressed'
            ) : (
              <>
                {finding.suppression.reason}
                {finding.suppression.expires_at !== null && <> (until {dateTime(finding.suppression.expires_at)})</>}
              </>
            )}
          </Field>
          {ordered.map((key) => (
            <Field key={key} term={DETAIL_LABELS[key] ?? key}>
              {detailValue(key, detail[key])}
            </Field>
          ))}
        </dl>
      </section>
      <Cvss vector={typeof detail.cvss_vector === 'string' ? detail.cvss_vector : null} score={typeof detail.cvss_score === 'number' ? detail.cvss_score : null} />
    </>
  );
}

function Cvss({ vector, score }: { vector: string | null; score: number | null }) {
  const read = vector === null ? undefined : readCvssVector(vector);
  return (
    <section aria-labelledby="finding-cvss">
      <h2 id="finding-cvss">CVSS</h2>
      {vector === null && score === null ? (
        <p className="empty">The report gave no CVSS score or vector.</p>
      ) : (
        <>
          <dl className="fields">
            <Field term="Score">{score === null ? '—' : `${score.toFixed(1)} (${cvssRating(score)})`}</Field>
            <Field term={read?.version ? `Vector (CVSS ${read.version})` : 'Vector'}>{vector === null ? '—' : <code>{vector}</code>}</Field>
          </dl>
          {read && read.metrics.length > 0 && (
            <table className="cvss">
              <caption className="visually-hidden">CVSS metrics</caption>
              <thead>
                <tr>
                  <th scope="col">Metric</th>
                  <th scope="col">Value</th>
                </tr>
              </thead>
              <tbody>
                {read.metrics.map((metric) => (
                  <tr key={metric.metric}>
                    <th scope="row">{metric.name}</th>
                    <td>{metric.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
