import type { OperationHandler } from '../../platform/http/handler.js';
import { loadOpenApiDocument } from '../../platform/http/openapi-document.js';

/**
 * Serves the bundled document (api/openapi.yaml and the module files it references) as JSON, the same
 * definition we route with, naming as its server this service as callers reach it (PUBLIC_URL, by
 * default the port it listens on) rather than the development address the source document names.
 */
export function getOpenApiDocument(deps: { publicUrl: string }): OperationHandler<'getOpenApiDocument'> {
  const document = { ...loadOpenApiDocument(), servers: [{ url: deps.publicUrl, description: 'This service' }] };
  return async () => ({ status: 200, body: document });
}
