import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import moduleBoundaries from './eslint/module-boundaries.js';
import tenancyMinting from './eslint/tenancy-minting.js';
import tenantForgery from './eslint/tenant-forgery.js';

const sentinel = { rules: { ...moduleBoundaries.rules, ...tenancyMinting.rules, ...tenantForgery.rules } };

// Tenancy that cannot be forged (services/platform/tenancy.ts): an OrgId comes from a
// membership or a claim under a system scope, a SystemScope from systemScope(). These
// files alone import the function that mints each; every one is cross-tenant system
// work listed in docs/decisions/foundation.md, or, for memberships, the organizations capability.
const TENANCY_MINTERS = {
  tenantOfMembership: ['services/organizations/'],
  // A database scope opened by hand would skip the minting above; the owner's is for migrations.
  inDatabaseScope: ['services/platform/tenancy.ts'],
  actingAsSchemaOwner: ['services/platform/db/migrate.ts', 'services/platform/db/database-roles.ts'],
  systemScope: [
    'services/analytics/processors/analytics-sink.ts',
    'services/assets/workers/scheduler.ts',
    'services/findings/findings.ts',
    'services/findings/processors/findings-processor.ts',
    'services/findings/workers/suppression-expiry.ts',
    'services/identity/accounts/account-lifecycle.ts',
    'services/identity/accounts/handlers/exchangeSignInCode.ts',
    'services/identity/accounts/sso-enforcement-lookup.ts',
    'services/identity/authentication/guard.ts',
    'services/identity/domains/domain-claims.ts',
    'services/identity/domains/workers/reverification.ts',
    'services/identity/invitations/invitation-service.ts',
    'services/identity/sso/completion.ts',
    'services/identity/sso/handlers/discoverSsoProviders.ts',
    'services/identity/sso/handlers/getSamlServiceProviderMetadata.ts',
    'services/identity/sso/sign-in.ts',
    'services/nhi/collection/processors/inventory-processor.ts',
    'services/nhi/collection/workers/synchronization-schedule.ts',
    'services/organizations/memberships.ts',
    'services/organizations/organizations.ts',
    'services/organizations/workers/deletion-sweep.ts',
    'services/platform/jobs.ts',
    'streams/log/shared.ts',
    'services/roles.ts',
    'services/scans/continuous-matching/rematch-processor.ts',
    'services/scans/index.ts',
    'services/set-aside-command.ts',
    'services/verdicts/processors/scan-summary-processor.ts',
    'services/webhooks/workers/delivery-worker.ts',
    'services/webhooks/processors/webhook-dispatcher.ts',
  ],
  tenantOfClaim: [
    'services/analytics/rebuild.ts',
    'services/api-keys/api-keys.ts',
    'services/assets/workers/scheduler.ts',
    'services/findings/ingest.ts',
    'services/findings/workers/suppression-expiry.ts',
    'services/identity/accounts/sign-in-codes.ts',
    'services/identity/domains/workers/reverification.ts',
    'services/identity/domains/verified-domains.ts',
    'services/identity/invitations/invitations.ts',
    'services/identity/scim/directory-tokens.ts',
    'services/identity/sso/pending-sign-ins.ts',
    'services/identity/sso/providers.ts',
    'services/identity/workloads/workloads.ts',
    'services/nhi/collection/processors/inventory-processor.ts',
    'services/nhi/collection/workers/synchronization-schedule.ts',
    'services/organizations/workers/deletion-sweep.ts',
    'services/organizations/plans.ts',
    'services/platform/audit/identity-trail.ts',
    'services/platform/jobs.ts',
    'streams/record-tenant.ts',
    'services/scans/workers/rematch-planner.ts',
    'services/webhooks/delivery-store.ts',
  ],
};
// One audit service: only services/platform/audit/ writes or reads the trail's tables (its events and its refusal counts).
const auditTable = ['Literal[value=/identity_audit_events|identity_refusal_windows/]', 'TemplateElement[value.raw=/identity_audit_events|identity_refusal_windows/]'].map((selector) => ({
  selector,
  message: 'The audit trail is written and read through services/platform/audit/ only.',
}));

// A handler's request is typed from the document (services/platform/http/handler.ts):
// asserting its parts would hide where a handler and the document disagree.
const handlerRequestAssertions = [
  {
    selector: "TSAsExpression > MemberExpression.expression[object.name='ctx'][property.name=/^(body|query|params)$/]",
    message: "A handler's request is typed from api/openapi.yaml: read ctx.body, ctx.query and ctx.params as they are typed, or narrow with a check.",
  },
  {
    selector: "TSAsExpression > MemberExpression.expression > MemberExpression.object[object.name='ctx'][property.name=/^(body|query|params)$/]",
    message: "A handler's request is typed from api/openapi.yaml: read ctx.body, ctx.query and ctx.params as they are typed, or narrow with a check.",
  },
  {
    selector: "TSNonNullExpression > MemberExpression.expression > MemberExpression.object[object.name='ctx'][property.name=/^(body|query|params)$/]",
    message: 'A path parameter the document declares is a required string: no non-null assertion.',
  },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'coverage/**', '.services/**', 'infra/**/*.mjs', 'web/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', URL: 'readonly' } },
    plugins: { sentinel },
    rules: {
      'sentinel/module-boundaries': 'error',
      'sentinel/tenancy-minting': ['error', TENANCY_MINTERS],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration from services/platform/config.ts only.' }],
    },
  },
  {
    files: ['services/**/*.ts', 'streams/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**', 'services/platform/audit/**'],
    rules: { 'no-restricted-syntax': ['error', ...auditTable] },
  },
  {
    files: ['services/**/handlers/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...auditTable, ...handlerRequestAssertions] },
  },
  {
    // Type-aware, so production files under services/ and streams/ only: the checker sees through aliases and unions.
    files: ['services/**/*.ts', 'streams/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**', 'services/platform/tenancy.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { 'sentinel/tenant-forgery': 'error' },
  },
  {
    files: ['services/platform/config.ts', 'test/**/*.ts', 'vitest.config.ts', '**/*.test.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Test files share one module graph per vitest worker (vitest.config.ts, isolate: false),
    // so a module mock would leak into, or miss, the files that ran before it.
    files: ['test/**/*.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'unmock', 'resetModules'].map((property) => ({
          object: 'vi',
          property,
          message: 'Test files share a module graph (vitest.config.ts: isolate false); inject the dependency instead of mocking its module.',
        })),
      ],
    },
  },
  {
    // The dashboard (web/): React's rules of hooks, and the two things its security rests on:
    // API text is only ever rendered as text, and no token is kept where any script can read it.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Render text from the API as React text, never as HTML.' },
        { selector: "AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]", message: 'Render text from the API as React text, never as HTML.' },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: 'Tokens live in memory only (web/src/session/session-store.ts).' },
        { name: 'sessionStorage', message: 'Tokens live in memory only (web/src/session/session-store.ts).' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'localStorage', message: 'Tokens live in memory only (web/src/session/session-store.ts).' },
        { object: 'window', property: 'sessionStorage', message: 'Tokens live in memory only (web/src/session/session-store.ts).' },
        { object: 'document', property: 'cookie', message: 'The session is not kept in a cookie scripts can read.' },
      ],
    },
  },
);
