import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import type { OpenAPIV3 } from 'openapi-types';

export const openApiPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../api/openapi.yaml');

/** api/openapi.yaml: the single definition of routes, request validation and response shapes. */
export function loadOpenApiDocument(): OpenAPIV3.Document {
  return YAML.parse(readFileSync(openApiPath, 'utf8')) as OpenAPIV3.Document;
}
