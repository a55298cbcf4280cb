// readOsvRecord reads every real record in testdata/osv/ and refuses what is not an OSV
// record, with the reason, without throwing.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readOsvRecord } from './osv-record.js';

const directory = new URL('./testdata/osv/', import.meta.url);
const files = readdirSync(directory).filter((file) => file.endsWith('.json'));
const lodash = JSON.parse(readFileSync(new URL('GHSA-p6mc-m468-83gw.json', directory), 'utf8')) as Record<string, unknown>;

describe('readOsvRecord', () => {
  it.each(files)('reads %s', (file) => {
    const json = JSON.parse(readFileSync(new URL(file, directory), 'utf8')) as { id: string };
    const record = readOsvRecord(json);
    expect('error' in record ? record.error : record.id).toBe(json.id);
  });

  it('keeps the fields it reads and the ones it does not know', () => {
    const record = readOsvRecord({ ...lodash, new_field: { kept: true } });
    if ('error' in record) throw new Error(record.error);
    expect(record.affected![0]!.package).toEqual({ ecosystem: 'npm', name: 'lodash' });
    expect(record.affected![0]!.ranges![0]!.events).toEqual([{ introduced: '0' }, { fixed: '4.17.20' }]);
    expect((record as unknown as Record<string, unknown>)['new_field']).toEqual({ kept: true });
  });

  it.each([
    ['not an object', 'GHSA', /record/],
    ['no id', { ...lodash, id: undefined }, /id/],
    ['no modified', { ...lodash, modified: undefined }, /modified/],
    ['aliases not a list', { ...lodash, aliases: 'CVE-2020-8203' }, /aliases/],
    ['an event with two kinds', { ...lodash, affected: [{ package: { ecosystem: 'npm', name: 'lodash' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0', fixed: '1.0.0' }] }] }] }, /exactly one/],
    ['an event with none', { ...lodash, affected: [{ package: { ecosystem: 'npm', name: 'lodash' }, ranges: [{ type: 'SEMVER', events: [{}] }] }] }, /exactly one/],
    ['a version that is a number', { ...lodash, affected: [{ package: { ecosystem: 'npm', name: 'lodash' }, versions: [1] }] }, /versions/],
    ['an overlong id', { ...lodash, id: 'x'.repeat(500) }, /id/],
    ['too many versions', { ...lodash, affected: [{ package: { ecosystem: 'npm', name: 'x' }, versions: Array.from({ length: 100_001 }, () => '1') }] }, /versions/],
  ])('refuses %s, naming the place', (_, json, reason) => {
    const result = readOsvRecord(json);
    expect(result).toHaveProperty('error');
    expect((result as { error: string }).error).toMatch(reason);
  });

  it('names the record in the error when it has an id', () => {
    expect(readOsvRecord({ ...lodash, modified: 3 })).toEqual({ error: expect.stringMatching(/^GHSA-p6mc-m468-83gw: modified/) });
  });
});
