// The code-hosting collector (spec 2.12, 8): one GitHub
// organization on the hosted service, through Octokit over the connector's provider
// client (github-client.ts). It collects
//   - installed apps (app_discovery, includeApps): the organization's app
//     installations, their permissions and repository selection; an installation on
//     all repositories ACCESSES the organization;
//   - bots (bot_discovery, includeBots): the bot account each installed app acts as,
//     BELONGS_TO its installation, and members of type Bot; every other member is a
//     person and never enters the inventory (emitted marked as a person, so the run
//     counts the exclusion and nothing of it travels);
//   - deploy keys (deploy_key_discovery), per repository: each ACCESSES and
//     BELONGS_TO (is owned by) its repository, read-only or not in its attributes;
//   - fine-grained personal access tokens granted to the organization
//     (token_discovery): each AUTHENTICATES_WITH its owner (a person: the edge names
//     them, the inventory never holds them) and ACCESSES the organization (all
//     repositories) or each repository granted.
// Edges only with relationship_discovery. Last use is never reported (spec 8): the
// deploy keys' last_used and the tokens' token_last_used_at are read by no one.
//
// A failure before anything was emitted fails the collection; after, it is partial
// (PartialCollectionError), so the pipeline removes nothing.
import { createHash } from 'node:crypto';
import { AppError } from '../../platform/errors.js';
import { PartialCollectionError, type CollectedEdge, type CollectedIdentity, type CollectionContext, type Collector } from '../collection/index.js';
import { createGitHubApi, type GitHubApi } from './github-client.js';
import { readGitHubCredentials } from './github-credentials.js';

export const codeHostingIdentityKinds = {
  installation: 'github_app_installation',
  bot: 'github_bot',
  deployKey: 'github_deploy_key',
  token: 'github_fine_grained_token',
} as const;

/**
 * External ids: GitHub's numeric ids where an identity has one (stable across
 * renames); repositories and the organization, which are only ever ends of edges,
 * by their lower-cased names (GitHub names are case-insensitive) so an edge reads.
 */
export const githubIds = {
  organization: (login: string) => `github:organization:${login.toLowerCase()}`,
  repository: (fullName: string) => `github:repository:${fullName.toLowerCase()}`,
  installation: (id: number) => `github:installation:${id}`,
  user: (id: number) => `github:user:${id}`,
  appBot: (appSlug: string) => `github:bot:${appSlug.toLowerCase()}[bot]`,
  deployKey: (id: number) => `github:deploy-key:${id}`,
  token: (tokenId: number) => `github:fine-grained-token:${tokenId}`,
};

interface Account {
  login: string;
  id: number;
  type?: string;
}
interface Installation {
  id: number;
  app_id: number;
  app_slug: string;
  account: Account | null;
  target_type: string;
  repository_selection: 'all' | 'selected';
  permissions: Record<string, string>;
  events: string[];
  created_at: string;
  updated_at: string;
  suspended_at: string | null;
}
interface Repository {
  id: number;
  name: string;
  full_name: string;
  owner: Account;
  private: boolean;
  archived?: boolean;
}
interface DeployKey {
  id: number;
  key: string;
  title: string;
  verified: boolean;
  created_at: string;
  read_only: boolean;
  added_by?: string | null;
  enabled?: boolean;
}
interface TokenGrant {
  id: number;
  owner: Account;
  repository_selection: 'none' | 'all' | 'subset';
  permissions: Record<string, unknown>;
  access_granted_at: string;
  token_id: number;
  token_name: string;
  token_expired: boolean;
  token_expires_at: string | null;
}

export interface CodeHostingCollectorOptions {
  /** The API's base URL: api.github.com unless a test gives its loopback peer. */
  apiBaseUrl?: string;
}

export function createCodeHostingCollector(options: CodeHostingCollectorOptions = {}): Collector {
  return {
    kind: 'code_hosting_organization',
    async collect(context: CollectionContext): Promise<void> {
      const organization = context.connector.organization;
      if (organization === null || organization === undefined) throw new AppError('configuration_error', 'a code_hosting_organization connector needs its organization');
      const api = createGitHubApi({
        client: context.session.client,
        credentials: readGitHubCredentials(context.session.credentials),
        organization,
        baseUrl: options.apiBaseUrl,
      });
      const run = new CodeHostingRun(context, api, organization);
      try {
        await run.collect();
      } catch (error) {
        if (run.emitted === 0) throw error;
        throw new PartialCollectionError(`GitHub collection failed after ${run.emitted} identities were collected: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}

/** The collector the composition root registers: the hosted service. */
export const codeHostingCollector = createCodeHostingCollector();

class CodeHostingRun {
  emitted = 0;
  private readonly enabled: Set<string>;
  private readonly relationships: boolean;
  private organizationId = '';

  constructor(
    private readonly context: CollectionContext,
    private readonly api: GitHubApi,
    private readonly organization: string,
  ) {
    this.enabled = new Set(context.connector.enabledCapabilities);
    this.relationships = this.enabled.has('relationship_discovery');
  }

  private wants(capability: string, setting?: 'includeApps' | 'includeBots'): boolean {
    return this.enabled.has(capability) && (setting === undefined || this.context.connector.settings[setting] !== false);
  }

  private async emit(identity: CollectedIdentity): Promise<void> {
    await this.context.emitIdentity(identity);
    this.emitted++;
  }

  private async edge(type: CollectedEdge['type'], fromExternalId: string, toExternalId: string): Promise<void> {
    if (this.relationships) await this.context.emitEdge({ type, fromExternalId, toExternalId });
  }

  async collect(): Promise<void> {
    // The organization first: a wrong login or credentials that cannot see it fail here, before anything is emitted.
    const org = await this.api.get<Account>('GET /orgs/{org}', { org: this.organization });
    this.organizationId = githubIds.organization(org.login);
    const apps = this.wants('app_discovery', 'includeApps');
    const bots = this.wants('bot_discovery', 'includeBots');
    if (apps || bots) await this.installations(apps, bots);
    if (bots) await this.members();
    if (this.wants('deploy_key_discovery')) await this.deployKeys();
    if (this.wants('token_discovery')) await this.tokens();
  }

  private async installations(apps: boolean, bots: boolean): Promise<void> {
    this.context.progress('listing app installations');
    const seen = new Set<number>();
    for await (const page of this.api.pages('GET /orgs/{org}/installations', { org: this.organization }, (data) => (data as { installations: Installation[] }).installations)) {
      for (const installation of page) {
        if (seen.has(installation.id)) continue;
        seen.add(installation.id);
        const installationId = githubIds.installation(installation.id);
        if (apps) {
          await this.emit({
            externalId: installationId,
            kind: codeHostingIdentityKinds.installation,
            name: installation.app_slug,
            attributes: {
              principalType: 'machine',
              appId: installation.app_id,
              appSlug: installation.app_slug,
              installationId: installation.id,
              targetType: installation.target_type,
              repositorySelection: installation.repository_selection,
              permissions: installation.permissions,
              events: installation.events,
              createdAt: installation.created_at,
              updatedAt: installation.updated_at,
              suspendedAt: installation.suspended_at,
            },
            fingerprint: null,
            lastUsedAt: null,
          });
          // "selected": GitHub lists another app's chosen repositories to that app only, so no repository edge is known.
          if (installation.repository_selection === 'all') await this.edge('ACCESSES', installationId, this.organizationId);
        }
        if (bots) {
          const botId = githubIds.appBot(installation.app_slug);
          await this.emit({
            externalId: botId,
            kind: codeHostingIdentityKinds.bot,
            name: `${installation.app_slug}[bot]`,
            attributes: { principalType: 'machine', login: `${installation.app_slug}[bot]`, appId: installation.app_id, appSlug: installation.app_slug, source: 'app_installation' },
            fingerprint: null,
            lastUsedAt: null,
          });
          if (apps) await this.edge('BELONGS_TO', botId, installationId);
        }
      }
    }
  }

  private async members(): Promise<void> {
    this.context.progress('listing members (bots kept, people excluded)');
    for await (const page of this.api.pages('GET /orgs/{org}/members', { org: this.organization }, (data) => data as Account[])) {
      for (const member of page) {
        const bot = member.type === 'Bot';
        // A person is emitted marked as one: the run counts the exclusion and nothing of them travels.
        await this.emit({
          externalId: githubIds.user(member.id),
          kind: bot ? codeHostingIdentityKinds.bot : 'github_member',
          name: member.login,
          attributes: bot ? { principalType: 'machine', login: member.login, userId: member.id, source: 'member' } : { principalType: 'person' },
          fingerprint: null,
          lastUsedAt: null,
        });
      }
    }
  }

  private async deployKeys(): Promise<void> {
    this.context.progress('listing repositories and their deploy keys');
    const repositories = new Map<number, Repository>();
    for await (const page of this.api.pages('GET /orgs/{org}/repos', { org: this.organization, type: 'all' }, (data) => data as Repository[])) {
      for (const repository of page) repositories.set(repository.id, repository);
    }
    for (const repository of repositories.values()) {
      const repositoryId = githubIds.repository(repository.full_name);
      for await (const page of this.api.pages('GET /repos/{owner}/{repo}/keys', { owner: repository.owner.login, repo: repository.name }, (data) => data as DeployKey[])) {
        for (const key of page) {
          const keyId = githubIds.deployKey(key.id);
          await this.emit({
            externalId: keyId,
            kind: codeHostingIdentityKinds.deployKey,
            name: key.title,
            attributes: {
              principalType: 'machine',
              repository: repository.full_name,
              readOnly: key.read_only,
              verified: key.verified,
              enabled: key.enabled ?? null,
              createdAt: key.created_at,
              addedBy: key.added_by ?? null,
              keyFingerprint: sshKeyFingerprint(key.key),
            },
            fingerprint: null,
            lastUsedAt: null,
          });
          await this.edge('ACCESSES', keyId, repositoryId);
          await this.edge('BELONGS_TO', keyId, repositoryId);
        }
      }
    }
  }

  private async tokens(): Promise<void> {
    this.context.progress('listing fine-grained tokens granted to the organization');
    const grants: TokenGrant[] = [];
    const seen = new Set<number>();
    for await (const page of this.api.pages('GET /orgs/{org}/personal-access-tokens', { org: this.organization }, (data) => data as TokenGrant[])) {
      for (const grant of page) {
        if (seen.has(grant.id)) continue;
        seen.add(grant.id);
        grants.push(grant);
        const tokenId = githubIds.token(grant.token_id);
        await this.emit({
          externalId: tokenId,
          kind: codeHostingIdentityKinds.token,
          name: grant.token_name,
          attributes: {
            principalType: 'machine',
            grantId: grant.id,
            tokenId: grant.token_id,
            owner: { login: grant.owner.login, id: grant.owner.id },
            repositorySelection: grant.repository_selection,
            permissions: grant.permissions,
            accessGrantedAt: grant.access_granted_at,
            expired: grant.token_expired,
            expiresAt: grant.token_expires_at,
          },
          fingerprint: null,
          lastUsedAt: null,
        });
        await this.edge('AUTHENTICATES_WITH', tokenId, githubIds.user(grant.owner.id));
        if (grant.repository_selection === 'all') await this.edge('ACCESSES', tokenId, this.organizationId);
      }
    }
    if (!this.relationships) return;
    for (const grant of grants.filter((candidate) => candidate.repository_selection === 'subset')) {
      const route = 'GET /orgs/{org}/personal-access-tokens/{pat_id}/repositories';
      for await (const page of this.api.pages(route, { org: this.organization, pat_id: grant.id }, (data) => data as Repository[])) {
        for (const repository of page) await this.edge('ACCESSES', githubIds.token(grant.token_id), githubIds.repository(repository.full_name));
      }
    }
  }
}

/** OpenSSH's SHA256 fingerprint of a public key line ("ssh-ed25519 AAAA... comment"); null when it is not one. */
function sshKeyFingerprint(publicKey: string): string | null {
  const blob = publicKey.trim().split(/\s+/)[1];
  if (blob === undefined || !/^[A-Za-z0-9+/]+={0,2}$/.test(blob)) return null;
  return `SHA256:${createHash('sha256').update(Buffer.from(blob, 'base64')).digest('base64').replace(/=+$/, '')}`;
}
