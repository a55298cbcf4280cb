// One input rule for every operation, present and future: no string of a request
// (body, query or path) may hold a NUL character or an unpaired surrogate. Neither
// can be stored as PostgreSQL text (it refuses 0x00; an unpaired surrogate is not
// UTF-8), so such a request is refused with a 400 naming the field before any work.
// The document cannot say it: JSON Schema has no pattern that excludes them for
// every string, and a pattern per field would be forgotten on the next one.
//
// The one exception is declared in the document too: a request-body property whose
// schema carries `x-sentinel-document: true` is a customer's document (a scanner
// report), not a field we store verbatim. Its subtree is not checked here; whoever
// reads it replaces such characters (services/platform/storable-text.ts).
import type { Operation } from 'openapi-backend';
import type { OpenAPIV3 } from 'openapi-types';
import { validationFailed } from '../errors.js';
import { hasUnstorableText } from '../storable-text.js';
import { pointerSegment, requestNodes } from './request-tree.js';

/** The vendor extension marking a request-body subtree as a customer's document. */
export const DOCUMENT_EXTENSION = 'x-sentinel-document';

/**
 * Locations exempt from the rule, as `/requestBody/<property>/...` with `*` standing
 * for any array element: the subtrees of the body schema marked DOCUMENT_EXTENSION.
 * The operation must be dereferenced (openapi-backend's operations are).
 */
export function documentSubtrees(operation: Operation): Set<string> {
  const found = new Set<string>();
  const body = operation.requestBody as OpenAPIV3.RequestBodyObject | undefined;
  for (const media of Object.values(body?.content ?? {})) {
    if (media.schema) collectDocumentSubtrees(media.schema as SchemaNode, '/requestBody', found, []);
  }
  return found;
}

type SchemaNode = OpenAPIV3.BaseSchemaObject & { items?: SchemaNode; [DOCUMENT_EXTENSION]?: unknown };

function collectDocumentSubtrees(schema: SchemaNode, at: string, found: Set<string>, enclosing: SchemaNode[]): void {
  // A recursive schema (a tree of conditions) dereferences into a cycle.
  if (enclosing.includes(schema)) return;
  if (schema[DOCUMENT_EXTENSION] === true) {
    found.add(at);
    return;
  }
  const within = [...enclosing, schema];
  const branches = [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])] as SchemaNode[];
  for (const branch of branches) collectDocumentSubtrees(branch, at, found, within);
  if (schema.items) collectDocumentSubtrees(schema.items, `${at}/*`, found, within);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    collectDocumentSubtrees(property as SchemaNode, `${at}/${pointerSegment(name)}`, found, within);
  }
}

/**
 * The JSON-pointer-like locations (as validation problems name them) of every
 * unstorable string, keys included, outside the exempt subtrees.
 */
export function unstorableTextIn(value: unknown, where: string, exempt: ReadonlySet<string> = new Set()): string[] {
  const found: string[] = [];
  for (const node of requestNodes(value, where, exempt)) {
    if (node.name !== undefined && hasUnstorableText(node.name)) found.push(node.at);
    if (typeof node.value === 'string' && hasUnstorableText(node.value)) found.push(node.at);
  }
  return found;
}

/** Refuses (400 validation_failed) a request any string of which cannot be stored, outside the operation's declared documents. */
export function assertStorableText(request: { path: unknown; query: unknown; body: unknown }, documents: ReadonlySet<string> = new Set()): void {
  const found = [
    ...unstorableTextIn(request.path, '/path'),
    ...unstorableTextIn(request.query, '/query'),
    ...unstorableTextIn(request.body, '/requestBody', documents),
  ];
  if (found.length === 0) return;
  const problems = found.map((where) => `${where} contains a NUL character or an unpaired surrogate, which text cannot hold`);
  throw validationFailed(`request validation failed: ${problems.join('; ')}`, { problems });
}
