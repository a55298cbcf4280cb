// Avro schemas of stream values: schemas/<name>.avsc, one record type per file.
// Both stream log implementations and the schema compatibility test parse them here,
// with the same options, so "the schema" means the same thing everywhere.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import avsc from 'avsc';
import type { Type } from 'avsc';

export const schemasDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'schemas');

/**
 * Parses an Avro schema document. Logical types (uuid, timestamp-millis) are
 * documentation only: values stay plain strings and numbers, which is what the
 * JSON outbox rows hold and what the registry client decodes to.
 */
export function parseSchema(definition: string): Type {
  return avsc.Type.forSchema(JSON.parse(definition));
}

interface LoadedSchema {
  definition: string;
  type: Type;
}

const loaded = new Map<string, LoadedSchema>();

function load(name: string): LoadedSchema {
  const cached = loaded.get(name);
  if (cached) return cached;
  // The name comes from code (TopicSpec.schema), but it still must not walk out of schemas/.
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) throw new Error(`invalid schema name "${name}"`);
  const definition = readFileSync(path.join(schemasDirectory, `${name}.avsc`), 'utf8');
  const schema = { definition, type: parseSchema(definition) };
  loaded.set(name, schema);
  return schema;
}

/** The parsed schema of schemas/<name>.avsc, read once per process. */
export function loadSchema(name: string): Type {
  return load(name).type;
}

/** The document of schemas/<name>.avsc as written (with docs and logical types), for registering it. */
export function schemaDefinition(name: string): string {
  return load(name).definition;
}

/** Dotted paths of the fields of `value` that do not match `type`; empty when the value is valid. */
export function invalidPaths(type: Type, value: unknown): string[] {
  const paths: string[] = [];
  type.isValid(value, { errorHook: (fieldPath) => paths.push(fieldPath.join('.') || '(value)') });
  return paths;
}
