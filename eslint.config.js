import path from 'node:path';
import tseslint from 'typescript-eslint';

// Client features do not import each other (client/README.md): a feature may import components/, lib/, stores/,
// session/ and config/, and only app/ (the route tables) may import features. The rule resolves each relative import.
const clientDir = path.join(import.meta.dirname, 'client', 'src');
const featuresDir = path.join(clientDir, 'features');
const featureOf = (file) => {
  const rel = path.relative(featuresDir, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? undefined : rel.split(path.sep)[0];
};
const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature: 'features/{{from}} must not import features/{{to}}: move the shared piece to client/src/components or client/src/lib.',
      sharedImportsFeature: 'client/src/{{from}} is shared and must not import features/{{to}}: only app/ wires features in.',
    },
  },
  create(context) {
    const file = context.filename;
    const from = featureOf(file);
    const top = path.relative(clientDir, file).split(path.sep)[0];
    // components/, lib/, stores/, session/, config/: shared pieces (app/ and main.tsx wire the features in).
    const shared = !from && !top.startsWith('..') && top !== 'app' && top !== 'main.tsx';
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = featureOf(path.resolve(path.dirname(file), source));
      if (!to) return;
      if (from && to !== from) context.report({ node, messageId: 'crossFeature', data: { from, to } });
      else if (shared) context.report({ node, messageId: 'sharedImportsFeature', data: { from: top, to } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source.value : undefined),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      '.data/',
      '.data-*/',
      '.tmp/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      '**/*.cjs',
      '**/*.mjs',
      '*.config.js',
    ],
  },
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
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/*', '**/server'], message: 'projections/ must not import server/: the composition root hands projections what they need.' },
            { group: ['**/client/*'], message: 'projections/ must not import the client.' },
          ],
        },
      ],
    },
  },
  {
    files: ['event-schemas/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/*', '**/server', '**/projections/*', '**/projections'],
              message: 'event-schemas/ is the bottom layer: it imports neither server/ nor projections/.',
            },
            { group: ['**/client/*'], message: 'event-schemas/ must not import the client.' },
          ],
        },
      ],
    },
  },
  // Settings: only server/config.ts reads the environment; everything else is handed its settings.
  {
    files: ['server/**/*.ts', 'projections/**/*.ts', 'event-schemas/**/*.ts', 'client/src/**/*.ts', 'client/src/**/*.tsx'],
    ignores: ['server/config.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read settings in server/config.ts and pass them in.' },
      ],
    },
  },
  // The Playwright specs take `test` from tests/e2e/support/test.ts, which fails a test on any Content-Security-Policy violation.
  {
    files: ['tests/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@playwright/test', message: "Import test and expect from './support/test': it fails a test on a Content-Security-Policy violation." },
          ],
        },
      ],
    },
  },
  {
    files: ['client/src/**/*.ts', 'client/src/**/*.tsx'],
    plugins: { layers: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'layers/feature-boundaries': 'error' },
  },
);
