import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

// The component areas. Each may import components/ui and lib/, never another area; components/app composes them.
const areas = ['account', 'cart', 'catalogue', 'checkout', 'layout', 'orders', 'ui'];

// The server's modules (server/modules/<name>/). Each may import another only through its face, <name>/index.ts.
const modules = readdirSync(path.join(import.meta.dirname, 'server/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const throughFace = 'Import another server module through its face, server/modules/<name>/index.ts.';

/** A local rule: file names are kebab-case (Next's own names and dotted suffixes like .module.scss included). */
const kebabCase = {
  meta: { type: 'suggestion', schema: [], messages: { name: 'File name "{{name}}" is not kebab-case.' } },
  create(context) {
    const name = path.basename(context.filename);
    const stem = name.split('.')[0] ?? name;
    return {
      Program(node) {
        if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(stem))
          context.report({ node, messageId: 'name', data: { name } });
      },
    };
  },
};

const serverOnly = [
  'server/**',
  'scripts/**',
  'bench/**',
  'tests/server/**',
  'tests/reliability/**',
  '*.config.ts',
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      'out/**',
      'bench/floor/out/**',
      'bench/floor/.next/**',
      '.data*/**',
      '**/next-env.d.ts',
      'server/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: {
      'react-hooks': reactHooks,
      'import-x': importX,
      local: { rules: { 'kebab-case': kebabCase } },
    },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'tsconfig.server.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'local/kebab-case': 'error',
    },
  },
  // Environments: browser code, Node code, and the rules and wire shapes both sides share (no environment).
  {
    files: ['app/**', 'components/**', 'lib/**', 'admin/**', 'tests/web/**', 'tests/admin/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  { files: ['tests/web/**', 'tests/admin/**', 'e2e/**'], languageOptions: { globals: { ...globals.node } } },
  { files: [...serverOnly, '*.mjs', 'scripts/**'], languageOptions: { globals: { ...globals.node } } },
  { files: ['lib/rules/**', 'lib/contract/**'], languageOptions: { globals: {} } },
  // Drives Chromium: its page.evaluate callbacks run in the browser.
  {
    files: ['scripts/check-budgets.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  // Layers: nothing in lib/ imports components/; the storefront takes only types from the contract (the schema
  // library stays out of the bundle); the server imports neither components/ nor the storefront's API layer.
  {
    files: ['app/**', 'components/**', 'lib/**'],
    ignores: ['lib/contract/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/lib/contract/*', '**/contract/*', '!@/lib/contract/images', '!**/contract/images'],
              allowTypeImports: true,
              message: 'The storefront imports only types from lib/contract.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['lib/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@/components/*', '**/components/*'] }] },
  },
  {
    // Data flows one way: the session layer calls the API client, never the reverse.
    files: ['lib/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@/components/*', '**/components/*', '@/lib/session/*', '../session/*'] },
      ],
    },
  },
  ...areas.map((area) => ({
    files: [`components/${area}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: areas
            .filter((other) => other !== area && other !== 'ui')
            .flatMap((other) => [`@/components/${other}/*`, `../${other}/*`])
            .concat(['@/components/app/*', '../app/*']),
        },
      ],
    },
  })),
  // The back office (admin/) is a lint zone of its own, built by its own bundler (scripts/build-admin.mjs) into
  // out/admin/. The storefront never imports it, so none of react-admin reaches a shopper's chunks. It shares with
  // the storefront only the wire shapes (types), the rules both sides apply and the language formats; never the
  // storefront's screens, API client, session or router.
  {
    files: ['app/**', 'components/**', 'lib/**', 'styles/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./app', './components', './lib', './styles'],
              from: './admin',
              message: 'The storefront never imports the back office (admin/): it is a bundle of its own.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['admin/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/lib/contract/*', '**/contract/*', '!@/lib/contract/images', '!**/contract/images'],
              allowTypeImports: true,
              message:
                'The back office imports only types from lib/contract (images.ts, plain constants, is the exception).',
            },
            {
              group: [
                '@/components/*',
                '@/app/*',
                '@/server/*',
                '@/lib/*',
                '!@/lib/contract',
                '!@/lib/rules',
                '!@/lib/i18n',
                '@/lib/i18n/*',
                '!@/lib/i18n/language',
                '**/components/*',
                '**/server/*',
              ],
              message:
                'The back office shares only lib/contract (types), lib/rules and lib/i18n/language with the storefront.',
            },
          ],
        },
      ],
    },
  },
  // Server modules meet only at their faces: a module imports its own files and the others' index.ts; the rest of
  // the server (app.ts, context.ts, plugins, web, ...) takes modules by their faces too.
  {
    files: ['server/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...modules.map((name) => ({
              target: `./server/modules/${name}`,
              from: './server/modules',
              except: [
                `./${name}`,
                ...modules.filter((other) => other !== name).map((other) => `./${other}/index.ts`),
              ],
              message: throughFace,
            })),
            {
              target: ['./server/*.ts', './server/!(modules)/**'],
              from: './server/modules',
              except: modules.map((name) => `./${name}/index.ts`),
              message: throughFace,
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: ['@/components/*', '**/components/*', '@/lib/api/*', '@/lib/session/*', '@/lib/router/*'],
        },
      ],
    },
  },
);
