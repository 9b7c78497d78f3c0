// One lint setup for the whole workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import architecture from './eslint-rules/architecture.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'protos/gen/**', 'services/*/src/generated/**', '.data/**', '**/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        AbortController: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Boundaries (DESIGN.md §7) and the service skeleton (README "Architecture"): see
    // eslint-rules/architecture.js. tests/architecture-guards.test.ts proves each rule fires.
    files: ['services/**/*.ts', 'gateway/**/*.ts', 'packages/**/*.ts'],
    plugins: { arch: architecture },
    rules: {
      'arch/service-boundaries': 'error',
      'arch/domain-purity': 'error',
    },
  },
);
