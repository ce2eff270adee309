export * from './enums.js';
export * from './gateways.js';
export * from './links.js';
export * from './lists.js';
export * from './patterns.js';
export * from './tooltips.js';
