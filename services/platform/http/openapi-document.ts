import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import type { OpenAPIV3 } from 'openapi-types';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../api');
/** The root of the definition; its path items reference the module files under api/modules/. */
export const openApiPath = path.join(apiDir, 'openapi.yaml');

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

let bundled: OpenAPIV3.Document | undefined;

/**
 * The served document: api/openapi.yaml and the module files it references, bundled
 * into one document whose every $ref is internal (#/components/...). Read and bundled
 * once; each call returns its own copy, since openapi-backend dereferences the
 * definition it is given in place and the served document must stay as written.
 */
export function loadOpenApiDocument(): OpenAPIV3.Document {
  bundled ??= bundleOpenApiDocument(openApiPath);
  return structuredClone(bundled);
}

/**
 * Module file (repository-relative, e.g. api/modules/findings.yaml) -> the operationIds
 * of the path items the root document takes from it, in document order. Path items
 * written in the root itself are listed under api/openapi.yaml.
 */
/** What a node of the bundled document stands for: the node itself, or what its `$ref` (always `#/...` once bundled) points at, followed to the end. */
export function resolveLocalReference<T>(document: OpenAPIV3.Document, node: T | OpenAPIV3.ReferenceObject): T {
  let current: unknown = node;
  while (current && typeof current === 'object' && '$ref' in current) {
    current = (current.$ref as string).slice(2).split('/').reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], document);
  }
  return current as T;
}

export function operationsByModuleFile(): Map<string, string[]> {
  const files = new YamlFiles();
  const root = files.read(openApiPath) as { paths?: Record<string, Json> };
  const operations = new Map<string, string[]>();
  for (const [route, item] of Object.entries(root.paths ?? {})) {
    const ref = refOf(item);
    const [file, pathItem] = ref === undefined ? [openApiPath, item] : files.at(targetOf(ref, openApiPath, apiDir), route);
    const ids = Object.entries(pathItem as Record<string, { operationId?: unknown }>)
      .filter(([key]) => HTTP_METHODS.has(key))
      .map(([, operation]) => operation.operationId)
      .filter((id): id is string => typeof id === 'string');
    const key = path.relative(path.dirname(apiDir), file).split(path.sep).join('/');
    operations.set(key, [...(operations.get(key) ?? []), ...ids]);
  }
  return operations;
}

type Json = unknown;
type Components = Record<string, Record<string, Json>>;
interface Target { file: string; pointer: string[] }

/**
 * Resolves the relative-file $refs of a root document (local files in its folder only,
 * JSON-pointer fragments), the subset of what `redocly bundle` does that api/ uses:
 * - `[file]#/components/<type>/<name>` becomes `#/components/<type>/<name>`; a component
 *   a module file defines is copied into the root's components under its own name, and
 *   one name defined in two files is an error.
 * - any other `file#/pointer` (a path item) is replaced by the value it points at.
 * Nothing else is accepted, and every $ref of the result must point inside it.
 */
export function bundleOpenApiDocument(rootFile: string): OpenAPIV3.Document {
  const folder = path.dirname(rootFile);
  const files = new YamlFiles();
  const hoisted = new Map<string, { file: string; value: Json }>();
  const inlining: string[] = [];

  const resolve = (node: Json, file: string, where: string): Json => {
    if (Array.isArray(node)) return node.map((item, i) => resolve(item, file, `${where}/${i}`));
    if (node === null || typeof node !== 'object') return node;
    const ref = refOf(node);
    if (ref !== undefined) {
      const target = targetOf(ref, file, folder);
      const component = componentOf(target.pointer);
      if (component) {
        if (target.file !== rootFile) hoist(component, target, where);
        return { ...resolveEntries(node, file, where), $ref: `#/components/${component.join('/')}` };
      }
      if (ref.startsWith('#')) throw new Error(`${where}: $ref ${ref} in ${file} is neither a component nor another file's`);
      if (Object.keys(node).length > 1) throw new Error(`${where}: $ref ${ref} in ${file} has siblings; only a component reference may`);
      const key = `${target.file}#/${target.pointer.join('/')}`;
      if (inlining.includes(key)) throw new Error(`${where}: $ref ${ref} in ${file} is circular`);
      inlining.push(key);
      const [targetFile, value] = files.at(target, where);
      const resolved = resolve(value, targetFile, where);
      inlining.pop();
      return resolved;
    }
    return resolveEntries(node, file, where);
  };
  const resolveEntries = (node: object, file: string, where: string): Record<string, Json> =>
    Object.fromEntries(Object.entries(node).map(([key, value]) => [key, key === '$ref' ? value : resolve(value, file, `${where}/${escape(key)}`)]));

  const hoist = ([type, name]: [string, string], target: Target, where: string) => {
    const key = `${type}/${name}`;
    const root = files.read(rootFile) as { components?: Components };
    if (root.components?.[type]?.[name] !== undefined) throw new Error(`${where}: component ${key} is defined in both ${rootFile} and ${target.file}`);
    const earlier = hoisted.get(key);
    if (earlier) {
      if (earlier.file !== target.file) throw new Error(`${where}: component ${key} is defined in both ${earlier.file} and ${target.file}`);
      return;
    }
    const entry = { file: target.file, value: undefined as Json };
    hoisted.set(key, entry); // before resolving, so a schema that refers to itself ends here
    const [file, value] = files.at(target, where);
    entry.value = resolve(value, file, `#/components/${key}`);
  };

  const document = resolve(files.read(rootFile), rootFile, '#') as { components?: Components };
  for (const [key, { value }] of hoisted) {
    const [type, name] = key.split('/') as [string, string];
    ((document.components ??= {})[type] ??= {})[name] = value;
  }
  for (const ref of refsIn(document)) {
    const component = ref.startsWith('#/') ? componentOf(targetOf(ref, rootFile, folder).pointer) : undefined;
    if (!component || document.components?.[component[0]]?.[component[1]] === undefined) {
      throw new Error(`the bundled OpenAPI document refers to ${ref}, which it does not define`);
    }
  }
  return document as OpenAPIV3.Document;
}

/** Every $ref string in a document, in document order. */
function refsIn(node: Json, refs: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsIn(item, refs);
  else if (node !== null && typeof node === 'object') {
    const ref = refOf(node);
    if (ref !== undefined) refs.push(ref);
    for (const value of Object.values(node)) refsIn(value, refs);
  }
  return refs;
}

class YamlFiles {
  private readonly parsed = new Map<string, Json>();

  read(file: string): Json {
    if (!this.parsed.has(file)) this.parsed.set(file, YAML.parse(readFileSync(file, 'utf8')));
    return this.parsed.get(file);
  }

  /** [file, value] a reference target names. */
  at(target: Target, where: string): [string, Json] {
    let value = this.read(target.file);
    for (const segment of target.pointer) {
      value = value !== null && typeof value === 'object' && Object.hasOwn(value, segment) ? (value as Record<string, Json>)[segment] : undefined;
      if (value === undefined) throw new Error(`${where}: ${target.file} has nothing at #/${target.pointer.map(escape).join('/')}`);
    }
    return [target.file, value];
  }
}

function refOf(node: Json): string | undefined {
  const ref = node !== null && typeof node === 'object' && !Array.isArray(node) ? (node as { $ref?: unknown }).$ref : undefined;
  return typeof ref === 'string' ? ref : undefined;
}

/** A $ref's file and decoded JSON-pointer segments; only files under folder (the root document's) may be named. */
function targetOf(ref: string, from: string, folder: string): Target {
  const hash = ref.indexOf('#');
  const filePart = hash < 0 ? ref : ref.slice(0, hash);
  const fragment = hash < 0 ? '' : decodeURIComponent(ref.slice(hash + 1));
  const file = filePart === '' ? from : path.resolve(path.dirname(from), filePart);
  const inside = path.relative(folder, file);
  if (/^[a-z][a-z0-9+.-]*:/i.test(filePart) || inside.startsWith('..') || path.isAbsolute(inside)) {
    throw new Error(`$ref ${ref} in ${from} names something other than a file under ${folder}`);
  }
  if (!fragment.startsWith('/')) throw new Error(`$ref ${ref} in ${from} has no JSON-pointer fragment`);
  return { file, pointer: fragment.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')) };
}

function componentOf(pointer: string[]): [string, string] | undefined {
  return pointer.length === 3 && pointer[0] === 'components' ? [pointer[1]!, pointer[2]!] : undefined;
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
