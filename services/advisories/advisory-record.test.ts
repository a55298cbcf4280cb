import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modifiedKey, readAdvisoryRecord } from './advisory-record.js';
import { FIXTURE_DIR } from './testing/osv-archive-server.js';

const real = readFileSync(path.join(FIXTURE_DIR, 'Ubuntu', 'UBUNTU-CVE-2025-38094.json'), 'utf8');
const realRecord = JSON.parse(real) as Record<string, unknown>;
const variant = (change: Record<string, unknown>) => JSON.stringify({ ...realRecord, ...change });

describe('reading an OSV record for storage', () => {
  it('keeps the whole record and names its packages under the base ecosystem', () => {
    const reading = readAdvisoryRecord(real);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.advisory).toMatchObject({ id: 'UBUNTU-CVE-2025-38094', modified: realRecord.modified, withdrawn: null, packages: [{ ecosystem: 'Ubuntu', name: 'linux' }] });
    expect(reading.advisory.record).toEqual(realRecord);
  });

  it('refuses what is not a record it can store, saying why', () => {
    const refusals: Array<[string, string]> = [
      ['{"id":', 'not JSON'],
      ['[1, 2]', 'not a JSON object'],
      [variant({ id: '../../etc/passwd' }), 'no valid id'],
      [variant({ id: undefined }), 'no valid id'],
      [variant({ modified: '2025-07-04' }), 'UBUNTU-CVE-2025-38094: modified is not an RFC 3339 UTC timestamp'],
      [variant({ modified: '2025-07-04T00:00:00+02:00' }), 'UBUNTU-CVE-2025-38094: modified is not an RFC 3339 UTC timestamp'],
      [variant({ withdrawn: 'yesterday' }), 'UBUNTU-CVE-2025-38094: withdrawn is not an RFC 3339 UTC timestamp'],
      [variant({ affected: { package: 'x' } }), 'UBUNTU-CVE-2025-38094: affected is not an array'],
      [variant({ database_specific: JSON.parse('['.repeat(70) + ']'.repeat(70)) }), 'nested deeper than 64 levels'],
    ];
    for (const [text, problem] of refusals) expect(readAdvisoryRecord(text), problem).toEqual({ ok: false, problem });
  });

  it('replaces text no column can hold and passes over affected entries naming no package', () => {
    const reading = readAdvisoryRecord(variant({ summary: 'a\u0000b', affected: [{ ranges: [] }, ...(realRecord.affected as unknown[])] }));
    expect(reading.ok && reading.advisory.record.summary).toBe('a\uFFFDb');
    expect(reading.ok && reading.advisory.packages).toEqual([{ ecosystem: 'Ubuntu', name: 'linux' }]);
  });

  it('orders modified times to the nanosecond, as modified_id.csv spells them', () => {
    expect(modifiedKey('2024-02-24T07:19:09Z')).toBe('2024-02-24T07:19:09.000000000Z');
    expect(modifiedKey('2024-02-24T07:19:09.418536Z')).toBe('2024-02-24T07:19:09.418536000Z');
    expect(modifiedKey('2024-02-24T07:19:09.4Z')! > modifiedKey('2024-02-24T07:19:09.399999999Z')!).toBe(true);
    expect(modifiedKey('0001-01-01T00:00:00Z')! < modifiedKey('2014-09-20T08:18:07Z')!).toBe(true);
    expect(modifiedKey('2024-02-24 07:19:09')).toBeUndefined();
  });
});
