// Every topic's schema must stay BACKWARD compatible with the schema the topic used
// before (its previous committed version): consumers upgraded first must still read
// records already in the log. Checked twice: with avsc's schema resolution, and by
// the real schema registry configured for BACKWARD compatibility, as production
// topics are. A topic's first schema has nothing to be compatible with, but must
// still register under BACKWARD. Needs the full git history (CI clones fully).
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Type } from 'avsc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSchema, schemasDirectory } from '../streams/avro.js';
import { allTopics } from '../streams/topics.js';
import { topicSchemaHistory, type TopicSchemaHistory } from './support/schema-history.js';
import { testServices } from './support/services.js';

const repositoryRoot = path.resolve(schemasDirectory, '..');

/** Whether `reader` can read what `writer` wrote; avsc refuses to build a resolver otherwise. */
function readsDataWrittenWith(reader: Type, writer: Type): boolean {
  try {
    reader.createResolver(writer);
    return true;
  } catch {
    return false;
  }
}

/** The schema with one more field and no default: records written before cannot fill it. */
function withRequiredField(definition: string): string {
  const schema = JSON.parse(definition) as { fields: unknown[] };
  return JSON.stringify({ ...schema, fields: [...schema.fields, { name: 'retention_class', type: 'string' }] });
}

const domainEventDefinition = readFileSync(path.join(schemasDirectory, 'domain-event.avsc'), 'utf8');

// Read in beforeAll, so a missing history fails the tests with its reason instead of skipping them.
let histories: Map<string, TopicSchemaHistory>;
beforeAll(() => {
  histories = new Map(topicSchemaHistory(repositoryRoot, allTopics).map((history) => [history.topic.name, history]));
});
const historyOf = (topicName: string): TopicSchemaHistory => histories.get(topicName)!;

describe('each topic reads the records written with its previous schema', () => {
  it('every schema file is an Avro record', () => {
    const files = readdirSync(schemasDirectory).filter((file) => file.endsWith('.avsc'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(parseSchema(readFileSync(path.join(schemasDirectory, file), 'utf8')).typeName, file).toBe('record');
  });

  for (const topic of allTopics) {
    it(`${topic.name}: schemas/${topic.schema}.avsc reads what the previous version wrote`, () => {
      const { current, previous } = historyOf(topic.name);
      const reader = parseSchema(current);
      expect(reader.typeName).toBe('record');
      // A first version has no records written before it; the registry test below still registers it under BACKWARD.
      if (previous === undefined) return;

      const writer = parseSchema(previous.definition);
      expect(readsDataWrittenWith(reader, writer), `schemas/${topic.schema}.avsc cannot read records written with schemas/${previous.schema}.avsc at ${previous.commit}`).toBe(true);
      const written = writer.random();
      const read = reader.fromBuffer(writer.toBuffer(written), reader.createResolver(writer));
      expect(reader.isValid(read)).toBe(true);
    });
  }

  it('detects an incompatible change (negative control)', () => {
    const current = parseSchema(domainEventDefinition);
    expect(readsDataWrittenWith(parseSchema(withRequiredField(domainEventDefinition)), current)).toBe(false);
  });
});

describe("the schema registry, set to BACKWARD, accepts each topic's schema evolution (or first version) and refuses an incompatible one", () => {
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

  for (const topic of allTopics) {
    it(`${topic.name}: schemas/${topic.schema}.avsc`, async () => {
      const { current, previous } = historyOf(topic.name);
      const versions = previous === undefined ? [current] : [previous.definition, current];
      const subject = `schemas-compat-${randomBytes(5).toString('hex')}-${topic.name}-value`;
      subjects.push(subject);

      // Apicurio answers this PUT with {compatibilityLevel} where Confluent says {compatibility};
      // the GET below reads the same on both.
      expect((await registry('PUT', `/config/${subject}`, { compatibility: 'BACKWARD' })).status).toBe(200);
      expect(await registry('GET', `/config/${subject}`)).toMatchObject({ status: 200, body: { compatibilityLevel: 'BACKWARD' } });
      for (const version of versions) {
        const registration = await registry('POST', `/subjects/${subject}/versions`, { schema: version });
        expect(registration, `the registry refused a version of ${topic.name}'s schema`).toMatchObject({ status: 200, body: { id: expect.any(Number) } });
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
