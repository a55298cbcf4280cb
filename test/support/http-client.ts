import type { App } from '../../services/platform/http/app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies loosely; every body is validated against api/openapi.yaml
export interface ApiResponse<Body = any> {
  status: number;
  body: Body;
  raw: string;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  token?: string;
}

/**
 * Calls the app in-process and checks every response against the OpenAPI
 * document: the status must be declared for the operation and the body must
 * match its schema. A response the document does not describe fails the test.
 */
export function apiClient(app: App) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies loosely; every body is validated against api/openapi.yaml
  return async function call<Body = any>(method: string, url: string, options: CallOptions = {}): Promise<ApiResponse<Body>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await app.fastify.inject({ method: method as 'GET', url, headers, payload: options.body as object | undefined });
    const raw = response.body;
    // An empty body (204) is null: what the document's validator expects of a response without content.
    const body = raw.length === 0 ? null : String(response.headers['content-type'] ?? '').includes('json') ? JSON.parse(raw) : raw;
    const path = url.split('?')[0]!;
    const operation = app.api.router.matchOperation({ method, path, headers: {}, query: {} } as never);
    if (operation) {
      const declared = Object.keys(operation.responses ?? {});
      if (!declared.includes(String(response.statusCode)) && !declared.includes('default')) {
        throw new Error(`${operation.operationId} answered ${response.statusCode}, which api/openapi.yaml does not declare (${declared.join(', ')}): ${raw}`);
      }
      const validation = app.api.validateResponse(body, operation, response.statusCode);
      if (validation.errors?.length) {
        throw new Error(`${operation.operationId} ${response.statusCode} does not match api/openapi.yaml: ${JSON.stringify(validation.errors)} body=${raw}`);
      }
    }
    return { status: response.statusCode, body, raw, headers: response.headers };
  };
}
