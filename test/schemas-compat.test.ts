// Every schemas/*.avsc must stay BACKWARD compatible with its previous committed
// version: consumers upgraded first must still read records already in the log.
// Checked twice: with avsc's schema resolution, and by the real schema registry
// configured for BACKWARD compatibility, as production topics are.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Type } from 'avsc';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSchema, schemasDirectory } from '../streams/avro.js';
import { testServices } from './support/services.js';

const repositoryRoot = path.resolve(schemasDirectory, '..');
const schemaFiles = readdirSync(schemasDirectory).filter((file) => file.endsWith('.avsc')).sort();

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: repositoryRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * The version a change to `relativePath` must stay compatible with: the committed
 * one while the working tree differs from it, otherwise the one before the last
 * commit that touched the file. Undefined for a file that has no earlier version.
 */
function previousVersion(relativePath: string): string | undefined {
  if (git('ls-tree', '--name-only', 'HEAD', '--', relativePath).trim() === '') return undefined; // not committed yet
  const committed = git('show', `HEAD:${relativePath}`);
  if (committed !== readFileSync(path.join(repositoryRoot, relativePath), 'utf8')) return committed;
  const [, commitBefore] = git('log', '--format=%H', '-n', '2', '--', relativePath).split('\n').filter(Boolean);
  return commitBefore === undefined ? undefined : git('show', `${commitBefore}:${relativePath}`);
}

/** Whether `reader` can read what `writer` wrote; avsc refuses to build a resolver otherwise. */
function readsDataWrittenWith(reader: Type, writer: Type): boolean {
  try {
    reader.createResolver(writer);
    return true;
  } catch {
    return false;
  }
}

/** The current DomainEvent with one more field and no default: old records cannot fill it. */
function withRequiredField(definition: string): string {
  const schema = JSON.parse(definition) as { fields: unknown[] };
  return JSON.stringify({ ...schema, fields: [...schema.fields, { name: 'retention_class', type: 'string' }] });
}

const domainEventDefinition = readFileSync(path.join(schemasDirectory, 'domain-event.avsc'), 'utf8');

describe('Avro schemas stay backward compatible with their previous committed version', () => {
  it('finds the schema files', () => {
    expect(schemaFiles).toContain('domain-event.avsc');
  });

  for (const file of schemaFiles) {
    it(`${file}: the current version reads records written with the previous one`, () => {
      const current = parseSchema(readFileSync(path.join(schemasDirectory, file), 'utf8'));
      expect(current.typeName).toBe('record');
      const previous = previousVersion(`schemas/${file}`);
      if (previous === undefined) return; // no earlier version: parsing is all there is to check

      const writer = parseSchema(previous);
      expect(readsDataWrittenWith(current, writer)).toBe(true);
      const written = writer.random();
      const read = current.fromBuffer(writer.toBuffer(written), current.createResolver(writer));
      expect(current.isValid(read)).toBe(true);
    });
  }

  it('detects an incompatible change (negative control)', () => {
    const current = parseSchema(domainEventDefinition);
    expect(readsDataWrittenWith(parseSchema(withRequiredField(domainEventDefinition)), current)).toBe(false);
  });
});

describe('the schema registry, set to BACKWARD, accepts each schema evolution and refuses an incompatible one', () => {
  const contentType = { 'content-type': 'application/vnd.schemaregistry.v1+json' };
  const subjects: string[] = [];
  const registry = async (method: string, urlPath: string, body?: unknown) => {
    const response = await fetch(`${testServices.schemaRegistryUrl}${urlPath}`, { method, headers: contentType, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  afterAll(async () => {
    for (const subject of subjects) {
      await registry('DELETE', `/subjects/${subject}`);
      await registry('DELETE', `/subjects/${subject}?permanent=true`);
    }
  });

  for (const file of schemaFiles) {
    it(`${file}`, async () => {
      const current = readFileSync(path.join(schemasDirectory, file), 'utf8');
      const versions = [previousVersion(`schemas/${file}`), current].filter((version) => version !== undefined);
      const subject = `schemas-compat-${randomBytes(5).toString('hex')}-${path.basename(file, '.avsc')}`;
      subjects.push(subject);

      // Apicurio answers this PUT with {compatibilityLevel} where Confluent says {compatibility};
      // the GET below reads the same on both.
      expect((await registry('PUT', `/config/${subject}`, { compatibility: 'BACKWARD' })).status).toBe(200);
      expect(await registry('GET', `/config/${subject}`)).toMatchObject({ status: 200, body: { compatibilityLevel: 'BACKWARD' } });
      for (const version of versions) {
        const registration = await registry('POST', `/subjects/${subject}/versions`, { schema: version });
        expect(registration, `the registry refused a version of ${file}`).toMatchObject({ status: 200, body: { id: expect.any(Number) } });
      }

      const incompatible = withRequiredField(current);
      expect(await registry('POST', `/compatibility/subjects/${subject}/versions/latest`, { schema: incompatible })).toMatchObject({
        status: 200,
        body: { is_compatible: false },
      });
      expect((await registry('POST', `/subjects/${subject}/versions`, { schema: incompatible })).status).toBe(409);
    });
  }
});
