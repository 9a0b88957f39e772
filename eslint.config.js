// Flat ESLint config for the whole repository: TypeScript everywhere, React hooks rules and browser
// globals for the web app, Node globals for everything else, and the import zones of the layout.
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REPO_ROOT = dirname(fileURLToPath(import.meta.url));

/** tsconfig.json's `paths`, as repository folders. */
const ALIASES = {
  '@shared/': 'shared/',
  '@functions/': 'functions/',
  '@infra/': 'infra/',
  '@web/': 'web/src/',
  '@test/': 'test/',
};

/** The repository path an import points at (relative or aliased), or undefined for a package. */
function importedPath(importer, specifier) {
  if (specifier.startsWith('.'))
    return relative(REPO_ROOT, resolve(dirname(importer), specifier))
      .split('\\')
      .join('/');
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  return alias ? ALIASES[alias] + specifier.slice(alias.length) : undefined;
}

/** The feature a path belongs to: `web/src/features/<name>/…` or `functions/<name>/…` (functions/lib and functions/domain are not). */
function featureOf(path) {
  const web = /^web\/src\/features\/([^/]+)\//.exec(path);
  if (web) return `web feature "${web[1]}"`;
  const lambda = /^functions\/([^/]+)\//.exec(path);
  return lambda && lambda[1] !== 'lib' && lambda[1] !== 'domain' ? `functions feature "${lambda[1]}"` : undefined;
}

/** Tests and their helpers (`*.test.ts`, `test-*.ts`) may reach across zones: the zones guard what ships. */
const isTestCode = (path) => /\.test\.tsx?$|(^|\/)test-[\w-]+\.tsx?$/.test(path);
const isRuntime = (path) => /^(functions|web\/src|shared)\//.test(path);
const isInside = (path, folder) => path === folder || path.startsWith(`${folder}/`);

/**
 * The layout's boundaries, checked on resolved paths so that `../x`, `../../x` and `@web/x` are judged alike
 * (no-restricted-imports only sees the import string). Each answers the message of a broken boundary.
 */
const ZONES = [
  (from, to) => {
    const [a, b] = [featureOf(from), featureOf(to)];
    return a && b && a !== b
      ? `The ${a} imports the ${b}: features do not import each other (share through shared/, components/ or lib/, or compose in app/).`
      : undefined;
  },
  (from, to) =>
    isInside(from, 'functions/lib') && featureOf(to)
      ? `functions/lib imports the ${featureOf(to)}: the library serves every feature and depends on none.`
      : undefined,
  (from, to) =>
    isInside(from, 'functions/lib') && isInside(to, 'functions/domain')
      ? 'functions/lib imports functions/domain: the library is plumbing (HTTP, auth, the table, the outbox) and knows no domain; a feature passes what the library needs from the domain (the broker standing reader).'
      : undefined,
  (from, to) =>
    isInside(from, 'functions/domain') && featureOf(to)
      ? `functions/domain imports the ${featureOf(to)}: the domain serves every feature and depends on none (a store only one feature uses belongs in that feature's data/).`
      : undefined,
  (from, to) =>
    isRuntime(from) && isInside(to, 'infra') && !isInside(to, 'infra/local')
      ? "Runtime code imports infra/: the tools (createData() with every feature's stores, the migrations, the CDK app) use the app, the app never depends on them. A function builds only its own stores (functions/<feature>/data/index.ts)."
      : undefined,
  (from, to) =>
    isRuntime(from) && isInside(to, 'infra/local')
      ? 'Runtime code imports infra/local: the local stack runs the app, the app never depends on it.'
      : undefined,
  (from, to) =>
    /^web\/src\/(components|lib)\//.test(from) && /^web\/src\/(features|app)\//.test(to)
      ? 'web/src/components and web/src/lib are shared by every feature and import neither features nor app.'
      : undefined,
  (from, to) =>
    isInside(from, 'shared') && /^(functions|web|infra)\//.test(to)
      ? 'shared/ is used by the functions and the web app and imports neither.'
      : undefined,
];

const importZones = {
  meta: {
    type: 'problem',
    docs: { description: 'Import boundaries between features, the function library, the web app and the local stack.' },
    schema: [],
  },
  create(context) {
    const from = relative(REPO_ROOT, context.filename).split('\\').join('/');
    if (isTestCode(from)) return {};
    const check = (node) => {
      if (typeof node.source?.value !== 'string') return;
      const to = importedPath(context.filename, node.source.value);
      if (!to) return;
      for (const zone of ZONES) {
        const message = zone(from, to);
        if (message) context.report({ node: node.source, message });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'cdk.out/**',
      'cdk.out*/**',
      'web/dist/**',
      'web/dist-sourcemaps/**',
      '.local/**',
      'infra/local/stubs/**',
      'coverage/**',
      '**/.cognito/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // `import { z } from 'zod'` drags every zod locale into the bundles (about 370 KB minified); the namespace import tree-shakes.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
          message: "Use `import * as z from 'zod'` so bundles tree-shake zod's locales.",
        },
      ],
    },
  },
  {
    plugins: { leasedesk: { rules: { 'import-zones': importZones } } },
    rules: { 'leasedesk/import-zones': 'error' },
  },
  {
    // Aliases, not imports that climb folders (tsconfig `paths`; Vite and vitest read shared/aliases.ts).
    files: ['functions/**/*.ts', 'infra/**/*.ts', 'shared/**/*.ts', 'test/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../*'], message: 'Use the path aliases (@web/, @shared/, @test/ …) instead of climbing folders.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs['recommended-latest'],
    languageOptions: {
      globals: { ...globals.browser },
    },
  },
);
