export * from './checks.js';
export * from './enums.js';
export * from './fees.js';
export * from './files.js';
export * from './identifiers.js';
export { DOMAIN_ERROR_CODES, type DomainErrorCode, type Failure } from './result.js';
export * from './stages.js';
export * from './working-days.js';
