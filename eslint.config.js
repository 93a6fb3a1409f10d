import path from 'node:path';
import tseslint from 'typescript-eslint';

const featuresDir = path.join(import.meta.dirname, 'client/src/features');
const appDir = path.join(import.meta.dirname, 'client/src/app');
const featureOf = (file) => {
  const rel = path.relative(featuresDir, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep)[0];
};

/**
 * Client features do not import each other, and shared code (components/, lib/, stores/, session/, config/) does not
 * import features: what two features share moves down into those folders. Only the route tables in app/ import pages.
 * A local rule rather than no-restricted-imports because it resolves relative paths ('../b/x' from features/a).
 */
const featureBoundaries = {
  rules: {
    'no-cross-feature-imports': {
      meta: { type: 'problem', messages: { crossFeature: "'{{from}}' may not import from feature '{{to}}': move the shared piece to client/src/components/, lib/ or stores/." } },
      create(context) {
        const file = context.filename;
        if (file.startsWith(appDir + path.sep) || !file.startsWith(path.join(import.meta.dirname, 'client/src') + path.sep)) return {};
        const from = featureOf(file);
        const check = (node) => {
          const spec = node.source?.type === 'Literal' ? node.source.value : null;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const to = featureOf(path.resolve(path.dirname(file), spec));
          if (to && to !== from) context.report({ node: node.source, messageId: 'crossFeature', data: { from: from ? `features/${from}` : path.relative(import.meta.dirname, file), to } });
        };
        return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
  },
};

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
  {
    files: ['client/src/**/*.ts', 'client/src/**/*.tsx'],
    plugins: { 'feature-boundaries': featureBoundaries },
    rules: { 'feature-boundaries/no-cross-feature-imports': 'error' },
  },
);
