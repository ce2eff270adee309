import { USER_RULE_CODES } from '@portal/domain';
import { LIST_QUERY_ERROR_CODES } from '@portal/list-query';

/**
 * spec §8: every error code the SPA's catalogue (apps/web src/http/error-catalogue.ts) has an entry for.
 * The catalogue is typed against this list, so a code cannot be added here without its entry and message;
 * the API's tests check that every 4xx it answers carries one of these codes (apps/api src/test/fuzz).
 */
export const ERROR_CODES = [
  'DEFAULT_ERROR',
  '000',
  'DO_NOTHING',
  'ERR_AUTHENTICATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  // The 403 of a user disabled or revoked since signing in (apps/api plugins/auth.ts).
  'ACCESS_WITHDRAWN',
  'NOT_FOUND',
  'SERVICE_UNAVAILABLE',
  '111',
  '112',
  '105',
  '301',
  '405',
  'INVITATION_WITHDRAWN',
  'ERR_BAD_CREDENTIALS',
  'OFFLINE',
  // The API's general codes (apps/api plugins/errors.ts, http/api-error.ts).
  'VERSION_CONFLICT',
  'INVALID_FIELD',
  'INVALID_JSON',
  'BAD_REQUEST',
  'TOO_MANY_REQUESTS',
  'UNSUPPORTED_MEDIA_TYPE',
  'FILE_TOO_LARGE',
  // The reviewers' decisions.
  'CHECK_DECIDED_FIRST',
  // Reviewers working together: a decision on a colleague's check, an assignment to a non-reviewer.
  'CHECK_HELD_BY_OTHER',
  'ASSIGNEE_NOT_REVIEWER',
  'ACTION_NOT_ALLOWED',
  'REASON_REQUIRED',
  'TEST_ENVIRONMENT_ONLY',
  'INVALID_INVOICE_NUMBER',
  // The reviewers' session tokens.
  'TOKEN_NOT_REQUESTED',
  'TOKEN_NOT_CANCELLABLE',
  // The administrators' users.
  'USER_EMAIL_TAKEN',
  ...USER_RULE_CODES,
  // Test runs, typed or imported.
  'TEST_RUN_EXISTS',
  'UNKNOWN_COMPANY',
  'ERROR_CODE_REQUIRED',
  'ERROR_CODE_NOT_ALLOWED',
  'EXECUTED_IN_FUTURE',
  'CSV_EMPTY',
  'CSV_COLUMNS_MISSING',
  'TOO_MANY_LINES',
  // Disclaimer contents and their acceptance.
  'DISCLAIMER_OUTDATED',
  'DISCLAIMER_DRAFT_EXISTS',
  'DISCLAIMER_NOT_DRAFT',
  'DISCLAIMER_TICKBOXES_INVALID',
  // The administrators' gateways and tooltips (apps/api modules/gateways, tooltips).
  'GATEWAY_NAME_TAKEN',
  'GATEWAY_IN_USE',
  'TOOLTIP_KEY_TAKEN',
  // Stored files, and upload bodies that are not the one form expected (apps/api storage/).
  'FILE_IN_USE',
  'STORAGE_QUOTA_EXCEEDED',
  'INVALID_MULTIPART',
  'TOO_MANY_FILES',
  'TOO_MANY_FIELDS',
  // A company's onboarding steps, its people and session tokens (apps/api modules/onboarding, technical).
  'STEP_LOCKED',
  'ORG_TYPE_LOCKED',
  'TOO_MANY_PEOPLE',
  'MISSING',
  'GATEWAY_NOT_AVAILABLE',
  'TOKEN_ALREADY_REQUESTED',
  'TOKEN_REQUEST_NOT_READY',
  'TOKEN_ALREADY_SHOWN',
  'TOKEN_NOT_AVAILABLE',
  'TOKEN_UNREADABLE',
  'INVALID_VAT_NUMBER',
  'INVALID_PRODUCT_CODE',
  'NO_AGREEMENT_TEMPLATE',
  'MAH_DELETION_NOT_ALLOWED',
  'SPOC_ASSISTANT_EXISTS',
  'ALREADY_A_PERSON',
  'ACCESS_WITHDRAWN_BY_PORTAL',
  'OWN_ACCOUNT',
  'ACCESS_NOT_CHANGEABLE',
  // The list query's codes (packages/list-query): parsing, then a field the resource does not declare.
  ...LIST_QUERY_ERROR_CODES,
  'UNKNOWN_FIELD',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

/** Whether the SPA's catalogue has an entry for this code. */
export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && KNOWN.has(code);
