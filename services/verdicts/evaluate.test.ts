import { describe, expect, it } from 'vitest';
import type { Condition, Rule } from '../policies/rules.js';
import { conditionHolds, distinctionsOf, evaluatePolicy, valuesListed, type FindingFacets } from './evaluate.js';

const finding = (facets: Partial<FindingFacets> = {}): FindingFacets => ({
  kind: 'vulnerability',
  severity: 'high',
  fixability: 'fixable',
  status: 'open',
  cvss: 7.5,
  firstSeenAgeDays: 10,
  advisories: ['cve-2024-0001', 'ghsa-aaaa-bbbb-cccc'],
  component: 'openssl',
  ...facets,
});

describe('conditionHolds', () => {
  it.each<[string, Condition, Partial<FindingFacets>, boolean]>([
    ['kind in: listed', { field: 'kind', op: 'in', value: ['secret', 'vulnerability'] }, {}, true],
    ['kind in: not listed', { field: 'kind', op: 'in', value: ['secret'] }, {}, false],
    ['severity at_least: above', { field: 'severity', op: 'at_least', value: 'medium' }, { severity: 'high' }, true],
    ['severity at_least: equal', { field: 'severity', op: 'at_least', value: 'high' }, { severity: 'high' }, true],
    ['severity at_least: below', { field: 'severity', op: 'at_least', value: 'critical' }, { severity: 'high' }, false],
    ['severity at_least none: none', { field: 'severity', op: 'at_least', value: 'none' }, { severity: 'none' }, true],
    ['severity at_least low: none is below', { field: 'severity', op: 'at_least', value: 'low' }, { severity: 'none' }, false],
    ['severity at_least critical: unknown meets it', { field: 'severity', op: 'at_least', value: 'critical' }, { severity: 'unknown' }, true],
    ['severity at_least low: unknown meets it', { field: 'severity', op: 'at_least', value: 'low' }, { severity: 'unknown' }, true],
    ['severity in: unknown only when listed', { field: 'severity', op: 'in', value: ['critical', 'high'] }, { severity: 'unknown' }, false],
    ['severity in: unknown listed', { field: 'severity', op: 'in', value: ['unknown'] }, { severity: 'unknown' }, true],
    ['severity in: listed', { field: 'severity', op: 'in', value: ['critical', 'high'] }, { severity: 'high' }, true],
    ['fixability in: listed', { field: 'fixability', op: 'in', value: ['fixable'] }, {}, true],
    ['fixability in: unknown is not fixable', { field: 'fixability', op: 'in', value: ['fixable'] }, { fixability: 'unknown' }, false],
    ['fixability in: unfixable', { field: 'fixability', op: 'in', value: ['unfixable', 'unknown'] }, { fixability: 'unfixable' }, true],
    ['status in: listed', { field: 'status', op: 'in', value: ['open', 'reopened'] }, { status: 'reopened' }, true],
    ['status in: not listed', { field: 'status', op: 'in', value: ['open'] }, { status: 'triaged' }, false],
    ['cvss at_least: above', { field: 'cvss', op: 'at_least', value: 7 }, { cvss: 7.5 }, true],
    ['cvss at_least: equal', { field: 'cvss', op: 'at_least', value: 7.5 }, { cvss: 7.5 }, true],
    ['cvss at_least: below', { field: 'cvss', op: 'at_least', value: 9 }, { cvss: 7.5 }, false],
    ['cvss at_least 0: no score never matches', { field: 'cvss', op: 'at_least', value: 0 }, { cvss: null }, false],
    ['first_seen_age_days at_least: older', { field: 'first_seen_age_days', op: 'at_least', value: 7 }, { firstSeenAgeDays: 10 }, true],
    ['first_seen_age_days at_least: equal', { field: 'first_seen_age_days', op: 'at_least', value: 10 }, { firstSeenAgeDays: 10 }, true],
    ['first_seen_age_days at_least: younger', { field: 'first_seen_age_days', op: 'at_least', value: 30 }, { firstSeenAgeDays: 10 }, false],
    ['first_seen_age_days at_least 0: no first sighting', { field: 'first_seen_age_days', op: 'at_least', value: 0 }, { firstSeenAgeDays: null }, false],
    ['advisory in: identifier, any case', { field: 'advisory', op: 'in', value: ['CVE-2024-0001'] }, {}, true],
    ['advisory in: an alias', { field: 'advisory', op: 'in', value: ['GHSA-AAAA-BBBB-CCCC'] }, {}, true],
    ['advisory in: exact, not a prefix', { field: 'advisory', op: 'in', value: ['CVE-2024-000'] }, {}, false],
    ['component in: exact', { field: 'component', op: 'in', value: ['openssl'] }, {}, true],
    ['component in: case matters', { field: 'component', op: 'in', value: ['OpenSSL'] }, {}, false],
    ['component in: no component', { field: 'component', op: 'in', value: ['openssl'] }, { component: null }, false],
  ])('%s', (_case, condition, facets, expected) => {
    expect(conditionHolds(condition, finding(facets))).toBe(expected);
  });
});

describe('evaluatePolicy', () => {
  const blockCritical: Rule = { name: 'critical', effect: 'block', when: [{ field: 'severity', op: 'at_least', value: 'critical' }] };
  const warnAll: Rule = { name: 'all', effect: 'warn', when: [] };

  it('counts every rule, blocks only on a matching block rule, and reports rules in their order', () => {
    const result = evaluatePolicy([warnAll, blockCritical], [
      { facets: finding({ severity: 'critical' }), count: 2 },
      { facets: finding({ severity: 'low' }), count: 3 },
    ]);
    expect(result).toEqual({
      evaluatedFindings: 5,
      suppressedFindings: 0,
      blocking: true,
      rules: [
        { name: 'all', effect: 'warn', match_count: 5, blocking: false },
        { name: 'critical', effect: 'block', match_count: 2, blocking: true },
      ],
    });
  });

  it('passes when block rules match nothing, however many warnings match', () => {
    const result = evaluatePolicy([blockCritical, warnAll], [{ facets: finding({ severity: 'medium' }), count: 4 }]);
    expect(result.blocking).toBe(false);
    expect(result.rules.map((rule) => [rule.match_count, rule.blocking])).toEqual([
      [0, false],
      [4, false],
    ]);
  });

  it('sets suppressed findings aside before any rule, even a rule naming no condition', () => {
    const result = evaluatePolicy([blockCritical, { name: 'anything', effect: 'block', when: [] }], [{ facets: finding({ severity: 'critical', status: 'suppressed' }), count: 3 }]);
    expect(result).toMatchObject({ evaluatedFindings: 0, suppressedFindings: 3, blocking: false });
    expect(result.rules.every((rule) => rule.match_count === 0)).toBe(true);
  });

  it('ANDs the conditions of a rule', () => {
    const rule: Rule = {
      name: 'old fixable criticals',
      effect: 'block',
      when: [
        { field: 'severity', op: 'at_least', value: 'critical' },
        { field: 'fixability', op: 'in', value: ['fixable'] },
        { field: 'first_seen_age_days', op: 'at_least', value: 30 },
      ],
    };
    const result = evaluatePolicy([rule], [
      { facets: finding({ severity: 'critical', firstSeenAgeDays: 45 }), count: 1 },
      { facets: finding({ severity: 'critical', firstSeenAgeDays: 3 }), count: 1 },
      { facets: finding({ severity: 'critical', fixability: 'unknown', firstSeenAgeDays: 45 }), count: 1 },
    ]);
    expect(result.rules[0]).toMatchObject({ match_count: 1, blocking: true });
  });

  it('matches a rule with no conditions to every finding that is not suppressed', () => {
    const result = evaluatePolicy([warnAll], [
      { facets: finding(), count: 1 },
      { facets: finding({ kind: 'secret', severity: 'unknown', cvss: null }), count: 1 },
      { facets: finding({ status: 'suppressed' }), count: 1 },
    ]);
    expect(result.rules[0]!.match_count).toBe(2);
  });

  it('answers a pass with zero findings', () => {
    expect(evaluatePolicy([blockCritical], [])).toEqual({ evaluatedFindings: 0, suppressedFindings: 0, blocking: false, rules: [{ name: 'critical', effect: 'block', match_count: 0, blocking: false }] });
  });
});

describe('what a summary query must tell apart', () => {
  const rules: Rule[] = [
    { name: 'a', effect: 'block', when: [{ field: 'advisory', op: 'in', value: ['CVE-1', 'cve-2'] }, { field: 'cvss', op: 'at_least', value: 5 }] },
    { name: 'c', effect: 'warn', when: [{ field: 'cvss', op: 'at_least', value: 9.5 }, { field: 'cvss', op: 'at_least', value: 5 }] },
    { name: 'b', effect: 'warn', when: [{ field: 'advisory', op: 'in', value: ['Cve-1'] }, { field: 'component', op: 'in', value: ['zlib', 'musl'] }] },
  ];

  it('tells apart only what the conditions test: listed values, ranked severities, and each threshold once, ascending', () => {
    expect(distinctionsOf(rules)).toEqual({ kinds: [], fixabilities: [], statuses: ['suppressed'], severities: [], everySeverity: false, cvssThresholds: [5, 9.5], ageThresholds: [] });
    const ranked: Rule[] = [
      { name: 'a', effect: 'block', when: [{ field: 'severity', op: 'in', value: ['low'] }, { field: 'status', op: 'in', value: ['open', 'suppressed' as never] }] },
      { name: 'b', effect: 'warn', when: [{ field: 'severity', op: 'at_least', value: 'high' }, { field: 'kind', op: 'in', value: ['secret'] }, { field: 'fixability', op: 'in', value: ['fixable'] }, { field: 'first_seen_age_days', op: 'at_least', value: 30 }] },
      { name: 'c', effect: 'warn', when: [{ field: 'first_seen_age_days', op: 'at_least', value: 7 }] },
    ];
    expect(distinctionsOf(ranked)).toEqual({ kinds: ['secret'], fixabilities: ['fixable'], statuses: ['suppressed', 'open'], severities: ['low'], everySeverity: true, cvssThresholds: [], ageThresholds: [7, 30] });
  });

  it('lists the values conditions name, advisories lower-cased and once each', () => {
    expect(valuesListed(rules, 'advisory').sort()).toEqual(['cve-1', 'cve-2']);
    expect(valuesListed(rules, 'component').sort()).toEqual(['musl', 'zlib']);
  });
});
