// Test-only: the two GitHub organizations the code-hosting tests collect, and what
// each should give. emulate is seeded with their people, repositories and apps; the
// peer's stub answers the calls emulate lacks from GitHub's own response examples
// (data/github-openapi-examples.json) with these ids and names.

export interface FixtureInstallation {
  installationId: number;
  appId: number;
  appSlug: string;
  selection: 'all' | 'selected';
  /** Repositories chosen for a "selected" installation. */
  repositories?: string[];
  permissions: Record<string, string>;
}

export interface FixtureDeployKey {
  id: number;
  title: string;
  readOnly: boolean;
  /** An OpenSSH public key line. */
  key: string;
}

export interface FixtureTokenGrant {
  grantId: number;
  tokenId: number;
  name: string;
  ownerLogin: string;
  ownerId: number;
  selection: 'none' | 'all' | 'subset';
  repositories?: string[];
}

export interface FixtureOrganization {
  login: string;
  /** People (members of type User): never collected. */
  members: string[];
  repositories: { id: number; name: string; deployKeys: FixtureDeployKey[] }[];
  installations: FixtureInstallation[];
  tokenGrants: FixtureTokenGrant[];
}

/** The app the connector authenticates as: installed on both organizations. */
export const inventoryApp = { appId: 424242, slug: 'sentinel-inventory', name: 'Sentinel Inventory' };
const inventoryPermissions = { organization_administration: 'read', members: 'read', administration: 'read', organization_personal_access_tokens: 'read', metadata: 'read' };

// Real public keys' shape: the algorithm, a base64 blob, a comment.
const ed25519 = (seed: string) => `ssh-ed25519 ${Buffer.concat([Buffer.from([0, 0, 0, 11]), Buffer.from('ssh-ed25519'), Buffer.from([0, 0, 0, 32]), Buffer.alloc(32, seed)]).toString('base64')} ${seed}@example`;

export const acme: FixtureOrganization = {
  login: 'acme-corp',
  members: ['alice', 'bob', 'carol'],
  repositories: [
    { id: 7001, name: 'api', deployKeys: [{ id: 81, title: 'ci-deploy', readOnly: false, key: ed25519('c') }, { id: 82, title: 'mirror', readOnly: true, key: ed25519('m') }] },
    { id: 7002, name: 'web', deployKeys: [] },
    { id: 7003, name: 'infra', deployKeys: [{ id: 83, title: 'terraform', readOnly: true, key: ed25519('t') }] },
    // Repositories without keys: each is still one listing call, which the rate-limit test counts on.
    ...Array.from({ length: 9 }, (_, index) => ({ id: 7010 + index, name: `service-${index + 1}`, deployKeys: [] })),
  ],
  installations: [
    { installationId: 9001, appId: inventoryApp.appId, appSlug: inventoryApp.slug, selection: 'all', permissions: inventoryPermissions },
    { installationId: 9002, appId: 515151, appSlug: 'deploy-helper', selection: 'selected', repositories: ['api'], permissions: { contents: 'write', deployments: 'write', metadata: 'read' } },
  ],
  tokenGrants: [
    { grantId: 25381, tokenId: 98716, name: 'release-script', ownerLogin: 'alice', ownerId: 1001, selection: 'subset', repositories: ['api', 'web'] },
    { grantId: 25382, tokenId: 98717, name: 'metrics-export', ownerLogin: 'bob', ownerId: 1002, selection: 'all' },
    { grantId: 25383, tokenId: 98718, name: 'unused-grant', ownerLogin: 'carol', ownerId: 1003, selection: 'none' },
  ],
};

export const globex: FixtureOrganization = {
  login: 'globex',
  members: ['dave'],
  repositories: [{ id: 7101, name: 'portal', deployKeys: [{ id: 91, title: 'portal-deploy', readOnly: true, key: ed25519('p') }] }],
  installations: [{ installationId: 9003, appId: inventoryApp.appId, appSlug: inventoryApp.slug, selection: 'all', permissions: inventoryPermissions }],
  tokenGrants: [],
};

export const fixtureOrganizations = [acme, globex];

/** The edges a complete collection of acme-corp gives, written out from the fixture above. */
export const acmeExpectedEdges = [
  'ACCESSES github:installation:9001 -> github:organization:acme-corp',
  'BELONGS_TO github:bot:sentinel-inventory[bot] -> github:installation:9001',
  'BELONGS_TO github:bot:deploy-helper[bot] -> github:installation:9002',
  'ACCESSES github:deploy-key:81 -> github:repository:acme-corp/api',
  'BELONGS_TO github:deploy-key:81 -> github:repository:acme-corp/api',
  'ACCESSES github:deploy-key:82 -> github:repository:acme-corp/api',
  'BELONGS_TO github:deploy-key:82 -> github:repository:acme-corp/api',
  'ACCESSES github:deploy-key:83 -> github:repository:acme-corp/infra',
  'BELONGS_TO github:deploy-key:83 -> github:repository:acme-corp/infra',
  'AUTHENTICATES_WITH github:fine-grained-token:98716 -> github:user:1001',
  'ACCESSES github:fine-grained-token:98716 -> github:repository:acme-corp/api',
  'ACCESSES github:fine-grained-token:98716 -> github:repository:acme-corp/web',
  'AUTHENTICATES_WITH github:fine-grained-token:98717 -> github:user:1002',
  'ACCESSES github:fine-grained-token:98717 -> github:organization:acme-corp',
  'AUTHENTICATES_WITH github:fine-grained-token:98718 -> github:user:1003',
].sort();
