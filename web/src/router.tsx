// The dashboard's pages. The server answers these paths with index.html
// (services/platform/http/dashboard.ts, DASHBOARD_PATHS); test/dashboard.test.ts keeps the two lists equal.
import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet, parseSearchWith, redirect, stringifySearchWith } from '@tanstack/react-router';
import { parseAssetsSearch } from './assets/assets-search';
import { parseAnalyticsSearch } from './analytics/analytics-search';
import { AppLayout } from './components/AppLayout';
import { AcceptInvitationPage } from './pages/AcceptInvitationPage';
import { PublicLayout } from './components/PublicLayout';
import { parseFindingsSearch } from './findings/findings-search';
import { FindingPage } from './pages/FindingPage';
import { AssetPage } from './pages/AssetPage';
import { AssetsPage } from './pages/AssetsPage';
import { FindingsPage } from './pages/FindingsPage';
import { ImportReportPage } from './pages/ImportReportPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PoliciesPage } from './pages/PoliciesPage';
import { PolicyPage } from './pages/PolicyPage';
import { ScanPage } from './pages/ScanPage';
import { ScansPage } from './pages/ScansPage';
import { SignInCompletePage } from './pages/SignInCompletePage';
import { SignInPage } from './pages/SignInPage';
import { SignUpPage } from './pages/SignUpPage';
import { VerifyEmailPage } from './pages/VerifyEmailPage';
import { WebhooksPage } from './pages/WebhooksPage';
import { useExpectedOrganization } from './session/hooks';
import { isSignedIn } from './session/session-store';
import { lazy, Suspense } from 'react';
import { Loading } from './components/Loading';
import { parseIdentitiesSearch } from './nhi/identities-search';
import { NhiAuditPage } from './pages/NhiAuditPage';
import { NhiCampaignPage } from './pages/NhiCampaignPage';
import { NhiCampaignsPage } from './pages/NhiCampaignsPage';
import { NhiConnectorPage } from './pages/NhiConnectorPage';
import { NhiConnectorsPage } from './pages/NhiConnectorsPage';
import { NhiDelegationsPage } from './pages/NhiDelegationsPage';
import { NhiFindingsPage } from './pages/NhiFindingsPage';
import { NhiIdentitiesPage } from './pages/NhiIdentitiesPage';
import { NhiIdentityPage } from './pages/NhiIdentityPage';
import { NhiRequestsPage } from './pages/NhiRequestsPage';
import { NhiRuntimePage } from './pages/NhiRuntimePage';
import { NhiStaleIdentitiesPage } from './pages/NhiStaleIdentitiesPage';
import { SettingsLayout } from './admin/SettingsLayout';
import { ApiKeysPage } from './pages/ApiKeysPage';
import { DirectoryGroupsPage } from './pages/DirectoryGroupsPage';
import { DomainsPage } from './pages/DomainsPage';
import { IdentityAuditPage } from './pages/IdentityAuditPage';
import { MembersPage } from './pages/MembersPage';
import { OrganizationSettingsPage } from './pages/OrganizationSettingsPage';
import { RegistryCredentialsPage } from './pages/RegistryCredentialsPage';
import { ScannerSettingsPage } from './pages/ScannerSettingsPage';
import { ScimPage } from './pages/ScimPage';
import { SecurityPage } from './pages/SecurityPage';
import { SettingsPage } from './pages/SettingsPage';
import { SsoPage } from './pages/SsoPage';
import { WorkloadsPage } from './pages/WorkloadsPage';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: NotFoundPage });

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: isSignedIn() ? '/findings' : '/sign-in' });
  },
});

const publicRoute = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: PublicLayout });
// `invitation`: the token of the invitation link that sent the person to sign in first.
const invitationSearch = (search: Record<string, unknown>): { invitation?: string } => ({ invitation: text(search.invitation) });
const signInRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'sign-in',
  validateSearch: invitationSearch,
  component: function SignIn() {
    return <SignInPage invitation={signInRoute.useSearch().invitation} />;
  },
});
const signUpRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'sign-up',
  validateSearch: invitationSearch,
  component: function SignUp() {
    return <SignUpPage invitation={signUpRoute.useSearch().invitation} />;
  },
});
const signInCompleteRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'sign-in/complete',
  validateSearch: (search: Record<string, unknown>) => ({ code: text(search.code), error: text(search.error) }),
  component: function SignInComplete() {
    return <SignInCompletePage {...signInCompleteRoute.useSearch()} />;
  },
});
const verifyEmailRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'verify-email',
  validateSearch: (search: Record<string, unknown>) => ({ token: text(search.token) }),
  component: function VerifyEmail() {
    return <VerifyEmailPage token={verifyEmailRoute.useSearch().token} />;
  },
});

const acceptInvitationRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'accept-invitation',
  validateSearch: (search: Record<string, unknown>) => ({ token: text(search.token) }),
  component: function AcceptInvitation() {
    return <AcceptInvitationPage token={acceptInvitationRoute.useSearch().token} />;
  },
});

const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: () => {
    if (!isSignedIn()) throw redirect({ to: '/sign-in' });
  },
  component: AppLayout,
});
const findingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'findings',
  validateSearch: parseFindingsSearch,
  component: function Findings() {
    return <FindingsPage search={findingsRoute.useSearch()} />;
  },
});
const findingRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'findings/$findingId',
  component: function Finding() {
    return <FindingPage findingId={findingRoute.useParams().findingId} />;
  },
});

const assetsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'assets',
  validateSearch: parseAssetsSearch,
  component: function Assets() {
    return <AssetsPage search={assetsRoute.useSearch()} />;
  },
});
const assetRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'assets/$assetId',
  component: function Asset() {
    return <AssetPage assetId={assetRoute.useParams().assetId} />;
  },
});
const scansRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'scans',
  validateSearch: (search: Record<string, unknown>): { cursor?: string } => ({ cursor: text(search.cursor) }),
  component: function Scans() {
    return <ScansPage cursor={scansRoute.useSearch().cursor} />;
  },
});
const importRoute = createRoute({ getParentRoute: () => appRoute, path: 'scans/import', component: ImportReportPage });
const scanRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'scans/$scanId',
  component: function Scan() {
    return <ScanPage scanId={scanRoute.useParams().scanId} />;
  },
});
const policiesRoute = createRoute({ getParentRoute: () => appRoute, path: 'policies', component: PoliciesPage });
const policyRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'policies/$policyId',
  component: function Policy() {
    return <PolicyPage policyId={policyRoute.useParams().policyId} />;
  },
});
// The charts' page and its charting library load when the route is first visited, not with the dashboard.
const AnalyticsPage = lazyRouteComponent(() => import('./pages/AnalyticsPage'), 'AnalyticsPage');
const analyticsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'analytics',
  validateSearch: parseAnalyticsSearch,
  component: function Analytics() {
    return <AnalyticsPage search={analyticsRoute.useSearch()} />;
  },
});
const webhooksRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'webhooks',
  component: function Webhooks() {
    // A page of its own per organization: nothing one showed (a secret) survives a switch.
    return <WebhooksPage key={useExpectedOrganization()} />;
  },
});

// The non-human identity module's pages, the "Identities" group of the header.
const nhiConnectorsRoute = createRoute({ getParentRoute: () => appRoute, path: 'nhi/connectors', component: NhiConnectorsPage });
const nhiConnectorRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'nhi/connectors/$connectorId',
  component: function NhiConnector() {
    return <NhiConnectorPage connectorId={nhiConnectorRoute.useParams().connectorId} />;
  },
});
const nhiIdentitiesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'nhi/identities',
  validateSearch: parseIdentitiesSearch,
  component: function NhiIdentities() {
    return <NhiIdentitiesPage search={nhiIdentitiesRoute.useSearch()} />;
  },
});
const nhiIdentityRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'nhi/identities/$identityId',
  component: function NhiIdentity() {
    return <NhiIdentityPage identityId={nhiIdentityRoute.useParams().identityId} />;
  },
});
// The graph library (React Flow) loads with this page only: the first load stays small.
const NhiIdentityGraphPage = lazy(() => import('./pages/NhiIdentityGraphPage'));
const nhiIdentityGraphRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'nhi/identities/$identityId/graph',
  component: function NhiIdentityGraph() {
    return (
      <Suspense fallback={<Loading what="the graph" />}>
        <NhiIdentityGraphPage identityId={nhiIdentityGraphRoute.useParams().identityId} />
      </Suspense>
    );
  },
});
const nhiFindingsRoute = createRoute({ getParentRoute: () => appRoute, path: 'nhi/findings', component: NhiFindingsPage });
const nhiStaleIdentitiesRoute = createRoute({ getParentRoute: () => appRoute, path: 'nhi/stale-identities', component: NhiStaleIdentitiesPage });
const nhiRequestsRoute = createRoute({ getParentRoute: () => appRoute, path: 'nhi/requests', component: NhiRequestsPage });
const nhiDelegationsRoute = createRoute({ getParentRoute: () => appRoute, path: 'nhi/delegations', component: NhiDelegationsPage });
const nhiCampaignsRoute = createRoute({ getParentRoute: () => appRoute, path: 'nhi/campaigns', component: NhiCampaignsPage });
const nhiCampaignRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'nhi/campaigns/$campaignId',
  component: function NhiCampaign() {
    return <NhiCampaignPage campaignId={nhiCampaignRoute.useParams().campaignId} />;
  },
});
const nhiRuntimeRoute = createRoute({ getParentRoute: () => appRoute, path: 'nhi/runtime', component: NhiRuntimePage });
const nhiAuditRoute = createRoute({ getParentRoute: () => appRoute, path: 'nhi/audit', component: NhiAuditPage });
const nhiRoutes = [
  nhiConnectorsRoute,
  nhiConnectorRoute,
  nhiIdentitiesRoute,
  nhiIdentityRoute,
  nhiIdentityGraphRoute,
  nhiFindingsRoute,
  nhiStaleIdentitiesRoute,
  nhiRequestsRoute,
  nhiDelegationsRoute,
  nhiCampaignsRoute,
  nhiCampaignRoute,
  nhiRuntimeRoute,
  nhiAuditRoute,
];

// Settings: organization administration and enterprise identity, in a layout
// whose navigation offers only the pages the person's role can use.
const settingsLayoutRoute = createRoute({ getParentRoute: () => appRoute, id: 'settings', component: SettingsLayout });
const settingsIndexRoute = createRoute({ getParentRoute: () => settingsLayoutRoute, path: 'settings', component: SettingsPage });
const membersRoute = createRoute({ getParentRoute: () => settingsLayoutRoute, path: 'settings/members', component: MembersPage });
const organizationRoute = createRoute({ getParentRoute: () => settingsLayoutRoute, path: 'settings/organization', component: OrganizationSettingsPage });
const apiKeysRoute = createRoute({ getParentRoute: () => settingsLayoutRoute, path: 'settings/api-keys', component: ApiKeysPage });
const workloadsRoute = createRoute({ getParentRoute: () => settingsLayoutRoute, path: 'settings/workloads', component: WorkloadsPage });
const registryCredentialsRoute = createRoute({ getParentRoute: () => settingsLayoutRoute, path: 'settings/registry-credentials', component: RegistryCredentialsPage });
const scannerSettingsRoute = createRoute({ getParentRoute: () => settingsLayoutRoute, path: 'settings/scanners', component: ScannerSettingsPage });
const securityRoute = createRoute({ getParentRoute: () => settingsLayoutRoute, path: 'settings/security', component: SecurityPage });
const domainsRoute = createRoute({ getParentRoute: () => settingsLayoutRoute, path: 'settings/domains', component: DomainsPage });
const ssoRoute = createRoute({ getParentRoute: () => settingsLayoutRoute, path: 'settings/sso', component: SsoPage });
const scimRoute = createRoute({ getParentRoute: () => settingsLayoutRoute, path: 'settings/scim', component: ScimPage });
const directoryGroupsRoute = createRoute({ getParentRoute: () => settingsLayoutRoute, path: 'settings/groups', component: DirectoryGroupsPage });
const identityAuditRoute = createRoute({ getParentRoute: () => settingsLayoutRoute, path: 'settings/identity-audit', component: IdentityAuditPage });
const settingsRoutes = [settingsIndexRoute, membersRoute, organizationRoute, apiKeysRoute, workloadsRoute, registryCredentialsRoute, scannerSettingsRoute, securityRoute, domainsRoute, ssoRoute, scimRoute, directoryGroupsRoute, identityAuditRoute];

const routeTree = rootRoute.addChildren([
  indexRoute,
  publicRoute.addChildren([signInRoute, signUpRoute, signInCompleteRoute, verifyEmailRoute, acceptInvitationRoute]),
  appRoute.addChildren([findingsRoute, findingRoute, assetsRoute, assetRoute, scansRoute, importRoute, scanRoute, policiesRoute, policyRoute, analyticsRoute, webhooksRoute, ...nhiRoutes, settingsLayoutRoute.addChildren(settingsRoutes)]),
]);

// Search values are plain text, as the API and the links that land here spell them: the
// router's default would read `?token=123` as a number and write strings in JSON quotes.
const plain = (value: string) => value;

export const router = createRouter({
  routeTree,
  parseSearch: parseSearchWith(plain),
  stringifySearch: stringifySearchWith(plain, plain),
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
