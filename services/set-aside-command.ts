// `sentinel set-aside`: the operator's view of the records stream processors set
// aside (streams/set-aside.ts). `list` shows them (never their
// values: they can hold secrets), `replay` appends a record again, byte for byte,
// at the end of its key's partition, where every group of its topic receives it
// once more, and marks it replayed, for every group that set it aside. Replay after fixing what made the record fail:
// a record that fails again is set aside again, at its new offset.
import type { Platform } from './composition.js';
import type { SetAsideRecord } from '../streams/set-aside.js';
import { allTopics } from '../streams/topics.js';
import { systemScope } from './platform/tenancy.js';

export interface CommandOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

export type SetAsideCommand = { action: 'list'; all: boolean; json: boolean } | { action: 'replay'; ids: string[] | 'all' };

const listed = (record: SetAsideRecord) => ({
  id: record.id,
  group: record.group,
  topic: record.topic,
  partition: record.partition,
  offset: record.offset,
  key: record.key,
  value_bytes: record.value.length,
  error_code: record.errorCode,
  error_message: record.errorMessage,
  set_aside_at: record.setAsideAt,
  replayed_at: record.replayedAt,
});

/** Runs a parsed command; answers the exit code (1 when any record named could not be replayed). */
export async function runSetAsideCommand(command: SetAsideCommand, platform: Pick<Platform, 'setAside' | 'streamLog'>, out: CommandOutput): Promise<number> {
  const scope = systemScope('replay-set-aside-records');
  if (command.action === 'list') {
    const records = (await platform.setAside.list(scope, { includeReplayed: command.all })).map(listed);
    if (command.json) {
      out.stdout(`${JSON.stringify(records, null, 2)}\n`);
    } else if (records.length === 0) {
      out.stdout('no set-aside records\n');
    } else {
      for (const r of records) {
        const replayed = r.replayed_at ? ` (replayed ${r.replayed_at})` : '';
        out.stdout(`${r.id}  ${r.set_aside_at}  ${r.group}  ${r.topic}/${r.partition}@${r.offset}  key ${r.key}  ${r.error_code}: ${r.error_message}${replayed}\n`);
      }
    }
    return 0;
  }

  const records = command.ids === 'all' ? await platform.setAside.list(scope) : command.ids;
  let failed = 0;
  for (const listedOrId of records) {
    // Looked up afresh: replaying a record also marks what other groups set aside of it.
    const id = typeof listedOrId === 'string' ? listedOrId : listedOrId.id;
    const record = await platform.setAside.find(scope, id);
    if (!record) {
      out.stderr(`no set-aside record ${id}\n`);
      failed++;
      continue;
    }
    if (command.ids === 'all' && record.replayedAt !== null) continue;
    const topic = allTopics.find((candidate) => candidate.name === record.topic);
    if (record.replayedAt !== null || !topic) {
      out.stderr(record.replayedAt !== null ? `${record.id} was already replayed at ${record.replayedAt}\n` : `${record.id} names an unknown topic ${record.topic}\n`);
      failed++;
      continue;
    }
    await platform.streamLog.republish(topic, { key: record.key, value: record.value, valueSchema: record.valueSchema, headers: record.headers });
    // Marked after the republish: a crash in between republishes it twice, which consumers deduplicate.
    await platform.setAside.markReplayed(scope, record.id);
    out.stdout(`replayed ${record.id} to ${record.topic} (key ${record.key})\n`);
  }
  if (command.ids === 'all' && records.length === 0) out.stdout('no set-aside records to replay\n');
  return failed > 0 ? 1 : 0;
}
