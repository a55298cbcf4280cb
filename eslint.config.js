import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import sentinel from './eslint/module-boundaries.js';

// Tenancy that cannot be forged by accident (services/platform/tenancy.ts): an OrgId
// comes from a membership or a claim under a system scope, never from a cast.
const orgIdCasts = ['TSAsExpression', 'TSTypeAssertion'].map((node) => ({
  selector: `${node}[typeAnnotation.typeName.name='OrgId']`,
  message: 'An OrgId comes from services/platform/tenancy.ts (a membership, or a claim under a system scope), never from a cast.',
}));
// One audit service: only services/platform/audit/ writes or reads the trail's tables (its events and its refusal counts).
const auditTable = ['Literal[value=/identity_audit_events|identity_refusal_windows/]', 'TemplateElement[value.raw=/identity_audit_events|identity_refusal_windows/]'].map((selector) => ({
  selector,
  message: 'The audit trail is written and read through services/platform/audit/ only.',
}));

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'coverage/**', '.services/**', 'infra/**/*.mjs', 'web/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', URL: 'readonly' } },
    plugins: { sentinel },
    rules: {
      'sentinel/module-boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration from services/platform/config.ts only.' }],
    },
  },
  {
    files: ['services/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**', 'services/platform/tenancy.ts', 'services/platform/audit/**'],
    rules: { 'no-restricted-syntax': ['error', ...orgIdCasts, ...auditTable] },
  },
  { files: ['services/platform/tenancy.ts'], rules: { 'no-restricted-syntax': ['error', ...auditTable] } },
  { files: ['services/platform/audit/**/*.ts'], ignores: ['**/*.test.ts'], rules: { 'no-restricted-syntax': ['error', ...orgIdCasts] } },
  {
    files: ['services/**/*.ts'],
    ignores: ['services/organizations/**', '**/*.test.ts', '**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/tenancy.js'], importNames: ['tenantOfMembership'], message: 'Only the organizations capability reads memberships; elsewhere an OrgId comes from the principal or a claim under a system scope.' }] },
      ],
    },
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
