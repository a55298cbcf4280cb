// What each topic's values looked like before: the schema a change must stay
// BACKWARD compatible with is the one the topic used (the topic map maps topics
// to schema files), not whatever file has the same name. A topic may switch to a
// new file, files may appear, and files no topic uses may disappear.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TopicSpec } from '../../streams/log/stream-log.js';

// Where the topic map is now, then where it was before (under the platform for a while; the
// stream platform is back at the top level).
const TOPIC_MAP_PATHS = ['streams/topics.ts', 'services/platform/streams/topics.ts'];
// An entry of the topic map as topics.ts writes it: { name: 'domain-events', schema: 'domain-event' }
const TOPIC_ENTRY = /\{\s*name:\s*'([^']+)',\s*schema:\s*'([^']+)'\s*\}/g;

export interface PreviousSchema {
  /** The newest commit in which the topic's values had another schema than now. */
  commit: string;
  /** The schema file's name at that commit (schemas/<schema>.avsc). */
  schema: string;
  definition: string;
}

export interface TopicSchemaHistory {
  topic: TopicSpec;
  /** schemas/<topic.schema>.avsc in the working tree. */
  current: string;
  /** Undefined when the topic has never had another schema: its first version. */
  previous: PreviousSchema | undefined;
}

/** Topic name -> schema name, read from the text of the topic map (topics.ts). */
export function parseTopicMap(source: string): Map<string, string> {
  return new Map([...source.matchAll(TOPIC_ENTRY)].map(([, name, schema]) => [name!, schema!]));
}

/**
 * For each topic, its current schema and the newest committed schema of that topic
 * that differs from it (the committed one while the working tree has a change,
 * otherwise the one before the last change). Throws when the git history is not
 * all there, rather than checking nothing.
 */
export function topicSchemaHistory(repositoryRoot: string, topics: readonly TopicSpec[]): TopicSchemaHistory[] {
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: repositoryRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const atCommit = (commit: string, file: string): string | undefined => {
    try {
      return git('show', `${commit}:${file}`);
    } catch {
      return undefined; // the file does not exist at that commit
    }
  };
  assertFullHistory(git);

  // Only these commits can change what a topic's values look like; newest first.
  const commits = git('log', '--format=%H', '--', 'schemas', ...TOPIC_MAP_PATHS).split('\n').filter(Boolean);
  const topicMaps = new Map<string, Map<string, string>>();
  const topicMapAt = (commit: string): Map<string, string> => {
    let map = topicMaps.get(commit);
    if (!map) {
      const found = TOPIC_MAP_PATHS.map((file) => ({ file, source: atCommit(commit, file) })).find(({ source }) => source !== undefined);
      const source = found?.source;
      map = source === undefined ? new Map() : parseTopicMap(source);
      if (source !== undefined && map.size === 0) {
        throw new Error(`no topic found in ${found?.file} at ${commit}: teach TOPIC_ENTRY in test/support/schema-history.ts the way it is written there`);
      }
      topicMaps.set(commit, map);
    }
    return map;
  };

  return topics.map((topic) => {
    const current = readFileSync(path.join(repositoryRoot, 'schemas', `${topic.schema}.avsc`), 'utf8');
    for (const commit of commits) {
      const schema = topicMapAt(commit).get(topic.name);
      const definition = schema === undefined ? undefined : atCommit(commit, `schemas/${schema}.avsc`);
      if (schema !== undefined && definition !== undefined && !sameSchema(definition, current)) {
        return { topic, current, previous: { commit, schema, definition } };
      }
    }
    return { topic, current, previous: undefined };
  });
}

/** Formatting is not a new version. */
const sameSchema = (a: string, b: string): boolean => JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));

function assertFullHistory(git: (...args: string[]) => string): void {
  let shallow: string;
  try {
    shallow = git('rev-parse', '--is-shallow-repository').trim();
  } catch (error) {
    throw new Error(`the schema compatibility check needs the git history, and git cannot read it here (${String(error)}). CI runs it in a full clone.`);
  }
  if (shallow !== 'false') {
    throw new Error('the schema compatibility check needs the full git history, and this clone is shallow: run `git fetch --unshallow`. CI clones fully.');
  }
}
