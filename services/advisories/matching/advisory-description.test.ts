// The words of real OSV records (testdata/osv/): the identifier rule, severity from the
// CVSS vector (scored by ae-cvss-calculator) or the source's own word, and the rest.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeAdvisory } from './advisory-description.js';
import { matchRecord } from './osv-affected.js';
import { readOsvRecord, type OsvRecord } from './osv-record.js';

function load(file: string): OsvRecord {
  const read = readOsvRecord(JSON.parse(readFileSync(new URL(`./testdata/osv/${file}.json`, import.meta.url), 'utf8')));
  if ('error' in read) throw new Error(read.error);
  return read;
}

describe('describeAdvisory: identifiers', () => {
  it('reports the CVE of a GHSA and keeps the GHSA (and other ids) as aliases', () => {
    expect(describeAdvisory(load('GHSA-77rm-9x9h-xj3g'), null)).toMatchObject({
      identifiers: ['CVE-2021-22570'],
      aliases: ['GHSA-77rm-9x9h-xj3g', 'PYSEC-2022-48'],
    });
  });

  it('reports the CVEs a distribution advisory names upstream, one identifier each (DLA-3623-1: 44 CVEs)', () => {
    const record = load('DLA-3623-1');
    const description = describeAdvisory(record, null);
    expect(description.identifiers).toHaveLength(44);
    expect(description.identifiers).toEqual(record.upstream);
    expect(description.aliases).toEqual(['DLA-3623-1']);
    expect(describeAdvisory(load('DSA-3029-1'), null)).toMatchObject({ identifiers: ['CVE-2014-3616'], aliases: ['DSA-3029-1'] });
    expect(describeAdvisory(load('RHSA-2024_4546'), null)).toMatchObject({ identifiers: ['CVE-2023-45288'], aliases: ['RHSA-2024:4546'] });
  });

  it('keeps the record’s own id when it names no CVE (GHSA-crjg-w57m-rqqf)', () => {
    expect(describeAdvisory(load('GHSA-crjg-w57m-rqqf'), null)).toMatchObject({ identifiers: ['GHSA-crjg-w57m-rqqf'], aliases: [] });
  });

  it('a record whose id is the CVE has no aliases (CVE-2022-27449)', () => {
    expect(describeAdvisory(load('CVE-2022-27449'), null)).toMatchObject({ identifiers: ['CVE-2022-27449'], aliases: [] });
  });
});

describe('describeAdvisory: severity', () => {
  it('computes the CVSS v3.1 score of the vector (lodash 7.4 high; protobuf 7.5 high)', () => {
    expect(describeAdvisory(load('GHSA-p6mc-m468-83gw'), null)).toMatchObject({
      severity: 'high',
      cvssVector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:H/A:H',
      cvssScore: 7.4,
    });
    expect(describeAdvisory(load('RHSA-2024_4546'), null)).toMatchObject({ severity: 'high', cvssScore: 7.5 });
  });

  it('prefers v3.x over v4.0 when both are given (GHSA-cfxw-4h78-h7fw: 8.9 by 3.1, 7.0 by 4.0; GHSA-crjg: 6.5 medium)', () => {
    expect(describeAdvisory(load('GHSA-cfxw-4h78-h7fw'), null)).toMatchObject({
      severity: 'high',
      cvssVector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:C/C:H/I:H/A:L',
      cvssScore: 8.9,
    });
    expect(describeAdvisory(load('GHSA-crjg-w57m-rqqf'), null)).toMatchObject({ severity: 'medium', cvssScore: 6.5 });
  });

  it('scores v4.0 when it is the only vector (GHSA-cfxw-4h78-h7fw without its 3.1 vector)', () => {
    const record = load('GHSA-cfxw-4h78-h7fw');
    const onlyV4 = { ...record, severity: record.severity!.filter((entry) => entry.type === 'CVSS_V4') };
    expect(describeAdvisory(onlyV4, null)).toMatchObject({ severity: 'high', cvssScore: 7, cvssVector: onlyV4.severity[0]!.score });
  });

  it('falls back to the source’s word: GHSA severity, Ubuntu priority, Debian urgency', () => {
    expect(describeAdvisory(load('GHSA-6hgm-866r-3cjv'), null)).toMatchObject({ severity: 'high', cvssVector: null, cvssScore: null });
    expect(describeAdvisory(load('UBUNTU-CVE-2025-38094'), null)).toMatchObject({ severity: 'medium', cvssVector: null });
    const chromium = load('CVE-2024-3847');
    expect(describeAdvisory(chromium, chromium.affected![0]!).severity).toBe('low');
    const unixodbc = load('CVE-2024-1013');
    expect(describeAdvisory(unixodbc, unixodbc.affected![0]!).severity).toBe('low');
  });

  it('an unreadable vector is no severity, the source’s word still counts', () => {
    const record = load('GHSA-p6mc-m468-83gw');
    expect(describeAdvisory({ ...record, severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N' }] }, null)).toMatchObject({
      severity: 'high',
      cvssVector: null,
    });
    expect(describeAdvisory({ ...record, severity: [{ type: 'CVSS_V3', score: 'garbage' }], database_specific: {} }, null).severity).toBe(
      'unknown',
    );
  });

  it('is unknown when nothing rates the record (DSA-3029-1, GO-2023-2382, RUSTSEC-2022-0041)', () => {
    for (const id of ['DSA-3029-1', 'GO-2023-2382', 'RUSTSEC-2022-0041']) {
      expect(describeAdvisory(load(id), null).severity, id).toBe('unknown');
    }
  });
});

describe('describeAdvisory: title, dates, link', () => {
  it('takes the summary, the dates and the advisory reference', () => {
    expect(describeAdvisory(load('GHSA-p6mc-m468-83gw'), null)).toMatchObject({
      title: 'Prototype Pollution in lodash',
      publishedAt: '2020-07-15T19:15:48Z',
      modifiedAt: '2022-02-08T22:04:28Z',
      primaryUrl: 'https://nvd.nist.gov/vuln/detail/CVE-2020-8203',
    });
    expect(describeAdvisory(load('DSA-3029-1'), null)).toMatchObject({
      title: 'nginx - security update',
      primaryUrl: 'https://www.debian.org/security/2014/dsa-3029',
    });
  });

  it('without a summary, the first line of the details, shortened', () => {
    const title = describeAdvisory(load('UBUNTU-CVE-2025-38094'), null).title!;
    expect(title.startsWith('In the Linux kernel, the following vulnerability has been resolved')).toBe(true);
    expect(title.length).toBeLessThanOrEqual(200);
  });

  it('works on the entry matchRecord returns', () => {
    const record = load('CVE-2024-3847');
    const matched = matchRecord(record, { osvEcosystem: 'Debian:10', name: 'chromium', version: '89.0.4389.114-1~deb10u1' })!;
    expect(describeAdvisory(record, matched.affected)).toMatchObject({ identifiers: ['CVE-2024-3847'], severity: 'low' });
  });
});
