// One lint setup for the whole workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
    // Boundaries (DESIGN.md §7): a service imports only @astro/protos and packages/*, never another
    // service or the gateway; the gateway never imports a service.
    files: ['services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/services/*', '@astro/gateway', '**/gateway/src/*'],
              message: 'services talk over gRPC; import only @astro/protos and packages/*',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['gateway/**/*.ts', 'packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/services/*', '@astro/account', '@astro/chart'],
              message: 'the gateway and packages never import a service',
            },
          ],
        },
      ],
    },
  },
);
