// Configuring an organization's identity providers (owners, identity:manage) and reading
// them (identity:read). Each change is audited in its transaction (spec 6.2, "identity
// provider configuration and enforcement"): sso_provider.created, .updated, .deleted,
// and sso_enforcement.enabled or .disabled whenever a provider starts or stops
// enforcing (enabled and enforced).
import { randomUUID } from 'node:crypto';
import { actorOf, recordIdentityEvent, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import { conflict, notFound, validationFailed } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { endpointsOf } from './endpoints.js';
import {
  deleteProvider,
  findProvider,
  insertProvider,
  listProviders,
  secretAssociatedData,
  updateProvider,
  type OidcSettings,
  type ProviderFields,
  type SamlSettings,
  type SsoDefaultRole,
  type SsoProvider,
} from './providers.js';
import { certificateInfo, checkIssuer, checkScopes, checkSsoUrl, normalizeCertificates, type SettingsPolicy } from './provider-settings.js';

interface ProviderServiceDependencies {
  db: Database;
  secretBox: SecretBox;
  publicBaseUrl: string;
  policy: SettingsPolicy;
}

export interface Caller {
  principal: Principal;
  origin: RequestOrigin;
}

interface OidcInput {
  issuer?: string;
  client_id?: string;
  client_secret?: string | null;
  scopes?: string[];
  groups_claim?: string | null;
}

interface SamlInput {
  idp_entity_id?: string;
  sso_url?: string;
  certificates?: string[];
  sp_entity_id?: string | null;
  groups_attribute?: string | null;
  email_attribute?: string | null;
  allow_idp_initiated?: boolean;
}

export interface ProviderInput {
  protocol: 'oidc' | 'saml';
  name: string;
  enabled?: boolean;
  enforced?: boolean;
  jit_provisioning?: boolean;
  default_role?: SsoDefaultRole;
  oidc?: OidcInput;
  saml?: SamlInput;
}

export type ProviderPatch = Partial<Omit<ProviderInput, 'protocol'>>;

const enforcing = (provider: Pick<SsoProvider, 'enabled' | 'enforced'>): boolean => provider.enabled && provider.enforced;

export function createProviderService(deps: ProviderServiceDependencies) {
  const { db, secretBox, policy } = deps;

  /** The answer's shape: settings without the secret, and what the identity provider needs from us. */
  function view(provider: SsoProvider) {
    const endpoints = endpointsOf(deps.publicBaseUrl, provider);
    return {
      id: provider.id,
      protocol: provider.protocol,
      name: provider.name,
      enabled: provider.enabled,
      enforced: provider.enforced,
      jit_provisioning: provider.jitProvisioning,
      default_role: provider.defaultRole,
      oidc:
        provider.protocol === 'oidc'
          ? { issuer: provider.settings.issuer, client_id: provider.settings.client_id, client_secret_set: provider.sealedSecret !== null, scopes: provider.settings.scopes, groups_claim: provider.settings.groups_claim }
          : null,
      saml:
        provider.protocol === 'saml'
          ? {
              idp_entity_id: provider.settings.idp_entity_id,
              sso_url: provider.settings.sso_url,
              certificates: provider.settings.certificates.map(certificateInfo),
              sp_entity_id: endpoints.entityId,
              groups_attribute: provider.settings.groups_attribute,
              email_attribute: provider.settings.email_attribute,
              allow_idp_initiated: provider.settings.allow_idp_initiated,
            }
          : null,
      service_provider:
        provider.protocol === 'oidc'
          ? { start_url: endpoints.startUrl, redirect_uri: endpoints.redirectUri }
          : { start_url: endpoints.startUrl, acs_url: endpoints.acsUrl, entity_id: endpoints.entityId, metadata_url: endpoints.metadataUrl },
      created_at: provider.createdAt.toISOString(),
      updated_at: provider.updatedAt.toISOString(),
    };
  }

  const seal = (orgId: OrgId, providerId: string, secret: string): string => secretBox.seal(secret, secretAssociatedData(orgId, providerId));

  function oidcSettings(input: OidcInput, current?: OidcSettings): OidcSettings {
    const issuer = input.issuer ?? current?.issuer;
    const clientId = input.client_id ?? current?.client_id;
    if (issuer === undefined || clientId === undefined) throw validationFailed('oidc needs issuer and client_id');
    return {
      issuer: input.issuer === undefined ? issuer : checkIssuer(issuer, policy),
      client_id: clientId,
      scopes: input.scopes === undefined && current ? current.scopes : checkScopes(input.scopes),
      groups_claim: input.groups_claim === undefined ? (current?.groups_claim ?? null) : input.groups_claim,
    };
  }

  function samlSettings(input: SamlInput, current?: SamlSettings): SamlSettings {
    const keep = <K extends keyof SamlSettings>(key: K, given: SamlSettings[K] | undefined): SamlSettings[K] | undefined => (given === undefined ? current?.[key] : given);
    const idpEntityId = keep('idp_entity_id', input.idp_entity_id);
    const ssoUrl = keep('sso_url', input.sso_url);
    const certificates = input.certificates === undefined ? current?.certificates : normalizeCertificates(input.certificates);
    if (idpEntityId === undefined || ssoUrl === undefined || certificates === undefined) throw validationFailed('saml needs idp_entity_id, sso_url and certificates');
    return {
      idp_entity_id: idpEntityId,
      sso_url: input.sso_url === undefined ? ssoUrl : checkSsoUrl(ssoUrl, policy),
      certificates,
      sp_entity_id: keep('sp_entity_id', input.sp_entity_id) ?? null,
      groups_attribute: keep('groups_attribute', input.groups_attribute) ?? null,
      email_attribute: keep('email_attribute', input.email_attribute) ?? null,
      allow_idp_initiated: keep('allow_idp_initiated', input.allow_idp_initiated) ?? false,
    };
  }

  /** The protocol's settings block is the only one a provider takes. */
  function refuseOtherProtocol(protocol: SsoProvider['protocol'], input: { oidc?: unknown; saml?: unknown }): void {
    const other = protocol === 'oidc' ? 'saml' : 'oidc';
    if (input[other] !== undefined) throw validationFailed(`a ${protocol} provider takes no ${other} settings`);
  }

  async function audit(tx: Queryable, caller: Caller, orgId: OrgId, action: string, detail: Record<string, unknown>): Promise<void> {
    await recordIdentityEvent(tx, orgId, caller.origin, { actor: actorOf(caller.principal), action, detail });
  }

  async function auditEnforcement(tx: Queryable, caller: Caller, provider: SsoProvider, before: boolean, after: boolean): Promise<void> {
    if (before === after) return;
    await audit(tx, caller, provider.orgId, after ? 'sso_enforcement.enabled' : 'sso_enforcement.disabled', { sso_provider_id: provider.id, name: provider.name });
  }

  return {
    view,

    async list(orgId: OrgId) {
      return (await listProviders(db, orgId)).map(view);
    },

    async get(orgId: OrgId, id: string) {
      const provider = await findProvider(db, orgId, id);
      if (!provider) throw notFound();
      return view(provider);
    },

    async create(caller: Caller, input: ProviderInput) {
      const orgId = caller.principal.orgId;
      refuseOtherProtocol(input.protocol, input);
      const id = randomUUID();
      const common = {
        name: input.name.trim(),
        enabled: input.enabled ?? true,
        enforced: input.enforced ?? false,
        jitProvisioning: input.jit_provisioning ?? false,
        defaultRole: input.default_role ?? 'viewer',
      };
      const fields: ProviderFields =
        input.protocol === 'oidc'
          ? { ...common, protocol: 'oidc', settings: oidcSettings(input.oidc ?? {}), sealedSecret: typeof input.oidc?.client_secret === 'string' ? seal(orgId, id, input.oidc.client_secret) : null }
          : { ...common, protocol: 'saml', settings: samlSettings(input.saml ?? {}), sealedSecret: null };
      return db.transaction(async (tx) => {
        const provider = await insertProvider(tx, orgId, id, fields);
        if (!provider) throw conflict(`the organization has an identity provider named ${fields.name} already`);
        await audit(tx, caller, orgId, 'sso_provider.created', { sso_provider_id: id, ...auditedFields(provider) });
        await auditEnforcement(tx, caller, provider, false, enforcing(provider));
        return view(provider);
      });
    },

    async update(caller: Caller, id: string, patch: ProviderPatch) {
      const orgId = caller.principal.orgId;
      return db.transaction(async (tx) => {
        const current = await findProvider(tx, orgId, id, { forUpdate: true });
        if (!current) throw notFound();
        refuseOtherProtocol(current.protocol, patch);
        const common = {
          name: patch.name?.trim() ?? current.name,
          enabled: patch.enabled ?? current.enabled,
          enforced: patch.enforced ?? current.enforced,
          jitProvisioning: patch.jit_provisioning ?? current.jitProvisioning,
          defaultRole: patch.default_role ?? current.defaultRole,
        };
        let fields: ProviderFields;
        if (current.protocol === 'oidc') {
          const secret = patch.oidc?.client_secret;
          fields = {
            ...common,
            protocol: 'oidc',
            settings: patch.oidc === undefined ? current.settings : oidcSettings(patch.oidc, current.settings),
            sealedSecret: secret === undefined ? current.sealedSecret : secret === null ? null : seal(orgId, id, secret),
          };
        } else {
          fields = { ...common, protocol: 'saml', settings: patch.saml === undefined ? current.settings : samlSettings(patch.saml, current.settings), sealedSecret: null };
        }
        const changed = changedFields(current, fields, patch.oidc?.client_secret !== undefined);
        if (changed.length === 0) return view(current);
        const updated = await updateProvider(tx, orgId, id, fields);
        if (!updated) throw conflict(`the organization has an identity provider named ${fields.name} already`);
        await audit(tx, caller, orgId, 'sso_provider.updated', { sso_provider_id: id, changed, ...auditedFields(updated) });
        await auditEnforcement(tx, caller, updated, enforcing(current), enforcing(updated));
        return view(updated);
      });
    },

    async remove(caller: Caller, id: string): Promise<void> {
      const orgId = caller.principal.orgId;
      await db.transaction(async (tx) => {
        const provider = await findProvider(tx, orgId, id, { forUpdate: true });
        if (!provider) throw notFound();
        const { groups } = await deleteProvider(tx, orgId, id);
        await audit(tx, caller, orgId, 'sso_provider.deleted', { sso_provider_id: id, name: provider.name, protocol: provider.protocol, sso_groups_deleted: groups });
        await auditEnforcement(tx, caller, provider, enforcing(provider), false);
      });
    },
  };
}

export type ProviderService = ReturnType<typeof createProviderService>;

/** What the trail keeps of a provider's configuration: everything but the secret (whether one is held is said). */
function auditedFields(provider: SsoProvider): Record<string, unknown> {
  const settings =
    provider.protocol === 'oidc'
      ? { ...provider.settings, client_authentication: provider.sealedSecret === null ? 'none' : 'client_secret_post' }
      : { ...provider.settings, certificates: provider.settings.certificates.map((pem) => certificateInfo(pem).sha256_fingerprint) };
  return { name: provider.name, protocol: provider.protocol, enabled: provider.enabled, enforced: provider.enforced, jit_provisioning: provider.jitProvisioning, default_role: provider.defaultRole, settings };
}

/** The names of the fields a patch changes; a new secret counts as a change even if equal (it is never compared). */
function changedFields(current: SsoProvider, next: ProviderFields, secretGiven: boolean): string[] {
  const changed: string[] = [];
  const compare = (name: string, before: unknown, after: unknown) => {
    if (JSON.stringify(before) !== JSON.stringify(after)) changed.push(name);
  };
  compare('name', current.name, next.name);
  compare('enabled', current.enabled, next.enabled);
  compare('enforced', current.enforced, next.enforced);
  compare('jit_provisioning', current.jitProvisioning, next.jitProvisioning);
  compare('default_role', current.defaultRole, next.defaultRole);
  for (const key of Object.keys(next.settings)) compare(`${current.protocol}.${key}`, (current.settings as unknown as Record<string, unknown>)[key], (next.settings as unknown as Record<string, unknown>)[key]);
  if (secretGiven) changed.push('oidc.client_secret');
  return changed;
}
