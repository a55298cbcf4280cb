import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allTopics } from '../../streams/topics.js';
import { parseTopicMap, topicSchemaHistory } from './schema-history.js';

const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/** A record schema whose versions differ by their field list. */
const recordSchema = (name: string, ...fields: string[]) =>
  JSON.stringify({ type: 'record', name, fields: fields.map((field) => ({ name: field, type: 'string', default: '' })) }, null, 2);

const topicMapSource = (entries: Record<string, string>) =>
  `export const topics = {\n${Object.entries(entries)
    .map(([name, schema]) => `  ${name.replace(/-/g, '_')}: { name: '${name}', schema: '${schema}' },`)
    .join('\n')}\n} as const;\n`;

describe('the schema each topic used before', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'sentinel-schema-history-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  const repository = path.join(scratch, 'repository');
  const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.test', ...args], { cwd, encoding: 'utf8' });
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(repository, file)), { recursive: true });
    writeFileSync(path.join(repository, file), content);
  };
  const commit = (message: string) => {
    git(repository, 'add', '-A');
    git(repository, 'commit', '-qm', message);
    return git(repository, 'rev-parse', 'HEAD').trim();
  };

  let secondEvent: string;
  let third: string;
  beforeAll(() => {
    mkdirSync(repository);
    git(repository, 'init', '-q');
    // The topic map starts where it lived under the platform.
    write('services/platform/streams/topics.ts', topicMapSource({ events: 'event' }));
    write('schemas/event.avsc', recordSchema('Event', 'id'));
    write('schemas/observation.avsc', recordSchema('Observation', 'id'));
    commit('events topic; a schema no topic uses');
    write('schemas/event.avsc', recordSchema('Event', 'id', 'type'));
    secondEvent = commit('events gain a type');
    // The topic map moves; the events topic moves to a new file; the unused schema disappears; a results topic appears.
    unlinkSync(path.join(repository, 'services/platform/streams/topics.ts'));
    write('streams/topics.ts', topicMapSource({ events: 'event-v3', results: 'result' }));
    unlinkSync(path.join(repository, 'schemas/event.avsc'));
    unlinkSync(path.join(repository, 'schemas/observation.avsc'));
    write('schemas/event-v3.avsc', recordSchema('Event', 'id', 'type', 'subject'));
    write('schemas/result.avsc', recordSchema('Result', 'id'));
    third = commit('events move to event-v3; results topic');
    // Uncommitted: results change, and a topic that never was committed.
    write('schemas/result.avsc', recordSchema('Result', 'id', 'verdict'));
    write('streams/topics.ts', topicMapSource({ events: 'event-v3', results: 'result', findings: 'finding' }));
    write('schemas/finding.avsc', recordSchema('Finding', 'id'));
  });

  const topics = [
    { name: 'events', schema: 'event-v3' },
    { name: 'results', schema: 'result' },
    { name: 'findings', schema: 'finding' },
  ];
  const byTopic = () => new Map(topicSchemaHistory(repository, topics).map((history) => [history.topic.name, history]));

  it("compares a topic that moved to a new schema file with the file it used before, not with a file of the same name", () => {
    const events = byTopic().get('events')!;
    expect(events.current).toBe(recordSchema('Event', 'id', 'type', 'subject'));
    expect(events.previous).toEqual({ commit: secondEvent, schema: 'event', definition: recordSchema('Event', 'id', 'type') });
  });

  it('compares an uncommitted change with the committed version', () => {
    expect(byTopic().get('results')!.previous).toEqual({ commit: third, schema: 'result', definition: recordSchema('Result', 'id') });
  });

  it('has no previous version for a topic whose schema exists for the first time', () => {
    expect(byTopic().get('findings')!.previous).toBeUndefined();
  });

  it('does not count a formatting change as a version', () => {
    const compact = JSON.stringify(JSON.parse(readFileSync(path.join(repository, 'schemas/event-v3.avsc'), 'utf8')));
    write('schemas/event-v3.avsc', compact);
    try {
      expect(byTopic().get('events')!.previous?.commit).toBe(secondEvent);
    } finally {
      write('schemas/event-v3.avsc', recordSchema('Event', 'id', 'type', 'subject'));
    }
  });

  it('refuses to check anything in a shallow clone, saying why', () => {
    const shallow = path.join(scratch, 'shallow');
    git(scratch, 'clone', '-q', '--depth', '1', `file://${repository}`, shallow);
    expect(() => topicSchemaHistory(shallow, topics)).toThrow(/needs the full git history, and this clone is shallow: run `git fetch --unshallow`. CI clones fully/);
  });

  it('refuses to check anything outside a git repository', () => {
    const notARepository = path.join(scratch, 'plain');
    mkdirSync(path.join(notARepository, 'schemas'), { recursive: true });
    expect(() => topicSchemaHistory(notARepository, topics)).toThrow(/needs the git history, and git cannot read it here/);
  });

  it("reads this repository's topic map as streams/topics.ts defines it", () => {
    const source = readFileSync(path.join(repositoryRoot, 'streams/topics.ts'), 'utf8');
    expect(parseTopicMap(source)).toEqual(new Map(allTopics.map((topic) => [topic.name, topic.schema])));
  });
});
