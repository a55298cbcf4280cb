import type { OperationHandler } from '../../platform/http/handler.js';
import { loadOpenApiDocument } from '../../platform/http/openapi-document.js';

/** Serves api/openapi.yaml as JSON so clients and generators read the same definition we route with. */
export function getOpenApiDocument(): OperationHandler {
  const document = loadOpenApiDocument();
  return async () => ({ status: 200, body: document });
}
