// The browser ports of Node's built-ins that mock mode's API runs on (node-ports.json)
// ship without types; node-crypto.ts and node-globals.ts only pass them on.
declare module 'crypto-browserify';
declare module 'process/browser.js';
