import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.data/', '.data-*/', '.tmp/', 'coverage/', 'test-results/', 'playwright-report/', '**/*.cjs', '**/*.mjs', '*.config.js'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // Layers: imports run one way, server/ -> projections/ -> event-schemas/ (ARCHITECTURE.md).
  {
    files: ['projections/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/*', '**/server'], message: 'projections/ must not import server/: the composition root hands projections what they need.' }, { group: ['**/client/*'], message: 'projections/ must not import the client.' }] }] },
  },
  {
    files: ['event-schemas/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/*', '**/server', '**/projections/*', '**/projections'], message: 'event-schemas/ is the bottom layer: it imports neither server/ nor projections/.' }, { group: ['**/client/*'], message: 'event-schemas/ must not import the client.' }] }] },
  },
  // Settings: only server/config.ts reads the environment; everything else is handed its settings.
  {
    files: ['server/**/*.ts', 'projections/**/*.ts', 'event-schemas/**/*.ts', 'client/src/**/*.ts', 'client/src/**/*.tsx'],
    ignores: ['server/config.ts'],
    rules: { 'no-restricted-syntax': ['error', { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read settings in server/config.ts and pass them in.' }] },
  },
);
