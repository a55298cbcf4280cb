import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { instantOf } from '../components/local-time';
import { Pager } from '../components/Pager';
import { usePermissions } from '../nhi/permissions';
import { useExpectedOrganization } from '../session/hooks';
import { saveFile } from '../components/save-file';

type Integrity = { isIntact: boolean; checked: number; firstBreak: components['schemas']['ChainBreak'] };
type EvidenceManifest = components['schemas']['EvidencePackage']['manifest'];

/**
 * The module's audit trail (Organization Admins only: audit:read): the records newest first
 * with filters, the integrity check of the hash chain, and evidence export as a file that
 * verifies offline.
 */
export function NhiAuditPage() {
  const permissions = usePermissions();
  if (!permissions.known) return <Loading what="your permissions" />;
  if (!permissions.can('audit:read'))
    return (
      <>
        <h1>Audit trail</h1>
        <p className="notice">The module's audit trail is for Organization Admins: your role does not include reading it.</p>
      </>
    );
  return <AuditTrail />;
}

function AuditTrail() {
  const [integrity, setIntegrity] = useState<Integrity>();
  return (
    <>
      <h1>Audit trail</h1>
      <IntegrityCheck integrity={integrity} onChecked={setIntegrity} />
      <EvidenceExport />
      <Records firstBreak={integrity?.firstBreak?.recordId} />
    </>
  );
}

function IntegrityCheck({ integrity, onChecked }: { integrity: Integrity | undefined; onChecked: (integrity: Integrity) => void }) {
  const check = useMutation({
    mutationFn: async () => unwrap(await api.GET('/nhi/api/v1/audit/integrity')),
    onSuccess: onChecked,
  });
  return (
    <section aria-labelledby="audit-integrity">
      <h2 id="audit-integrity">Integrity</h2>
      <p>Each record carries the digest of the one before it: a record changed or removed in the database breaks the chain from there on.</p>
      <button type="button" disabled={check.isPending} onClick={() => check.mutate()}>
        {check.isPending ? 'Checking…' : 'Check integrity'}
      </button>
      {check.isError && <ErrorMessage error={check.error} />}
      {integrity && (
        <div role="status" className={integrity.isIntact ? 'integrity integrity-intact' : 'integrity integrity-broken'}>
          {integrity.isIntact ? (
            <p>
              <strong>Intact:</strong> all {integrity.checked} records verified.
            </p>
          ) : (
            <p>
              <strong>Broken:</strong> the first break is at record <code>{integrity.firstBreak?.recordId}</code>: {integrity.firstBreak?.reason}. {integrity.checked} records checked up to
              it.
            </p>
          )}
        </div>
      )}
    </section>
  );
}

function EvidenceExport() {
  const organization = useExpectedOrganization();
  const [exported, setExported] = useState<{ fileName: string; manifest: EvidenceManifest }>();
  const download = useMutation({
    mutationFn: async () => {
      // The package exactly as the service wrote it: the file is what `sentinel audit verify` checks.
      const text = unwrap(await api.GET('/nhi/api/v1/audit/evidence', { parseAs: 'text' }));
      const manifest = (JSON.parse(text) as { manifest: EvidenceManifest }).manifest;
      const fileName = `sentinel-nhi-audit-evidence-${organization ?? 'organization'}-${manifest.exported_at.replace(/[:.]/g, '-')}.json`;
      saveFile(text, fileName, 'application/json');
      return { fileName, manifest };
    },
    onSuccess: setExported,
  });
  return (
    <section aria-labelledby="audit-evidence">
      <h2 id="audit-evidence">Evidence</h2>
      <p>An evidence package holds up to 1,000 records from the start of the trail with a manifest; anyone can verify it offline.</p>
      <button type="button" disabled={download.isPending} onClick={() => download.mutate()}>
        Export evidence
      </button>
      {download.isError && <ErrorMessage error={download.error} />}
      {exported && (
        <div role="status">
          <p>
            Downloaded <strong>{exported.fileName}</strong>: {exported.manifest.record_count} records
            {exported.manifest.truncated ? ', truncated (the next package starts at the record after the last)' : ''}; the chain {exported.manifest.verified_at_export ? 'verified' : 'did not verify'} at export.
          </p>
          <p>Verify it offline with:</p>
          <pre className="command">
            <code>sentinel audit verify {exported.fileName}</code>
          </pre>
        </div>
      )}
    </section>
  );
}

interface Filters {
  action?: string;
  actor?: string;
  subject?: string;
  result?: 'success' | 'failure';
  /** Local date-times as typed; the window is [from, to). */
  from?: string;
  to?: string;
}

function Records({ firstBreak }: { firstBreak: string | undefined }) {
  const organization = useExpectedOrganization();
  const [filters, setFilters] = useState<Filters>({});
  const [draft, setDraft] = useState<Filters>({});
  const [cursor, setCursor] = useState<string>();
  const records = useQuery({
    queryKey: ['nhi-audit', organization, filters, cursor],
    queryFn: async () =>
      unwrap(await api.GET('/nhi/api/v1/audit/records', { params: { query: { ...filters, from: instantOf(filters.from ?? ''), to: instantOf(filters.to ?? ''), cursor } } })),
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const clean = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());
    setFilters({ action: clean(draft.action), actor: clean(draft.actor), subject: clean(draft.subject), result: draft.result, from: clean(draft.from), to: clean(draft.to) });
    setCursor(undefined);
  };
  return (
    <section aria-labelledby="audit-records">
      <h2 id="audit-records">Records, newest first</h2>
      <form className="filters filter-row" onSubmit={apply} role="search" aria-label="Audit filters">
        <label>
          Action
          <input value={draft.action ?? ''} maxLength={200} placeholder="grant.approved" onChange={(event) => setDraft({ ...draft, action: event.target.value })} />
        </label>
        <label>
          Actor
          <input value={draft.actor ?? ''} maxLength={200} onChange={(event) => setDraft({ ...draft, actor: event.target.value })} />
        </label>
        <label>
          Subject
          <input value={draft.subject ?? ''} maxLength={200} onChange={(event) => setDraft({ ...draft, subject: event.target.value })} />
        </label>
        <label>
          Result
          <select value={draft.result ?? ''} onChange={(event) => setDraft({ ...draft, result: event.target.value === 'success' || event.target.value === 'failure' ? event.target.value : undefined })}>
            <option value="">Any</option>
            <option value="success">Success</option>
            <option value="failure">Failure</option>
          </select>
        </label>
        <label>
          From
          <input type="datetime-local" value={draft.from ?? ''} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
        </label>
        <label>
          Until
          <input type="datetime-local" value={draft.to ?? ''} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        </label>
        <button type="submit" className="secondary">
          Apply
        </button>
      </form>
      {records.isPending && <Loading what="records" />}
      {records.isError && <ErrorMessage error={records.error} />}
      {records.isSuccess &&
        (records.data.items.length === 0 ? (
          <p className="empty">No record matches.</p>
        ) : (
          <table className="findings labelled">
            <caption className="visually-hidden">Audit records, newest first</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">When (UTC)</th>
                <th scope="col">Actor</th>
                <th scope="col">Action</th>
                <th scope="col">Subject</th>
                <th scope="col">Result</th>
                <th scope="col">Source address</th>
                <th scope="col">Correlation id</th>
              </tr>
            </thead>
            <tbody>
              {records.data.items.map((record) => (
                <tr key={record.id} className={record.id === firstBreak ? 'first-break' : undefined}>
                  <td>
                    {record.sequence}
                    {record.id === firstBreak && <strong> first break</strong>}
                  </td>
                  <td data-label="When (UTC)">{record.occurred_at}</td>
                  <td data-label="Actor" className="reference">
                    {record.actor.kind}
                    {record.actor.id !== null && ` ${record.actor.id}`}
                  </td>
                  <td data-label="Action">{record.action}</td>
                  <td data-label="Subject" className="reference">
                    {record.subject ?? '—'}
                  </td>
                  <td data-label="Result">{record.result}</td>
                  <td data-label="Source address">{record.source_address ?? '—'}</td>
                  <td data-label="Correlation id" className="reference">
                    {record.correlation_id ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      <Pager label="Record pages" cursor={cursor} nextCursor={records.data?.next_cursor} onPage={setCursor} />
    </section>
  );
}
