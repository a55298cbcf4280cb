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
    files: ['services/platform/config.ts', 'test/**/*.ts', 'vitest.config.ts', '**/*.test.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
