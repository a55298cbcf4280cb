// The AWS SDK's request handler, built on the connector's provider client, so every
// request the IAM and STS clients make passes the connector egress policy (the
// endpoint check, the vetted lookup, TLS verified against Node's roots and
// CONNECTOR_CA_FILE only, redirects refused, responses size-limited) and its pace
// and retries (10 requests per second, three attempts in all, Retry-After obeyed,
// authentication and authorization failures never retried, AWS's throttling answers
// retried as the rate limit they are). The SDK signs each
// request (SigV4) before it reaches this handler and parses what it returns; its
// own retries are off (maxAttempts 1 on every client), so the limit of three holds.
//
// A non-2xx answer the provider client gave up on is handed back to the SDK as the
// response it is, so the SDK reads the AWS error (AccessDenied, NoSuchEntity, ...)
// from its body and the collector can name it.
import type { HttpHandlerOptions, HttpRequest, HttpResponse, RequestHandler, RequestHandlerOutput } from '@smithy/types';
import { ProviderCallError, type ProviderClient, type ProviderResponse } from '../connectors/index.js';

export type AwsRequestHandler = RequestHandler<HttpRequest, HttpResponse, HttpHandlerOptions>;

export function providerRequestHandler(client: ProviderClient): AwsRequestHandler {
  return {
    metadata: { handlerProtocol: 'http/1.1' },
    async handle(request: HttpRequest): Promise<RequestHandlerOutput<HttpResponse>> {
      const method = request.method.toUpperCase();
      // IAM and STS speak the query protocol: every call is a form-encoded POST.
      if (method !== 'POST' && method !== 'GET') throw new TypeError(`the AWS SDK sent an unexpected ${method} request`);
      let answer: ProviderResponse;
      try {
        answer = await client.request({ url: requestUrl(request), method, headers: request.headers, body: bodyText(request.body), isRateLimit: isThrottling });
      } catch (error) {
        if (error instanceof ProviderCallError && error.response !== undefined) answer = error.response;
        else throw error;
      }
      return { response: toHttpResponse(answer) };
    },
  };
}

// The query protocol's throttling answers: HTTP 400 with one of these error codes
// (the SDK's own retry strategy lists the same; its retries are off here).
const THROTTLING_CODES = /<Code>(Throttling|ThrottlingException|RequestLimitExceeded|TooManyRequestsException)<\/Code>/;

/** AWS's rate limit, which IAM and STS answer with HTTP 400 and a Throttling error code. */
function isThrottling(response: { status: number; body: Buffer }): boolean {
  return response.status === 400 && THROTTLING_CODES.test(response.body.toString('utf8'));
}

function requestUrl(request: HttpRequest): string {
  const port = request.port === undefined ? '' : `:${request.port}`;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value === null) query.append(name, '');
    else for (const member of Array.isArray(value) ? value : [value]) query.append(name, member);
  }
  const search = query.size === 0 ? '' : `?${query.toString()}`;
  return `${request.protocol}//${request.hostname}${port}${request.path}${search}`;
}

/** The query protocol's body is form-encoded text; anything else is not what IAM or STS send. */
function bodyText(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body).toString('utf8');
  throw new TypeError('the AWS SDK sent a request body that is not text');
}

function toHttpResponse(answer: ProviderResponse): HttpResponse {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { statusCode: answer.status, headers, body: new Uint8Array(answer.body) };
}
