/**
 * The layout rules of docs/architecture.md, checked by `npm run lint` (dependency-cruiser): no import
 * circle; the SPA's areas and the API's modules independent of each other; the floors one-way; nothing the
 * browser loads reaches a module only Node runs.
 */
const { builtinModules } = require('node:module');

const web = '^apps/web/src/';
const api = '^apps/api/src/';
/**
 * Test files and test helpers (test-*.ts, *-test-kit.ts) may reach anything they exercise; a test run
 * (modules/test-runs, the product's measured runs) is product code.
 */
const testCode =
  '[.]test[.]tsx?$|/test-(?!runs?[-.])[^/]+$|-test-kit[.]ts$|^apps/web/src/test/|^apps/api/src/test/';

/** Node's built-ins that mock mode's bundle replaces with a browser port (vite.config.ts reads the same file). */
const ported = Object.keys(require('./apps/web/node-ports.json'));
/** What only Node runs: its other built-ins, and the packages of the API's Node adapters (apps/api/src/node/). */
const nodeOnly = [
  `^(node:)?(${builtinModules.filter((name) => !ported.includes(name)).join('|')})$`,
  '^node_modules/(pg|nodemailer|@azure/storage-blob|@fastify/static|azurite|smtp-server)/',
];

/**
 * The API's floors, lowest first: a floor imports only the floors below it (and its own). The composition
 * on top (app.ts and the Node adapters it is given, or the API in the browser) puts them together.
 */
const apiFloors = [
  { name: 'base', path: ['config[.]ts$', 'http/'] },
  { name: 'database', path: ['db/'] },
  {
    name: 'services',
    path: ['changes/', 'list/', 'mail/', 'storage/', 'publications/', 'plugins/', 'observability/'],
  },
  { name: 'core', path: ['accounts/', 'company/'] },
  { name: 'modules', path: ['modules/'] },
  { name: 'routes', path: ['routes[.]ts$', 'seed/'] },
  { name: 'composition', path: ['app[.]ts$', 'in-browser/', 'node/'] },
];
const floorPaths = (floors) => floors.flatMap((floor) => floor.path.map((path) => `${api}${path}`));
const oneWayFloors = apiFloors.slice(0, -1).map((floor, index) => ({
  name: `api-floor-${floor.name}`,
  comment: `The ${floor.name} floor imports no floor above it (${apiFloors
    .slice(index + 1)
    .map((above) => above.name)
    .join(', ')}).`,
  severity: 'error',
  from: { path: floorPaths([floor]), pathNot: testCode },
  to: { path: floorPaths(apiFloors.slice(index + 1)) },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle: two files (or more) that can only be understood together.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'packages-below-apps',
      comment: 'packages/ are shared by the apps and never import them.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'domain-is-pure',
      comment: 'packages/domain holds the business rules: it imports no other workspace.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^packages/(contracts|list-query)/' },
    },
    {
      name: 'demo-data-for-seed-and-mock',
      comment: "The demo world is for the API's demo seed and mock mode only; the product never reads it.",
      severity: 'error',
      from: { path: '^apps/', pathNot: [`${api}seed/`, `${web}mock/`, testCode] },
      to: { path: '@portal/demo-data|^packages/demo-data/' },
    },
    {
      name: 'web-areas-independent',
      comment: 'An area (admin, auth, emvo, external) never imports another; what two share is a capability.',
      severity: 'error',
      from: { path: `${web}areas/([^/]+)/` },
      to: { path: `${web}areas/`, pathNot: `${web}areas/$1/` },
    },
    {
      name: 'web-nothing-imports-app',
      comment: 'app/ (providers, router, layout) sits on top: nothing imports it.',
      severity: 'error',
      from: { path: web, pathNot: [`${web}app/`, `${web}main[.]tsx$`, testCode] },
      to: { path: `${web}app/` },
    },
    {
      name: 'web-capabilities-below-areas',
      comment: 'A capability (forms, table, http…) serves every area and imports none.',
      severity: 'error',
      from: { path: `${web}(?!areas/|app/|main[.]tsx)`, pathNot: testCode },
      to: { path: `${web}areas/` },
    },
    {
      name: 'web-base-below-shell',
      comment:
        'The base capabilities (config, i18n, http, ui, toast, scheduling) sit below the shell ones (auth, layout, table, modal, forms).',
      severity: 'error',
      from: { path: `${web}(config|i18n|http|ui|toast|scheduling)/`, pathNot: testCode },
      to: { path: `${web}(auth|layout|table|modal|forms)/` },
    },
    {
      name: 'web-ui-does-not-fetch',
      comment: "ui/ components show what they are given; fetching is the callers' (http/, hooks of an area).",
      severity: 'error',
      from: { path: `${web}ui/`, pathNot: testCode },
      to: { path: [`${web}http/`, '^node_modules/@tanstack/react-query'] },
    },
    {
      name: 'web-mock-stays-out',
      comment: 'Mock mode loads only in mock mode (main.tsx imports it lazily); the app never imports it.',
      severity: 'error',
      from: { path: web, pathNot: [`${web}mock/`, `${web}main[.]tsx$`, testCode] },
      to: { path: `${web}(mock|test)/` },
    },
    {
      name: 'api-modules-independent',
      comment:
        'A module (modules/<resource>) never imports another; what two share lives in a floor (company/, accounts/, http/, db/…).',
      severity: 'error',
      from: { path: `${api}modules/([^/]+)/` },
      to: { path: `${api}modules/`, pathNot: `${api}modules/$1/` },
    },
    ...oneWayFloors,
    {
      name: 'browser-loads-no-node',
      comment:
        'What the browser loads (the SPA, mock mode and its worker with the API in the browser) reaches no module only Node runs: the Node adapters live in apps/api/src/node/, which app.ts composes and in-browser/ replaces.',
      severity: 'error',
      from: { path: [`${web}(main[.]tsx|.+-worker[.]ts)$`, `${api}in-browser/`], pathNot: testCode },
      to: { reachable: true, path: nodeOnly },
    },
    {
      name: 'api-node-only-in-node',
      comment:
        'Only the Node adapters (node/) and app.ts, which composes them into the server, import what only Node runs.',
      severity: 'error',
      from: { path: api, pathNot: [`${api}node/`, `${api}app[.]ts$`, testCode] },
      to: { path: nodeOnly },
    },
    {
      name: 'api-core-is-given-the-adapters',
      comment:
        'The Node adapters are handed in by app.ts (or replaced by in-browser/): the floors never import node/.',
      severity: 'error',
      from: { path: api, pathNot: [`${api}node/`, `${api}app[.]ts$`, testCode] },
      to: { path: `${api}node/` },
    },
    {
      name: 'api-product-imports-no-seed',
      comment: 'The seeds fill a demo world (the seed CLI, mock mode, tests); the product never calls them.',
      severity: 'error',
      from: { path: api, pathNot: [`${api}seed/`, `${api}node/seed-cli[.]ts$`, testCode] },
      to: { path: `${api}seed/` },
    },
    {
      name: 'api-product-imports-no-test-code',
      comment:
        'Test kits and suites live with the tests (src/test/, beside a file as *.test.ts); the product never imports them.',
      severity: 'error',
      from: { path: api, pathNot: testCode },
      to: { path: testCode },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Packages stay in the graph (unfollowed), so the rules can name the ones only Node runs.
    exclude: { path: ['/dist/'] },
    tsPreCompilationDeps: true,
    // The base config, plus the SPA's and local-idp's imports of @portal/api followed into its sources.
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
  },
};
