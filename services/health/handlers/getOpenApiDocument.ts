import type { OperationHandler } from '../../platform/http/handler.js';
import { loadOpenApiDocument } from '../../platform/http/openapi-document.js';

/** Serves the bundled document (api/openapi.yaml and the module files it references) as JSON, the same definition we route with. */
export function getOpenApiDocument(): OperationHandler {
  const document = loadOpenApiDocument();
  return async () => ({ status: 200, body: document });
}
