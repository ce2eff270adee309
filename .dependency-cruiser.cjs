/**
 * The layout rules of ../shared/design/architecture.md, checked by `npm run lint` (dependency-cruiser):
 * no import circle; the SPA's areas and the API's modules independent of each other; the floors one-way.
 */
const web = '^apps/web/src/';
const api = '^apps/api/src/';
/** Test files and test helpers may reach anything they exercise. */
const testCode = '[.]test[.]tsx?$|/test-[^/]+$|^apps/web/src/test/|^apps/api/src/test/';

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
      from: { path: '^apps/', pathNot: [`${api}db/seed/`, `${web}mock/`, testCode] },
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
    {
      name: 'api-floors-below-modules',
      comment:
        'The floors serve the modules and never import one; app.ts, routes.ts and in-browser/ (the API in mock mode) compose them.',
      severity: 'error',
      from: {
        path: api,
        pathNot: [
          `${api}modules/`,
          `${api}(app|routes)[.]ts$`,
          `${api}in-browser/`,
          `${api}(authorization|fuzz|resilience|db/seed)/`,
          testCode,
        ],
      },
      to: { path: `${api}modules/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
