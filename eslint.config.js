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

const SOURCE_FILES = ['server/**/*.ts', 'projections/**/*.ts', 'event-schemas/**/*.ts', 'client/src/**/*.ts', 'client/src/**/*.tsx'];
const CALENDAR = 'event-schemas/calendar.ts';
const readsEnvironment = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read settings in server/config.ts and pass them in.',
};
const useCalendar = 'Date arithmetic by hand: use event-schemas/calendar.ts (addDays, addMonths, dateIn, utcDateOf, ...).';
const handMadeDateSyntax = [
  { selector: "CallExpression[callee.property.name=/^(slice|substring|substr)$/][callee.object.callee.property.name='toISOString']", message: useCalendar },
  { selector: "CallExpression[callee.property.name='split'][callee.object.callee.property.name='toISOString']", message: useCalendar },
  { selector: 'Literal[value=86400000]', message: `A day in milliseconds: ${useCalendar}` },
];
// Reading or setting a Date's fields one by one is how months and days were added by hand. Getters and setters of the
// time of day (getHours, setMinutes) stay allowed: the greeting reads the browser's hour, and no date comes from them.
const handMadeDateProperties = [
  ...['setUTCFullYear', 'setFullYear', 'setUTCMonth', 'setMonth', 'setUTCDate', 'setDate', 'getUTCMonth', 'getMonth', 'getUTCDate', 'getDate'].map(
    (property) => ({ property, message: useCalendar }),
  ),
  { object: 'Date', property: 'UTC', message: useCalendar },
  { object: 'Intl', property: 'DateTimeFormat', message: `Zones and wall clocks: ${useCalendar}` },
];

// Wire shapes (issue 29, item 2): a request or answer shape is declared once, in event-schemas/contract/, where the
// server's routes build it typed; the client's API modules import it. So they may declare no object shape, string
// union or inline answer type of their own (view models, drafts and rows live beside the screens, not here).
const WIRE_SHAPE_FILES = ['client/src/**/api/*.ts', 'client/src/components/**/*-api.ts'];
const restatesWireShape = [
  { selector: 'TSInterfaceDeclaration', message: 'A wire shape is declared once, in event-schemas/contract/: import it (issue 29).' },
  { selector: 'TSTypeAliasDeclaration > TSTypeLiteral', message: 'A wire shape is declared once, in event-schemas/contract/: import it (issue 29).' },
  {
    selector: 'TSTypeAliasDeclaration > :matches(TSIntersectionType, TSUnionType) > :matches(TSTypeLiteral, TSLiteralType)',
    message: 'A wire shape (or its codes) is declared once, in event-schemas/contract/: import it (issue 29).',
  },
];
/** Anywhere in the client: an answer's shape written inline into a call (`api.get<{ items: ... }>`) restates the server's. */
const inlineAnswerShape = {
  selector: 'CallExpression[callee.property.name=/^(get|post|put|patch|delete|request)$/] > TSTypeParameterInstantiation TSTypeLiteral',
  message: "An answer's shape is declared once, in event-schemas/contract/: name the contract's type (issue 29).",
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
  // Dates: only event-schemas/calendar.ts does date arithmetic (issue 29); everything else calls it. Both are
  // no-restricted-syntax selectors, and a later block's list replaces an earlier one's, so each block names both it needs.
  {
    files: SOURCE_FILES,
    ignores: ['server/config.ts', CALENDAR],
    rules: { 'no-restricted-syntax': ['error', readsEnvironment, ...handMadeDateSyntax], 'no-restricted-properties': ['error', ...handMadeDateProperties] },
  },
  {
    files: ['server/config.ts'],
    rules: { 'no-restricted-syntax': ['error', ...handMadeDateSyntax], 'no-restricted-properties': ['error', ...handMadeDateProperties] },
  },
  { files: [CALENDAR], rules: { 'no-restricted-syntax': ['error', readsEnvironment] } },
  {
    files: ['client/src/**/*.ts', 'client/src/**/*.tsx'],
    rules: { 'no-restricted-syntax': ['error', readsEnvironment, ...handMadeDateSyntax, inlineAnswerShape] },
  },
  {
    files: WIRE_SHAPE_FILES,
    rules: { 'no-restricted-syntax': ['error', readsEnvironment, ...handMadeDateSyntax, ...restatesWireShape, inlineAnswerShape] },
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
