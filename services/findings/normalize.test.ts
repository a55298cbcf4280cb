import { describe, expect, it } from 'vitest';
import {
  fixabilityFromFixedVersion,
  languageEcosystemFromGrypeType,
  languageEcosystemFromTrivyType,
  normalizeInstallPath,
  normalizeSeverity,
  osFamily,
  severityFromSarifLevel,
  severityFromScore,
} from './normalize.js';
import type { Severity } from './observation.js';

describe('normalizeSeverity', () => {
  const words: [word: string | null | undefined, severity: Severity][] = [
    ['CRITICAL', 'critical'],
    ['Critical', 'critical'],
    ['HIGH', 'high'],
    ['High', 'high'],
    ['Important', 'high'],
    ['MEDIUM', 'medium'],
    ['moderate', 'medium'],
    ['Moderate', 'medium'],
    ['LOW', 'low'],
    ['low', 'low'],
    ['Negligible', 'none'],
    ['unimportant', 'none'],
    ['NONE', 'none'],
    ['info', 'none'],
    ['informational', 'none'],
    [' High ', 'high'],
    ['UNKNOWN', 'unknown'],
    ['Unknown', 'unknown'],
    ['unspecified', 'unknown'],
    ['severe', 'unknown'],
    ['', 'unknown'],
    [null, 'unknown'],
    [undefined, 'unknown'],
  ];

  it.each(words)('%j is %s', (word, severity) => {
    expect(normalizeSeverity(word)).toBe(severity);
  });

  it('never turns a word it does not know into low', () => {
    for (const word of ['unknown', 'n/a', '?', 'tbd', 'untriaged', '0']) expect(normalizeSeverity(word)).toBe('unknown');
  });
});

describe('severityFromScore (CVSS v3 rating, SARIF security-severity)', () => {
  const scores: [score: number | null, severity: Severity][] = [
    [10, 'critical'],
    [9, 'critical'],
    [8.9, 'high'],
    [7, 'high'],
    [6.9, 'medium'],
    [4, 'medium'],
    [3.9, 'low'],
    [0.1, 'low'],
    [0, 'none'],
    [-1, 'unknown'],
    [10.5, 'unknown'],
    [Number.NaN, 'unknown'],
    [null, 'unknown'],
  ];

  it.each(scores)('%s is %s', (score, severity) => {
    expect(severityFromScore(score)).toBe(severity);
  });
});

describe('severityFromSarifLevel', () => {
  it.each([
    ['error', 'high'],
    ['warning', 'medium'],
    ['note', 'low'],
    ['none', 'none'],
    [null, 'unknown'],
    ['fatal', 'unknown'],
  ] as const)('%s is %s', (level, severity) => {
    expect(severityFromSarifLevel(level)).toBe(severity);
  });
});

describe('fixabilityFromFixedVersion', () => {
  it('is fixable only when a fixed version is recorded', () => {
    expect(fixabilityFromFixedVersion('1.1.1d-r0')).toBe('fixable');
    expect(fixabilityFromFixedVersion('6.0.3.1, 5.2.4.3')).toBe('fixable');
  });

  it('is unknown, never unfixable, without one', () => {
    for (const absent of [null, undefined, '', '   ']) expect(fixabilityFromFixedVersion(absent)).toBe('unknown');
  });
});

describe('ecosystems', () => {
  it('names OS packages by distribution family, one spelling per family', () => {
    expect(osFamily('alpine')).toBe('alpine');
    expect(osFamily('Debian')).toBe('debian');
    expect(osFamily('redhat')).toBe('redhat');
    expect(osFamily('rhel')).toBe('redhat');
    expect(osFamily('amzn')).toBe('amazon');
    expect(osFamily('centos')).toBe('centos');
  });

  it('names language packages by purl type whichever scanner or lockfile reported them', () => {
    expect(languageEcosystemFromTrivyType('npm')).toBe('npm');
    expect(languageEcosystemFromTrivyType('yarn')).toBe('npm');
    expect(languageEcosystemFromTrivyType('gemspec')).toBe('gem');
    expect(languageEcosystemFromTrivyType('bundler')).toBe('gem');
    expect(languageEcosystemFromTrivyType('jar')).toBe('maven');
    expect(languageEcosystemFromTrivyType('pom')).toBe('maven');
    expect(languageEcosystemFromTrivyType('gomod')).toBe('golang');
    expect(languageEcosystemFromTrivyType('poetry')).toBe('pypi');
    expect(languageEcosystemFromGrypeType('python')).toBe('pypi');
    expect(languageEcosystemFromGrypeType('java-archive')).toBe('maven');
    expect(languageEcosystemFromGrypeType('go-module')).toBe('golang');
    expect(languageEcosystemFromGrypeType('gem')).toBe('gem');
    expect(languageEcosystemFromGrypeType('npm')).toBe('npm');
  });

  it('passes an unmapped type through lower-cased rather than guessing', () => {
    expect(languageEcosystemFromTrivyType('NewThing')).toBe('newthing');
    expect(languageEcosystemFromGrypeType('binary')).toBe('binary');
  });
});

describe('normalizeInstallPath', () => {
  it('writes one spelling per path', () => {
    expect(normalizeInstallPath('/opt/kafka/libs/avro-1.9.2.jar')).toBe('opt/kafka/libs/avro-1.9.2.jar');
    expect(normalizeInstallPath('./app//package-lock.json')).toBe('app/package-lock.json');
    expect(normalizeInstallPath('usr/local/tomcat/webapps/app.war:WEB-INF/lib/spring-beans-5.3.15.jar')).toBe(
      'usr/local/tomcat/webapps/app.war/WEB-INF/lib/spring-beans-5.3.15.jar',
    );
    expect(normalizeInstallPath('testchart.tar.gz:templates/pod.yaml')).toBe('testchart.tar.gz:templates/pod.yaml');
    expect(normalizeInstallPath('App/Gemfile.lock')).toBe('App/Gemfile.lock');
  });

  it('is null when there is no path', () => {
    expect(normalizeInstallPath(null)).toBeNull();
    expect(normalizeInstallPath('')).toBeNull();
    expect(normalizeInstallPath('/')).toBeNull();
  });
});
