import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { ErrorMessage } from '../components/ErrorMessage';
import { ScannerChoice } from './ScannerChoice';
import { useShowNewScan } from './use-show-new-scan';

type ScannerName = components['schemas']['ScannerName'];

/**
 * Queues a scan of an image; the built-in scanner is chosen unless the person picks
 * others. The API judges the reference (a private registry, credentials in it) and its
 * refusal is shown in its words. One idempotency key per form submission.
 */
export function StartScanForm() {
  const showNewScan = useShowNewScan();
  const [image, setImage] = useState('');
  const [scanners, setScanners] = useState<ScannerName[]>(['sentinel']);
  const start = useMutation({
    mutationFn: async () =>
      unwrap(await api.POST('/api/v1/scans', { params: { header: { 'Idempotency-Key': crypto.randomUUID() } }, body: { image: image.trim(), scanners } })),
    onSuccess: showNewScan,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate();
  };
  return (
    <form className="form" onSubmit={submit} aria-labelledby="start-scan">
      <h2 id="start-scan">Start a scan</h2>
      <label>
        Image
        <input required maxLength={1024} placeholder="docker.io/library/alpine:3.19" value={image} onChange={(event) => setImage(event.target.value)} />
      </label>
      <ScannerChoice chosen={scanners} onChange={setScanners} />
      {start.isError && <ErrorMessage error={start.error} />}
      <button type="submit" disabled={start.isPending}>
        {start.isPending ? 'Starting…' : 'Start the scan'}
      </button>
    </form>
  );
}
