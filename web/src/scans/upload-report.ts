// A report import sent with XMLHttpRequest, the one browser API that reports upload
// progress over HTTP/1.1 (a streamed fetch body needs HTTP/2). It carries what the API
// client's middleware adds to every request (api/client.ts): the access token from the
// tab's memory, one refresh and retry on a 401, and X-Expected-Organization, following
// the person's organization after a 409.
import { ApiError } from '../api/api-error';
import { followActingOrganization } from '../api/client';
import { expectedOrganization } from '../session/acting-organization';
import { accessToken, refreshSession } from '../session/session-store';
import type { Scan } from './scan-state';

export type ReportFormat = 'trivy' | 'grype' | 'sarif' | 'cyclonedx' | 'spdx';

/** The API's body limit (services/platform/http/app.ts): a larger upload is refused before it is sent. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface Upload {
  /** The image the report is of, or a named software asset (a name, a version if it has one). */
  asset: { image: string } | { software: { name: string; version?: string } };
  format: ReportFormat;
  file: File;
}

/**
 * The request body: the file goes in as the `report` member byte for byte, as the
 * README's curl does, so the browser neither reads the file into a string nor escapes
 * it. A file that is not JSON makes the body invalid, and the API says so.
 */
export function importBody({ asset, format, file }: Upload): Blob {
  const head = JSON.stringify({ ...asset, format });
  return new Blob([`${head.slice(0, -1)},"report":`, file, '}'], { type: 'application/json' });
}

/**
 * Posts the import, calling onProgress with the bytes sent. Resolves with the scan (202);
 * rejects with an ApiError carrying the API's `error` text, or a TypeError when the
 * service could not be reached. One idempotency key per upload, so the retry after a
 * refreshed token never records the report twice.
 */
export async function uploadReport(upload: Upload, onProgress: (sent: number, total: number) => void, signal: AbortSignal): Promise<Scan> {
  const body = importBody(upload);
  if (body.size > MAX_BODY_BYTES) {
    throw new ApiError(413, { error: `The report is ${megabytes(body.size)}; the service takes at most ${megabytes(MAX_BODY_BYTES)} in one import.` });
  }
  const idempotencyKey = crypto.randomUUID();
  const first = await send(body, idempotencyKey, onProgress, signal);
  const answer = first.status === 401 && (await refreshSession()) ? await send(body, idempotencyKey, onProgress, signal) : first;
  if (answer.status === 202) return answer.body as Scan;
  const sent = answer.organization;
  if (answer.status === 409 && sent) await followActingOrganization(sent);
  throw new ApiError(answer.status, typeof answer.body === 'object' && answer.body !== null ? answer.body : {});
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface Answer {
  status: number;
  body: unknown;
  organization: string | undefined;
}

function send(body: Blob, idempotencyKey: string, onProgress: (sent: number, total: number) => void, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/v1/scans/import');
    request.setRequestHeader('Content-Type', 'application/json');
    request.setRequestHeader('Idempotency-Key', idempotencyKey);
    const token = accessToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    const organization = expectedOrganization();
    if (organization) request.setRequestHeader('X-Expected-Organization', organization);
    request.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : body.size);
    request.onload = () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(request.responseText);
      } catch {
        parsed = undefined;
      }
      resolve({ status: request.status, body: parsed, organization });
    };
    request.onerror = () => reject(new TypeError('the service could not be reached'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
