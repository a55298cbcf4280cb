// The settings pages, in the order the settings navigation lists them, each with the
// permission without which it is not offered (null: every signed-in person).
export interface SettingsPage {
  to:
    | '/settings/members'
    | '/settings/organization'
    | '/settings/api-keys'
    | '/settings/workloads'
    | '/settings/registry-credentials'
    | '/settings/scanners'
    | '/settings/security'
    | '/settings/domains'
    | '/settings/sso'
    | '/settings/scim'
    | '/settings/groups'
    | '/settings/identity-audit';
  label: string;
  permission: string | null;
  summary: string;
}

export const ORGANIZATION_PAGES: readonly SettingsPage[] = [
  { to: '/settings/members', label: 'Members', permission: 'members:read', summary: 'Who belongs to the organization, their roles, and invitations.' },
  { to: '/settings/organization', label: 'Organization', permission: null, summary: 'The name, the plan, and deleting the organization.' },
  { to: '/settings/api-keys', label: 'API keys', permission: 'apikeys:manage', summary: 'Keys for pipelines and scripts, with the scopes they may use.' },
  { to: '/settings/workloads', label: 'Workloads', permission: 'workloads:read', summary: 'Credentials delegated to services, bounded by their delegator.' },
  { to: '/settings/registry-credentials', label: 'Registry credentials', permission: 'credentials:read', summary: 'What scans sign in to private registries with.' },
  { to: '/settings/scanners', label: 'Scanner settings', permission: 'scans:read', summary: 'Which kinds of findings scans record.' },
  { to: '/settings/security', label: 'Your security', permission: null, summary: 'Your second factor and recovery codes.' },
];

export const IDENTITY_PAGES: readonly SettingsPage[] = [
  { to: '/settings/domains', label: 'Domains', permission: 'identity:read', summary: 'Domains the organization proves it controls.' },
  { to: '/settings/sso', label: 'Single sign-on', permission: 'identity:read', summary: 'OpenID Connect and SAML identity providers.' },
  { to: '/settings/scim', label: 'Directory (SCIM)', permission: 'identity:read', summary: 'Tokens your directory provisions people with.' },
  { to: '/settings/groups', label: 'Directory groups', permission: 'identity:read', summary: 'Groups from the directory or SSO, and the roles they confer.' },
  { to: '/settings/identity-audit', label: 'Identity audit', permission: 'identity:read', summary: 'Who signed in and changed what, with where from.' },
];
