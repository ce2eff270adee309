// What the API's router (find-my-way, apps/api in-browser/) requires of node:assert, in the browser
// (vite.config.ts points node:assert here): the call form, which checks a route as it is registered.
// CommonJS, so that `require('node:assert')` is the function itself, as in Node.
module.exports = function assert(value, message) {
  if (!value) throw new Error(message ?? 'Assertion failed');
};
