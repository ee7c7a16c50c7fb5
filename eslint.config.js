// One lint configuration for the whole repository. The import boundaries of
// ARCHITECTURE.md are rules here, not prose: web → contract ← server; inside the
// server routes → service → repository → db, modules → platform, and demo/ on top
// of them all; on the web a feature never imports another feature nor the shell.
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const basePath = fileURLToPath(new URL('.', import.meta.url));

// One zone per web feature folder (apps/web/src/features/<area>).
const webFeatures = existsSync(new URL('./apps/web/src/features', import.meta.url))
  ? readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

// Another module is reached through its services only (`../<module>/<name>.service`): its
// repositories, routes, reads and views stay its own. Tests may use its test support besides.
const otherModules = {
  regex: String.raw`^\.\./[^./][^/]*/(?![^/]*\.service$)`,
  message: 'Reach another module through its service.',
};
const otherModulesInTests = {
  regex: String.raw`^\.\./[^./][^/]*/(?![^/]*\.(service|test-support)$)`,
  message: 'Reach another module through its service (or, in a test, its test support).',
};
const sql = { group: ['**/db/schema', 'drizzle-orm', 'drizzle-orm/*'], message: 'SQL lives in the module repository.' };
const ownRepository = { group: ['./*.repository'], message: 'Routes call their service, not a repository.' };

// web: a feature never imports the app shell (app/ composes features, not the other way round).
const featuresNotShell = {
  target: './apps/web/src/features',
  from: './apps/web/src/app',
  message: 'A feature never imports the app shell: move the shared piece down to lib/ or components/.',
};

const zones = [
  // the contract imports only zod: nothing of the apps
  { target: './packages/contract', from: './apps', message: 'The contract is shared: it may not import an app.' },
  // apps never import each other
  { target: './apps/web', from: './apps/server', message: 'The web talks to the server only over HTTP.' },
  { target: './apps/server', from: './apps/web', message: 'The server never imports the web app.' },
  // server: platform never reaches into modules
  {
    target: './apps/server/src/platform',
    from: './apps/server/src/modules',
    message: 'platform → modules is backwards.',
  },
  // server: pure domain rules have no I/O
  {
    target: './apps/server/src/domain',
    from: ['./apps/server/src/platform', './apps/server/src/modules', './apps/server/src/db'],
    message: 'domain/ holds pure rules: no I/O.',
  },
  // server: the demo data is the top floor; it uses the services, nothing of the product uses it
  // (only the start in server.ts and `npm run db:seed` call it).
  {
    target: ['./apps/server/src/db', './apps/server/src/platform', './apps/server/src/modules', './apps/server/src/domain'],
    from: './apps/server/src/demo',
    message: 'demo/ sits on top: the product never imports the demo data.',
  },
  // server: db/ is the floor (the tables): it imports no module, platform code or demo
  {
    target: './apps/server/src/db',
    from: ['./apps/server/src/modules', './apps/server/src/platform', './apps/server/src/app.ts'],
    message: 'db/ is the floor: it holds the schema and imports nothing above it.',
  },
  // web: a feature never imports another feature (pages in app/ compose them)
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: pages in app/ compose them.',
  })),
  featuresNotShell,
  // web: shared code never imports features or the app shell
  {
    target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/texts'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'Shared web code may not import features or the app shell.',
  },
];

// web: a field takes the form's methods from useFormMethods (components/form/form.tsx), whose value
// never changes: useFormContext's changes with the form's state and re-renders every reader.
const formMethods = {
  name: 'react-hook-form',
  importNames: ['useFormContext'],
  message: 'Use useFormMethods from components/form.',
};
// web: dates are read and shown in Japan time, whatever the device's zone (lib/format.ts).
const japanTime = {
  name: 'date-fns',
  importNames: ['format'],
  message: "Dates are read and shown in Japan time, whatever the device's zone: use lib/format.ts.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-bench/**',
      '**/dist-ssr/**',
      '**/data/**',
      'apps/server/drizzle/**',
      '.tools/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // basePath: the zones are paths from this file, wherever ESLint runs (by default they are
      // from the working directory, and run from apps/server no zone matched at all).
      'import-x/no-restricted-paths': ['error', { basePath, zones }],
    },
  },
  {
    // A feature's tests may render the whole app (router and providers) to test it in place.
    files: ['apps/web/src/features/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath, zones: zones.filter((zone) => zone !== featuresNotShell) }],
    },
  },
  {
    // A module reaches another module only through that module's service, and only its
    // repositories touch the tables: services, reads and views hold rules and shapes.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModules, sql] }] },
  },
  {
    files: ['apps/server/src/modules/**/*.repository.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModules] }] },
  },
  {
    // Tests and their support set up and look at rows directly.
    files: ['apps/server/src/modules/**/*.test.ts', 'apps/server/src/modules/**/*.test-support.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModulesInTests] }] },
  },
  {
    // Background work runs as jobs on the one queue (jobs.ts, decision 101): retried, visible in
    // the back office, once across instances. A timer of a module's own would be none of that.
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/app.ts', 'apps/server/src/jobs.ts'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'setInterval', message: 'Define a background job in apps/server/src/jobs.ts (decision 101).' },
      ],
    },
  },
  {
    // Routes are HTTP only: schema → service call → response.
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModules, sql, ownRepository] }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [formMethods, japanTime],
        },
      ],
    },
  },
  {
    // The house formats themselves, and the calendars, which format their own local days.
    files: ['apps/web/src/lib/format.ts', 'apps/web/src/components/form/date-picker*.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [formMethods] }],
    },
  },
  {
    files: [
      '**/*.test.ts',
      '**/test/**',
      '**/bench/**',
      '**/scripts/**',
      'apps/server/src/main.ts',
      'apps/server/src/**/*-cli.ts', // command-line entries (npm run db:seed, db:backfill-lanes) print their outcome
    ],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
