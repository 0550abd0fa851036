// Import boundaries of Klase (docs/architecture.md, "Layers"). `npm run lint` runs them through
// scripts/deps-check.mjs against the recorded baseline `.dependency-cruiser-known-violations.json`,
// which may only shrink: a new violation fails, and so does a baseline entry that no longer occurs.
// `npm run deps:baseline` rewrites the baseline. The rules name the TARGET folders; a folder that
// does not exist yet simply matches nothing.
const API = '^apps/api/src/';
const WEB = '^apps/web/src/';
// SQL: drizzle itself and the schema; and the database client, whose TYPE (`import type { Db }`,
// the handle services pass on to repositories) is no SQL, so only its value imports count.
const SQL = ['(^|/)node_modules/drizzle-orm(/|$)', `${API}db/schema([./]|$)`];
const DB_CLIENT = `${API}db/client\\.ts$`;
// Where SQL may live: repository files, kernel/, db/, seed/, tests and src/test/.
const SQL_HOMES = ['\\.repo\\.ts$', `${API}(kernel|db|seed|test)/`, '\\.test\\.ts$'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere (core, api, web, e2e, bench).',
      severity: 'error',
      from: { path: '^(apps|packages|e2e|bench)/' },
      to: { circular: true },
    },
    {
      name: 'core-imports-no-app',
      comment: 'packages/core is shared by both apps and imports nothing from them.',
      severity: 'error',
      from: { path: '^packages/core/' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'api-platform-knows-no-domain',
      comment: 'platform/ (errors, sessions, policies, mail, storage, worker loop) imports no kernel, module or seed.',
      severity: 'error',
      from: { path: `${API}platform/` },
      to: { path: `${API}(kernel|modules|seed)/` },
    },
    {
      name: 'api-kernel-imports-no-module',
      comment: 'kernel/ (request user, access chain, shared SQL fragments) sits below the modules.',
      severity: 'error',
      from: { path: `${API}kernel/` },
      to: { path: `${API}modules/` },
    },
    {
      name: 'api-module-public-files',
      comment:
        'A module (modules/<domain>/ or modules/admin/<sub>/) imports from another module only its ' +
        "*.service.ts and *-access.ts / *.access.ts files. The admin domain's own files beside its " +
        'sub-modules (modules/admin/admin-scope.ts, admin-messages.ts) are shared by those sub-modules.',
      severity: 'error',
      from: { path: `${API}modules/(admin/[^/]+|[^/]+)/` },
      to: {
        path: `${API}modules/`,
        pathNot: [`${API}modules/$1/`, '(\\.service|-access|\\.access)\\.ts$', `${API}modules/admin/[^/]+\\.ts$`],
      },
    },
    {
      name: 'api-sql-in-repos',
      comment:
        'drizzle-orm and db/schema* only in *.repo.ts files, kernel/, db/, seed/, tests and src/test/; ' +
        'services take ctx and call repos. platform/ knows no domain and no table either: its SQL is in platform/*.repo.ts.',
      severity: 'error',
      from: { path: API, pathNot: SQL_HOMES },
      to: { path: SQL },
    },
    {
      name: 'api-sql-in-repos',
      comment:
        'The database client (db/client.ts) likewise, except that a type-only import (`import type { Db }`) ' +
        'is no SQL, and the composition root (app.ts, server.ts) opens the database.',
      severity: 'error',
      from: { path: API, pathNot: [...SQL_HOMES, `${API}(app|server)\\.ts$`] },
      to: { path: DB_CLIENT, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-feature-imports-no-app',
      comment: 'features/<domain>/ never imports app/ (router, layouts, providers).',
      severity: 'error',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-features-apart',
      comment: 'A web feature never imports another feature; shared code goes to components/, lib/, config/ or api/.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-shared-imports-no-feature',
      comment: 'components/, lib/, config/, api/ and i18n/ sit below the features and app/.',
      severity: 'error',
      from: { path: `${WEB}(components|lib|config|api|i18n)/` },
      to: { path: `${WEB}(features|app)/` },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '(^|/)(dist|test-results|playwright-report|migrations)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    cache: false,
  },
};
