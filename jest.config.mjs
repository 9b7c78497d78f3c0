// Jest over the whole workspace (scripts/test.ts passes the files and the environment of each half).
// The workspace is ESM TypeScript (import.meta, top-level await, `.ts` specifiers), so jest runs its
// native ESM mode (node --experimental-vm-modules, set by scripts/test.ts) and @swc/jest only strips
// types: no type checking here, `tsc --noEmit` does that once per run.
/** @type {import('jest').Config} */
export default {
  rootDir: import.meta.dirname,
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json', 'node'],
  testMatch: ['**/*.test.ts'],
  // Deep comparisons that ignore which vm realm built a plain array or object: see the file.
  moduleNameMapper: { '^node:assert/strict$': '<rootDir>/scripts/jest/strict-assert.ts' },
  testPathIgnorePatterns: ['/node_modules/', '/\\.data/', '/dist/'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2023', keepClassNames: true },
        module: { type: 'es6' },
        sourceMaps: 'inline',
      },
    ],
  },
  // node:test, which this suite ran on before, has no per-test bound. End-to-end files wait on a live
  // fleet on a loaded 2-core machine (the hostile-input fuzz, the embedded-PostgreSQL launcher take
  // minutes there): the bound only stops a test that hangs.
  testTimeout: 900_000,
  // Node's own require hooks (OpenTelemetry instrumentation) see only modules loaded outside jest's
  // registry; the tests that need them spawn a child process.
  watchman: false,
  cacheDirectory: '<rootDir>/node_modules/.cache/jest',
};
