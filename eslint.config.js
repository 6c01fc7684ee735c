import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readFileSync, readdirSync } from 'node:fs';

const typeScriptResolver = createTypeScriptImportResolver({
  project: [
    'apps/web/tsconfig.json',
    'apps/server/tsconfig.json',
    'packages/contract/tsconfig.json',
  ],
  noWarnOnMultipleProjects: true,
});

/** import-x reads TypeScript files with typescript-eslint's parser, through tsconfig's paths. */
const importSettings = {
  ...importX.flatConfigs.typescript.settings,
  'import-x/resolver': undefined,
  'import-x/resolver-next': [typeScriptResolver],
};

const WEB = './apps/web/src';
const WEB_FEATURES = readdirSync('apps/web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Who may not import what in the web app: features, or the app shell when `shell` is true. */
const webZones = (shell) =>
  shell
    ? [
        {
          target: [`${WEB}/components`, `${WEB}/lib`, `${WEB}/i18n`, `${WEB}/features`],
          from: `${WEB}/app`,
          message: 'Only the app shell imports itself (tests may render its providers).',
        },
      ]
    : [
        {
          target: [`${WEB}/components`, `${WEB}/lib`, `${WEB}/i18n`],
          from: `${WEB}/features`,
          message: 'Shared code never imports a feature.',
        },
        ...WEB_FEATURES.map((feature) => ({
          target: `${WEB}/features/${feature}`,
          from: `${WEB}/features`,
          except: [`./${feature}`],
          message: 'Features never import each other: move what they share to lib or components.',
        })),
      ];

/** Syntax no file may use. */
const FORBIDDEN_EVERYWHERE = [
  { selector: "CallExpression[callee.name='eval']", message: 'eval is forbidden.' },
  { selector: "NewExpression[callee.name='Function']", message: 'new Function is forbidden.' },
];

/** The server's one way per thing, where a selector can say it. */
const SERVER_ONE_WAY = [
  {
    selector: 'TemplateElement[value.raw=/pg_(try_)?advisory/]',
    message: 'Advisory locks are named and taken in db/locks.ts only.',
  },
];

/**
 * One endpoint per file in the web app's `api/` folders and `lib` (docs/ARCHITECTURE.md): every
 * `apiRequest` call of a file goes to one method and path (its query string aside; a path built
 * by a call, as the Discord webhook's, is compared as written), and neither is chosen by a
 * condition in the call. A query and its mutation are two files.
 */
const oneEndpointPerFile = {
  meta: {
    type: 'suggestion',
    schema: [],
    messages: {
      chosen:
        'A method or path chosen when the call runs is two endpoints in one call: one file and one call each.',
      another:
        'This file already calls {{first}}: one endpoint per file, so {{second}} goes in its own verb-noun file.',
    },
  },
  create(context) {
    const { sourceCode } = context;
    const pathOf = (node) => {
      if (node.type === 'Literal') return String(node.value);
      if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked).join('{}');
      if (node.type === 'ConditionalExpression') return null;
      return sourceCode.getText(node).replace(/\s+/g, ' ');
    };
    const methodOf = (options) => {
      if (options && options.type !== 'ObjectExpression') return `(${sourceCode.getText(options)})`;
      const method = options?.properties.find(
        (property) =>
          property.type === 'Property' && !property.computed && property.key.name === 'method',
      );
      if (!method) return 'GET';
      return method.value.type === 'Literal' ? String(method.value.value) : null;
    };
    let first;
    return {
      "CallExpression[callee.name='apiRequest']"(node) {
        const [path, options] = node.arguments;
        if (!path) return;
        const method = methodOf(options);
        const written = pathOf(path);
        if (method === null || written === null) {
          context.report({ node, messageId: 'chosen' });
          return;
        }
        const endpoint = `${method} ${written.split('?')[0]}`;
        first ??= endpoint;
        if (endpoint !== first) {
          context.report({ node, messageId: 'another', data: { first, second: endpoint } });
        }
      },
    };
  },
};

const SERVER = './apps/server/src';

/**
 * The server's layers (docs/ARCHITECTURE.md), lowest first: each may import itself and the layers
 * below it, never one above. `config.ts` is below them all; `app.ts`, `main.ts`,
 * `job-catalogue.ts` and `cli` are on top.
 */
const SERVER_LAYERS = [
  ['lib', []],
  ['db', ['lib']],
  ['integrations', ['db', 'lib']],
  ['jobs', ['db', 'lib']],
  ['policies', []],
  ['services', ['jobs', 'integrations', 'policies', 'db', 'lib']],
  ['auth', ['services', 'jobs', 'integrations', 'policies', 'db', 'lib']],
  ['plugins', ['auth', 'services', 'jobs', 'integrations', 'policies', 'db', 'lib']],
  ['routes', ['plugins', 'auth', 'services', 'jobs', 'integrations', 'policies', 'db', 'lib']],
];
const serverZones = SERVER_LAYERS.map(([layer, below]) => ({
  target: `${SERVER}/${layer}`,
  from: SERVER,
  except: [layer, ...below].map((name) => `./${name}`).concat('./config.ts'),
  message: `The server's layers go one way: ${layer} imports only ${below.join(', ') || 'itself'} (docs/ARCHITECTURE.md).`,
}));

/**
 * The domains of the services (docs/ARCHITECTURE.md), lowest first: a domain imports only the
 * domains before it and the files at the root of `services` (what they announce: decision 064).
 * What a lower domain's action means to a higher one is a reaction, joined in
 * `src/reaction-catalogue.ts`. A folder of `services` missing here stops the lint.
 */
const SERVICE_DOMAINS = [
  'vault',
  'organization',
  'teams',
  'passwords',
  'users',
  'league',
  'alerts',
  'discord-webhooks',
  'discord',
  'events',
  'points',
  'timeline',
  'calendar',
  'backup',
  'seed',
];
const SERVICES = `${SERVER}/services`;
const unplacedDomains = readdirSync('apps/server/src/services', {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory() && !SERVICE_DOMAINS.includes(entry.name))
  .map((entry) => entry.name);
if (unplacedDomains.length > 0) {
  throw new Error(
    `Place ${unplacedDomains.join(', ')} in SERVICE_DOMAINS (eslint.config.js), in the order of the domains`,
  );
}
const domainZones = [
  ...SERVICE_DOMAINS.slice(0, -1).map((domain, index) => ({
    target: `${SERVICES}/${domain}`,
    from: SERVICE_DOMAINS.slice(index + 1).map((higher) => `${SERVICES}/${higher}`),
    message: `${domain} is below these domains: what it does that they react to, it announces (src/services/happenings.ts, docs/ARCHITECTURE.md).`,
  })),
  {
    target: `${SERVICES}/*.ts`,
    from: SERVICE_DOMAINS.map((domain) => `${SERVICES}/${domain}`),
    message: 'What the domains share sits below every one of them.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    rules: {
      'no-restricted-syntax': ['error', ...FORBIDDEN_EVERYWHERE],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/locks.ts'],
    rules: { 'no-restricted-syntax': ['error', ...FORBIDDEN_EVERYWHERE, ...SERVER_ONE_WAY] },
  },
  {
    // Routes stay thin: a transaction belongs to the service that owns the action (decision 022).
    files: ['apps/server/src/routes/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...FORBIDDEN_EVERYWHERE,
        ...SERVER_ONE_WAY,
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'A route calls a service; the service opens the transaction.',
        },
      ],
    },
  },
  {
    // A test that assumes a value exists fails loudly when it does not: that is the point.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // File and folder names in kebab-case, everywhere.
    files: [
      'apps/*/src/**/*.{ts,tsx}',
      'packages/*/src/**/*.ts',
      'apps/*/{test,e2e,bench}/**/*.ts',
    ],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    // No import loops, in any workspace.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // ... and on the server, layer by layer.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...serverZones, ...domainZones] }],
    },
  },
  {
    // Imports flow one way in the web app (docs/ARCHITECTURE.md): components and lib never
    // import features, features never import each other.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webZones(false) }] },
  },
  {
    // ... nor the app shell, which only tests may render (its providers around a component).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      // One rule, one configuration per file: the zones above again, with the shell's.
      'import-x/no-restricted-paths': ['error', { zones: [...webZones(false), ...webZones(true)] }],
    },
  },
  {
    // One endpoint per file where the web app calls the server (docs/ARCHITECTURE.md).
    files: ['apps/web/src/features/*/api/**/*.ts', 'apps/web/src/lib/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/web/src/lib/api-client.ts'],
    plugins: { guildhall: { rules: { 'one-endpoint-per-file': oneEndpointPerFile } } },
    rules: { 'guildhall/one-endpoint-per-file': 'error' },
  },
  {
    // Who may do what is decided from plain facts (docs/permissions.md): the server's policies
    // read nothing (their layer imports nothing of the server, above), nor a database driver.
    files: ['apps/server/src/policies/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
              message: 'Policies are pure: the services read the facts and pass them in.',
            },
          ],
        },
      ],
    },
  },
  {
    // One dialog (docs/decisions/062-one-dialog-one-form-helper.md): components/ui's Dialog and
    // ConfirmDialog. The phone's navigation drawer is the app shell's own modal, not a dialog.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/components/ui/**', 'apps/web/src/app/layout/sidebar.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'radix-ui',
              importNames: ['Dialog', 'AlertDialog'],
              message: 'Use Dialog or ConfirmDialog from components/ui.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...FORBIDDEN_EVERYWHERE,
        {
          selector:
            "JSXOpeningElement[name.name='dialog'], JSXAttribute[name.name='role'][value.value=/^(alert)?dialog$/]",
          message: 'Use Dialog or ConfirmDialog from components/ui.',
        },
      ],
    },
  },
  {
    // Test files share their worker's modules (decision 058): a module replaced with vi.mock would
    // stay replaced for the files after it. The web's files that do it run isolated, listed in
    // apps/web/module-replacing-tests.json; the server's never do.
    files: ['apps/*/src/**/*.test.{ts,tsx}', 'apps/server/test/**/*.ts'],
    ignores: JSON.parse(readFileSync('apps/web/module-replacing-tests.json', 'utf8')).map(
      (file) => `apps/web/${file}`,
    ),
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock'].map((property) => ({
          object: 'vi',
          property,
          message:
            'A replaced module stays replaced for the next files of the worker: add this file to apps/web/module-replacing-tests.json (decision 058).',
        })),
      ],
    },
  },
);
