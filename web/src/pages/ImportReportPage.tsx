import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../components/ErrorMessage';
import { MAX_BODY_BYTES, uploadReport, type ReportFormat } from '../scans/upload-report';
import { useShowNewScan } from '../scans/use-show-new-scan';

const FORMATS: { value: ReportFormat; label: string }[] = [
  { value: 'trivy', label: 'Trivy JSON' },
  { value: 'grype', label: 'Grype JSON' },
  { value: 'sarif', label: 'SARIF 2.1.0' },
  { value: 'cyclonedx', label: 'CycloneDX JSON (SBOM)' },
  { value: 'spdx', label: 'SPDX JSON (SBOM)' },
];

/** The format a file's name suggests (the SBOM suffixes the two formats recommend first); the person can always choose another. */
const formatOf = (name: string): ReportFormat | undefined =>
  /\.cdx\.json$/i.test(name)
    ? 'cyclonedx'
    : /\.spdx\.json$/i.test(name)
      ? 'spdx'
      : /\.sarif(\.json)?$/i.test(name)
        ? 'sarif'
        : /grype/i.test(name)
          ? 'grype'
          : /trivy/i.test(name)
            ? 'trivy'
            : undefined;

/**
 * Imports a report a pipeline produced (Trivy JSON, Grype JSON or SARIF) or an SBOM
 * (CycloneDX or SPDX JSON; the API also reads their XML and tag-value text) for an image or named software,
 * with the upload's progress; then shows the scan, which completes once its findings
 * are recorded.
 */
export function ImportReportPage() {
  const showNewScan = useShowNewScan();
  const [kind, setKind] = useState<'image' | 'software'>('image');
  const [image, setImage] = useState('');
  const [software, setSoftware] = useState({ name: '', version: '' });
  const [format, setFormat] = useState<ReportFormat>('trivy');
  const [file, setFile] = useState<File>();
  const [progress, setProgress] = useState<{ sent: number; total: number }>();
  const abort = useRef<AbortController>(undefined);

  const upload = useMutation({
    mutationFn: async (chosen: File) => {
      abort.current = new AbortController();
      setProgress({ sent: 0, total: chosen.size });
      const version = software.version.trim();
      const asset = kind === 'image' ? { image: image.trim() } : { software: { name: software.name.trim(), ...(version === '' ? {} : { version }) } };
      return uploadReport({ asset, format, file: chosen }, (sent, total) => setProgress({ sent, total }), abort.current.signal);
    },
    onSuccess: showNewScan,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) upload.mutate(file);
  };
  const percent = progress && progress.total > 0 ? Math.round((progress.sent / progress.total) * 100) : 0;

  return (
    <>
      <p className="breadcrumb">
        <Link to="/scans">Scans</Link>
      </p>
      <h1>Import a report</h1>
      <p>
        A report your pipeline already produced, for the image it scanned or for named software (an SBOM of an application, as Dependency-Track names a project). Up to{' '}
        {MAX_BODY_BYTES / 1024 / 1024} MB; the image or software becomes an asset if it is new.
      </p>
      <form className="form" onSubmit={submit}>
        <fieldset className="choice">
          {/* "Container", not "An image": the image field keeps the only label naming an image. */}
          <legend>The report is of</legend>
          <label>
            <input type="radio" name="asset-kind" checked={kind === 'image'} onChange={() => setKind('image')} />
            A container
          </label>
          <label>
            <input type="radio" name="asset-kind" checked={kind === 'software'} onChange={() => setKind('software')} />
            Named software
          </label>
        </fieldset>
        {kind === 'image' ? (
          <label>
            Image
            <input required maxLength={1024} placeholder="ghcr.io/acme/app:1.4" value={image} onChange={(event) => setImage(event.target.value)} />
          </label>
        ) : (
          <>
            <label>
              Software name
              <input required maxLength={255} placeholder="billing" value={software.name} onChange={(event) => setSoftware({ ...software, name: event.target.value })} />
            </label>
            <label>
              Version (optional)
              <input maxLength={255} placeholder="2.3.0" value={software.version} onChange={(event) => setSoftware({ ...software, version: event.target.value })} />
            </label>
          </>
        )}
        <label>
          Report file
          <input
            type="file"
            required
            accept=".json,.sarif,application/json"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              setFile(chosen);
              const suggested = chosen && formatOf(chosen.name);
              if (suggested) setFormat(suggested);
            }}
          />
        </label>
        <label>
          Format
          <select value={format} onChange={(event) => setFormat(event.target.value as ReportFormat)}>
            {FORMATS.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        {upload.isPending && progress && (
          <div className="progress">
            <label>
              Uploading {file?.name}
              <progress max={progress.total} value={progress.sent}>
                {percent}%
              </progress>
            </label>
            <span aria-live="polite">{percent}%</span>
            <button type="button" className="secondary" onClick={() => abort.current?.abort()}>
              Cancel
            </button>
          </div>
        )}
        {upload.isError && <ErrorMessage error={upload.error} />}
        <button type="submit" disabled={upload.isPending || !file}>
          {upload.isPending ? 'Importing…' : 'Import'}
        </button>
      </form>
    </>
  );
}
