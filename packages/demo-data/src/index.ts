export { DEMO_ACCOUNT_LIST, DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from './accounts.js';
export { simplePdf } from './pdf.js';
export { demoId } from './rows.js';
export type * from './tables.js';
export { type DemoWorldOptions, demoWorld } from './world.js';
