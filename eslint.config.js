import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import sentinel from './eslint/module-boundaries.js';

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'coverage/**', '.services/**', 'infra/**/*.mjs'] },
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
    // Tenancy that cannot be forged by accident (services/platform/tenancy.ts): an OrgId
    // comes from a membership, a claim under a system scope, or a principal; never a cast.
    files: ['services/**/*.ts'],
    ignores: ['services/platform/tenancy.ts', '**/*.test.ts', '**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "TSAsExpression[typeAnnotation.typeName.name='OrgId']", message: 'An OrgId comes from services/platform/tenancy.ts (a membership, or a claim under a system scope), never from a cast.' },
        { selector: "TSTypeAssertion[typeAnnotation.typeName.name='OrgId']", message: 'An OrgId comes from services/platform/tenancy.ts (a membership, or a claim under a system scope), never from a cast.' },
      ],
    },
  },
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
);
