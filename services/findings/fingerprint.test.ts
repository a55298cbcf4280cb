import { describe, expect, it } from 'vitest';
import { canonicalEncoding, dedupeObservations, fingerprint, fingerprintObservation, type IssueIdentity } from './fingerprint.js';
import {
  emptyDetail,
  type MisconfigurationObservation,
  type Observation,
  type SecretObservation,
  type VulnerabilityObservation,
} from './observation.js';

const image = 'docker.io/library/alpine:3.10';

// GOLDEN VALUES. If one of these changes, every stored finding with that shape
// would be re-keyed (resolved and reopened as a new row). Do not update them to
// make a test pass: introduce a new fingerprint version instead.
describe('golden fingerprints (fp1)', () => {
  const golden: [name: string, assetKey: string, identity: IssueIdentity, expected: string][] = [
    [
      'OS package vulnerability',
      image,
      { kind: 'vulnerability', advisoryId: 'CVE-2019-1549', ecosystem: 'alpine', packageName: 'libssl1.1', installPath: null },
      'fp1:5c45156cb06c9fc5fd6d6743c843ae5bb9202bada1bb1a23782b5ee75c7248dd',
    ],
    [
      'language package read from a lockfile',
      'ghcr.io/acme/web:1.4.2',
      { kind: 'vulnerability', advisoryId: 'CVE-2019-11358', ecosystem: 'npm', packageName: 'jquery', installPath: 'app/package-lock.json' },
      'fp1:0de6ee33545d947b436e3b4bdf3aab21edd9dedec4d1836b72a15a708a59d4b3',
    ],
    [
      'Java package inside a .war',
      'docker.io/library/tomcat@sha256:' + 'ab'.repeat(32),
      {
        kind: 'vulnerability',
        advisoryId: 'CVE-2022-22965',
        ecosystem: 'maven',
        packageName: 'org.springframework:spring-beans',
        installPath: 'usr/local/tomcat/webapps/helloworld.war/WEB-INF/lib/spring-beans-5.3.15.jar',
      },
      'fp1:2b09a6974433a1055b5457191296dfb4cc4fe7c78a00bb439e24199fc351198e',
    ],
    [
      'Python package (PEP 503 name)',
      'docker.io/defectdojo/defectdojo-django:1.13.1',
      { kind: 'vulnerability', advisoryId: 'GHSA-8r8j-xvfj-36f9', ecosystem: 'pypi', packageName: 'Django_Rest.Framework', installPath: 'usr/local/lib/python3.6/site-packages/djangorestframework-3.11.0.dist-info/METADATA' },
      'fp1:38d69c0c9ac26dd19755976265533732c3bda6876c22d1a8481af0fcd82cd003',
    ],
    [
      'Go module without an advisory CVE',
      'ghcr.io/acme/api:2',
      { kind: 'vulnerability', advisoryId: 'GMS-2022-20', ecosystem: 'golang', packageName: 'github.com/docker/distribution', installPath: 'submod/go.mod' },
      'fp1:fe826c6ad8a0fdaa06d51a2a06affedec0ac37e4291fb1ed34a5ecb6c1301d38',
    ],
    [
      'secret',
      'ghcr.io/acme/web:1.4.2',
      { kind: 'secret', ruleId: 'aws-access-key-id', file: 'deploy.sh', matchRedacted: 'export AWS_ACCESS_KEY_ID=********************' },
      'fp1:26119c1c5ee39f0de661632b8d4b86ebc22b0882d723818deb8860d72dd4e725',
    ],
    [
      'misconfiguration with a rendered cause',
      'ghcr.io/acme/chart:0.1.0',
      { kind: 'misconfiguration', checkId: 'KSV-0118', target: 'testchart.tar.gz:templates/pod.yaml', cause: 'container nginx-deployment in default namespace is using the default security context' },
      'fp1:b1b7e939d4b712f988bf843b36b2b80223882fe9ccb4b10182668c68be217d65',
    ],
    [
      'misconfiguration without a cause',
      'ghcr.io/acme/web:1.4.2',
      { kind: 'misconfiguration', checkId: 'DS-0002', target: 'Dockerfile', cause: null },
      'fp1:7039c65dc891a3e39a8fcf89d67131dbb048e9e6d21429db2b5ca959eb0656ab',
    ],
  ];

  it.each(golden)('%s', (_name, assetKey, identity, expected) => {
    expect(fingerprint(assetKey, identity)).toBe(expected);
  });

  it('hashes a JSON array of the fields in a fixed order', () => {
    const [, assetKey, identity] = golden[0] ?? [];
    if (!assetKey || !identity) throw new Error('golden table is empty');
    expect(canonicalEncoding(assetKey, identity)).toBe('["vulnerability","docker.io/library/alpine:3.10","CVE-2019-1549","alpine","libssl1.1",""]');
  });
});

function vulnerability(overrides: Partial<VulnerabilityObservation> = {}): VulnerabilityObservation {
  return {
    kind: 'vulnerability',
    identifier: 'CVE-2019-5094',
    severity: 'medium',
    fixability: 'fixable',
    component: { ecosystem: 'ubuntu', name: 'e2fsprogs', version: '1.44.1-1ubuntu1.1' },
    install_path: null,
    target: null,
    title: 'e2fsprogs: crafted ext4 partition leads to out-of-bounds write',
    detail: {
      ...emptyDetail(),
      fixed_version: '1.44.1-1ubuntu1.2',
      installed_version: '1.44.1-1ubuntu1.1',
      cvss_vector: 'CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H',
      cvss_score: 6.7,
      published_at: '2019-09-24T22:15:00Z',
      modified_at: '2023-11-07T03:10:00Z',
      scanner_status: 'fixed',
    },
    ...overrides,
  };
}

function secret(overrides: Partial<SecretObservation> = {}): SecretObservation {
  return {
    kind: 'secret',
    identifier: 'aws-access-key-id',
    severity: 'critical',
    fixability: 'unknown',
    component: null,
    install_path: null,
    target: 'deploy.sh',
    title: 'AWS Access Key ID',
    detail: { ...emptyDetail(), rule: 'aws-access-key-id', file: 'deploy.sh', line: { start: 3, end: 3 }, match_redacted: 'export AWS_ACCESS_KEY_ID=****' },
    ...overrides,
  };
}

function misconfiguration(overrides: Partial<MisconfigurationObservation> = {}): MisconfigurationObservation {
  return {
    kind: 'misconfiguration',
    identifier: 'KSV-0001',
    severity: 'medium',
    fixability: 'unknown',
    component: null,
    install_path: null,
    target: 'templates/pod.yaml',
    title: 'Can elevate its own privileges',
    detail: {
      ...emptyDetail(),
      rule: 'KSV-0001',
      file: 'templates/pod.yaml',
      line: { start: 19, end: 22 },
      resolution: "Set 'set containers[].securityContext.allowPrivilegeEscalation' to 'false'.",
      cause: "Container 'nginx' of Deployment 'nginx-deployment' should set 'securityContext.allowPrivilegeEscalation' to false",
      primary_url: 'https://avd.aquasec.com/misconfig/ksv-0001',
    },
    ...overrides,
  };
}

// Evidence that changes from scan to scan; none of it may move the fingerprint.
const evidenceChanges: [name: string, change: (observation: Observation) => Observation][] = [
  ['severity', (o) => ({ ...o, severity: o.severity === 'critical' ? 'low' : 'critical' })],
  ['fixability', (o) => ({ ...o, fixability: o.fixability === 'fixable' ? 'unknown' : 'fixable' })],
  ['title', (o) => ({ ...o, title: 'reworded title' })],
  ['fixed version', (o) => ({ ...o, detail: { ...o.detail, fixed_version: '9.9.9' } })],
  ['installed version (detail)', (o) => ({ ...o, detail: { ...o.detail, installed_version: '0.0.1' } })],
  ['CVSS vector and score', (o) => ({ ...o, detail: { ...o.detail, cvss_vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', cvss_score: 9.8 } })],
  ['dates', (o) => ({ ...o, detail: { ...o.detail, published_at: '2000-01-01T00:00:00Z', modified_at: '2030-01-01T00:00:00Z' } })],
  ['line numbers', (o) => ({ ...o, detail: { ...o.detail, line: { start: 120, end: 140 } } })],
  ['scanner status', (o) => ({ ...o, detail: { ...o.detail, scanner_status: 'will_not_fix' } })],
  ['resolution text', (o) => ({ ...o, detail: { ...o.detail, resolution: 'do something else' } })],
  ['aliases and links', (o) => ({ ...o, detail: { ...o.detail, aliases: ['GHSA-xxxx-xxxx-xxxx'], primary_url: 'https://example.com' } })],
];

describe('fingerprint ignores evidence', () => {
  const samples: Observation[] = [vulnerability(), vulnerability({ component: { ecosystem: 'npm', name: 'jquery', version: '3.3.9' }, install_path: 'package-lock.json' }), secret(), misconfiguration()];

  for (const sample of samples) {
    it.each(evidenceChanges)(`${sample.kind} ${sample.identifier}: %s`, (_name, change) => {
      expect(fingerprintObservation(image, change(sample))).toBe(fingerprintObservation(image, sample));
    });
  }

  it('ignores the installed version of the component', () => {
    const upgraded = vulnerability({ component: { ecosystem: 'ubuntu', name: 'e2fsprogs', version: '1.44.1-1ubuntu1.9' } });
    expect(fingerprintObservation(image, upgraded)).toBe(fingerprintObservation(image, vulnerability()));
  });
});

describe('fingerprint follows every defining field', () => {
  const cases: [name: string, base: Observation, changed: Observation][] = [
    ['vulnerability: advisory id', vulnerability(), vulnerability({ identifier: 'CVE-2019-5188' })],
    ['vulnerability: ecosystem', vulnerability(), vulnerability({ component: { ecosystem: 'debian', name: 'e2fsprogs', version: null } })],
    ['vulnerability: package name', vulnerability(), vulnerability({ component: { ecosystem: 'ubuntu', name: 'libss2', version: null } })],
    ['vulnerability: install path', vulnerability({ install_path: 'app/a/package-lock.json' }), vulnerability({ install_path: 'app/b/package-lock.json' })],
    ['vulnerability: path versus no path', vulnerability(), vulnerability({ install_path: 'usr/lib/x.jar' })],
    ['secret: rule id', secret(), secret({ identifier: 'github-pat' })],
    ['secret: file', secret(), secret({ target: 'scripts/deploy.sh' })],
    ['secret: redacted match', secret(), secret({ detail: { ...secret().detail, match_redacted: 'export AWS_SECRET_ACCESS_KEY=****' } })],
    ['misconfiguration: check id', misconfiguration(), misconfiguration({ identifier: 'KSV-0003' })],
    ['misconfiguration: target', misconfiguration(), misconfiguration({ target: 'templates/deployment.yaml' })],
    ['misconfiguration: cause', misconfiguration(), misconfiguration({ detail: { ...misconfiguration().detail, cause: "Container 'sidecar' of Deployment 'nginx-deployment' should set it" } })],
    ['kind', misconfiguration({ identifier: 'aws-access-key-id', target: 'deploy.sh', detail: { ...emptyDetail(), cause: 'x' } }), secret({ detail: { ...emptyDetail(), match_redacted: 'x' } })],
  ];

  it.each(cases)('%s', (_name, base, changed) => {
    expect(fingerprintObservation(image, changed)).not.toBe(fingerprintObservation(image, base));
  });

  it('asset identity', () => {
    expect(fingerprintObservation('docker.io/library/alpine:3.11', vulnerability())).not.toBe(fingerprintObservation(image, vulnerability()));
  });

  it('is the same for the same image whoever scans it (no tenant input)', () => {
    expect(fingerprintObservation(image, vulnerability())).toBe(fingerprintObservation(image, structuredClone(vulnerability())));
  });

  it('has the version prefix and a SHA-256 hex digest', () => {
    expect(fingerprintObservation(image, vulnerability())).toMatch(/^fp1:[0-9a-f]{64}$/);
  });
});

describe('canonical spelling', () => {
  const same = (a: Observation, b: Observation): void => expect(fingerprintObservation(image, a)).toBe(fingerprintObservation(image, b));
  const different = (a: Observation, b: Observation): void => expect(fingerprintObservation(image, a)).not.toBe(fingerprintObservation(image, b));
  const pkg = (ecosystem: string, name: string): VulnerabilityObservation => vulnerability({ component: { ecosystem, name, version: null } });

  it('upper-cases advisory and check ids', () => {
    same(vulnerability({ identifier: 'cve-2019-5094' }), vulnerability());
    same(misconfiguration({ identifier: 'ksv-0001' }), misconfiguration());
  });

  it('lower-cases ecosystems', () => {
    same(pkg('Ubuntu', 'e2fsprogs'), pkg('ubuntu', 'e2fsprogs'));
  });

  it('folds package names only where the registry does', () => {
    same(pkg('pypi', 'Django_Rest.Framework'), pkg('pypi', 'django-rest-framework'));
    same(pkg('nuget', 'Newtonsoft.Json'), pkg('nuget', 'newtonsoft.json'));
    same(pkg('composer', 'Monolog/Monolog'), pkg('composer', 'monolog/monolog'));
    same(pkg('cargo', 'Serde_JSON'), pkg('cargo', 'serde-json'));
    different(pkg('npm', 'JSONStream'), pkg('npm', 'jsonstream'));
    different(pkg('maven', 'org.Example:lib'), pkg('maven', 'org.example:lib'));
    different(pkg('golang', 'github.com/Sirupsen/logrus'), pkg('golang', 'github.com/sirupsen/logrus'));
    different(pkg('redhat', 'NetworkManager'), pkg('redhat', 'networkmanager'));
  });

  it('normalizes Unicode to NFC and trims whitespace', () => {
    same(pkg('npm', 'caf\u00e9'), pkg('npm', 'cafe\u0301'));
    same(vulnerability({ identifier: ' CVE-2019-5094 ' }), vulnerability());
  });

  it('spells paths one way but keeps their case', () => {
    same(vulnerability({ install_path: '/app/package-lock.json' }), vulnerability({ install_path: 'app/package-lock.json' }));
    same(vulnerability({ install_path: 'x.war:WEB-INF/lib/a.jar' }), vulnerability({ install_path: 'x.war/WEB-INF/lib/a.jar' }));
    different(vulnerability({ install_path: 'App/package-lock.json' }), vulnerability({ install_path: 'app/package-lock.json' }));
  });
});

describe('dedupeObservations', () => {
  it('keeps the first observation per fingerprint and attaches the fingerprint', () => {
    const first = vulnerability({ severity: 'high' });
    const repeat = vulnerability({ severity: 'low' });
    const other = vulnerability({ component: { ecosystem: 'ubuntu', name: 'libss2', version: null } });
    const kept = dedupeObservations(image, [first, repeat, other]);
    expect(kept.map((o) => [o.component?.name, o.severity])).toEqual([
      ['e2fsprogs', 'high'],
      ['libss2', 'medium'],
    ]);
    expect(kept[0]?.fingerprint).toBe(fingerprintObservation(image, first));
  });
});
