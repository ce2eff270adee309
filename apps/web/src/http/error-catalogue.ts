import { type ErrorCode, REGISTRATION_COMPLETED_TEXT } from '@portal/contracts';
import { tk } from '../i18n/i18n';
import { HttpError } from './http-client';

/** What the error handler does for an error (spec §8). */
export type Action =
  | 'SHOW_ERROR'
  | 'CLOSE_MODAL'
  | 'LOGOUT_AND_GO_ROOT'
  | 'GO_BACK'
  | 'GO_UNAVAILABLE'
  | 'DO_NOTHING';

export interface CatalogueEntry {
  /** A key under errors.back, or, when `translatable` is false, the text itself. */
  messageKey: string;
  actions: readonly Action[];
  /** spec §8: message keys are prefixed errors.back unless marked not translatable. Default true. */
  translatable?: boolean;
}

export type ErrorCatalogue = Readonly<Record<string, CatalogueEntry>>;

const SHOW: readonly Action[] = ['SHOW_ERROR'];
const show = (messageKey: string): CatalogueEntry => ({ messageKey, actions: SHOW });

/** spec §8 "registration status is completed": a server text, not a code, that has its own message. */
export { REGISTRATION_COMPLETED_TEXT };

/**
 * spec §8, the error catalogue: code (or server text) → message key and actions. Exactly one entry per code
 * of the shared list (contracts ERROR_CODES, which the API's tests hold its answers to) and the server text.
 */
export const ERROR_CATALOGUE: ErrorCatalogue = {
  DEFAULT_ERROR: show('DEFAULT_ERROR'),
  '000': show('000'),
  DO_NOTHING: { messageKey: 'DO_NOTHING', actions: ['DO_NOTHING'] },
  ERR_AUTHENTICATION: {
    messageKey: 'ERR_AUTHENTICATION',
    actions: ['SHOW_ERROR', 'CLOSE_MODAL', 'LOGOUT_AND_GO_ROOT'],
  },
  UNAUTHORIZED: { messageKey: 'UNAUTHORIZED', actions: ['SHOW_ERROR', 'CLOSE_MODAL', 'LOGOUT_AND_GO_ROOT'] },
  FORBIDDEN: { messageKey: 'FORBIDDEN', actions: ['SHOW_ERROR', 'CLOSE_MODAL', 'GO_BACK'] },
  // A 403 because the user was disabled or revoked meanwhile (apps/api plugins/auth.ts):
  // every call would fail, so the user is signed out with a message that says so.
  ACCESS_WITHDRAWN: {
    messageKey: 'ACCESS_WITHDRAWN',
    actions: ['SHOW_ERROR', 'CLOSE_MODAL', 'LOGOUT_AND_GO_ROOT'],
  },
  NOT_FOUND: show('NOT_FOUND'),
  SERVICE_UNAVAILABLE: {
    messageKey: 'SERVICE_UNAVAILABLE',
    actions: ['SHOW_ERROR', 'CLOSE_MODAL', 'GO_UNAVAILABLE'],
  },
  '111': show('INVALID_FILE'),
  '112': show('INVALID_FILE'),
  '105': show('INVALID_CONFIRM_ACCOUNT'),
  '301': show('INVALID_CONFIRM_ACCOUNT'),
  '405': show('INVALID_CONFIRM_ACCOUNT'),
  INVITATION_WITHDRAWN: show('INVITATION_WITHDRAWN'),
  [REGISTRATION_COMPLETED_TEXT]: show('INVALID_RESEND_CONFIRMATION_EMAIL'),
  // spec §8 "401 with ERR_BAD_CREDENTIALS shows that code": a failed sign-in, so no log-out.
  ERR_BAD_CREDENTIALS: show('ERR_BAD_CREDENTIALS'),
  // spec §4: the first error while offline.
  OFFLINE: show('OFFLINE'),
  // The API's other codes (apps/api/src/plugins/errors.ts, http/api-error.ts, list/).
  VERSION_CONFLICT: show('VERSION_CONFLICT'),
  INVALID_FIELD: show('INVALID_FIELD'),
  INVALID_JSON: show('INVALID_JSON'),
  BAD_REQUEST: show('BAD_REQUEST'),
  TOO_MANY_REQUESTS: show('TOO_MANY_REQUESTS'),
  UNSUPPORTED_MEDIA_TYPE: show('UNSUPPORTED_MEDIA_TYPE'),
  FILE_TOO_LARGE: show('FILE_TOO_LARGE'),
  // The reviewers' decisions (packages/domain result.ts, contracts reviews.ts).
  CHECK_DECIDED_FIRST: show('CHECK_DECIDED_FIRST'),
  CHECK_HELD_BY_OTHER: show('CHECK_HELD_BY_OTHER'),
  ASSIGNEE_NOT_REVIEWER: show('ASSIGNEE_NOT_REVIEWER'),
  ACTION_NOT_ALLOWED: show('ACTION_NOT_ALLOWED'),
  REASON_REQUIRED: show('REASON_REQUIRED'),
  TEST_ENVIRONMENT_ONLY: show('TEST_ENVIRONMENT_ONLY'),
  INVALID_INVOICE_NUMBER: show('INVALID_INVOICE_NUMBER'),
  // The reviewers' session tokens (apps/api modules/session-tokens).
  TOKEN_NOT_REQUESTED: show('TOKEN_NOT_REQUESTED'),
  TOKEN_NOT_CANCELLABLE: show('TOKEN_NOT_CANCELLABLE'),
  // The administrators' users (apps/api modules/users, packages/domain users.ts).
  USER_EMAIL_TAKEN: show('USER_EMAIL_TAKEN'),
  SELF_DISABLE: show('SELF_DISABLE'),
  SELF_DEMOTION: show('SELF_DEMOTION'),
  LAST_ADMIN: show('LAST_ADMIN'),
  ROLE_INTERNAL_ONLY: show('ROLE_INTERNAL_ONLY'),
  ACCESS_EXTERNAL_ONLY: show('ACCESS_EXTERNAL_ONLY'),
  USER_NOT_DISABLED: show('USER_NOT_DISABLED'),
  // Test runs, typed or imported (apps/api modules/test-runs, contracts test-runs.ts, domain technical.ts).
  TEST_RUN_EXISTS: show('TEST_RUN_EXISTS'),
  UNKNOWN_COMPANY: show('UNKNOWN_COMPANY'),
  ERROR_CODE_REQUIRED: show('ERROR_CODE_REQUIRED'),
  ERROR_CODE_NOT_ALLOWED: show('ERROR_CODE_NOT_ALLOWED'),
  EXECUTED_IN_FUTURE: show('EXECUTED_IN_FUTURE'),
  CSV_EMPTY: show('CSV_EMPTY'),
  CSV_COLUMNS_MISSING: show('CSV_COLUMNS_MISSING'),
  TOO_MANY_LINES: show('TOO_MANY_LINES'),
  // Disclaimer contents and their acceptance.
  DISCLAIMER_OUTDATED: show('DISCLAIMER_OUTDATED'),
  DISCLAIMER_DRAFT_EXISTS: show('DISCLAIMER_DRAFT_EXISTS'),
  DISCLAIMER_NOT_DRAFT: show('DISCLAIMER_NOT_DRAFT'),
  DISCLAIMER_TICKBOXES_INVALID: show('DISCLAIMER_TICKBOXES_INVALID'),
  // The administrators' gateways and tooltips (apps/api modules/gateways, tooltips).
  GATEWAY_NAME_TAKEN: show('GATEWAY_NAME_TAKEN'),
  GATEWAY_IN_USE: show('GATEWAY_IN_USE'),
  TOOLTIP_KEY_TAKEN: show('TOOLTIP_KEY_TAKEN'),
  // Stored files (apps/api modules/storage-admin), and upload bodies not the form expected.
  FILE_IN_USE: show('FILE_IN_USE'),
  // The company's stored files would pass its quota (413, with the MB used and the limit).
  STORAGE_QUOTA_EXCEEDED: show('STORAGE_QUOTA_EXCEEDED'),
  INVALID_MULTIPART: show('INVALID_MULTIPART'),
  TOO_MANY_FILES: show('TOO_MANY_FILES'),
  TOO_MANY_FIELDS: show('TOO_MANY_FIELDS'),
  // A company's onboarding steps, its people and session tokens (apps/api modules/onboarding, technical).
  STEP_LOCKED: show('STEP_LOCKED'),
  ORG_TYPE_LOCKED: show('ORG_TYPE_LOCKED'),
  TOO_MANY_PEOPLE: show('TOO_MANY_PEOPLE'),
  MISSING: show('MISSING'),
  GATEWAY_NOT_AVAILABLE: show('GATEWAY_NOT_AVAILABLE'),
  TOKEN_ALREADY_REQUESTED: show('TOKEN_ALREADY_REQUESTED'),
  TOKEN_REQUEST_NOT_READY: show('TOKEN_REQUEST_NOT_READY'),
  TOKEN_ALREADY_SHOWN: show('TOKEN_ALREADY_SHOWN'),
  TOKEN_NOT_AVAILABLE: show('TOKEN_NOT_AVAILABLE'),
  TOKEN_UNREADABLE: show('TOKEN_UNREADABLE'),
  INVALID_VAT_NUMBER: show('INVALID_VAT_NUMBER'),
  INVALID_PRODUCT_CODE: show('INVALID_PRODUCT_CODE'),
  NO_AGREEMENT_TEMPLATE: show('NO_AGREEMENT_TEMPLATE'),
  MAH_DELETION_NOT_ALLOWED: show('MAH_DELETION_NOT_ALLOWED'),
  SPOC_ASSISTANT_EXISTS: show('SPOC_ASSISTANT_EXISTS'),
  ALREADY_A_PERSON: show('ALREADY_A_PERSON'),
  ACCESS_WITHDRAWN_BY_PORTAL: show('ACCESS_WITHDRAWN_BY_PORTAL'),
  OWN_ACCOUNT: show('OWN_ACCOUNT'),
  ACCESS_NOT_CHANGEABLE: show('ACCESS_NOT_CHANGEABLE'),
  // The list query's codes (packages/list-query, spec §3).
  INVALID_PAGE: show('INVALID_PAGE'),
  INVALID_LIMIT: show('INVALID_LIMIT'),
  INVALID_ORDER: show('INVALID_ORDER'),
  INVALID_FILTER_TYPE: show('INVALID_FILTER_TYPE'),
  INVALID_VALUE: show('INVALID_VALUE'),
  INVALID_KEY: show('INVALID_KEY'),
  UNKNOWN_FIELD: show('UNKNOWN_FIELD'),
} satisfies Record<ErrorCode | typeof REGISTRATION_COMPLETED_TEXT, CatalogueEntry>;

/** spec §8: message keys are prefixed errors.back. */
export const MESSAGE_KEY_PREFIX = 'errors.back.';
/** spec §8: outside production, an unknown code without a translation shows this text with the code. */
export const DEBUG_MESSAGE_KEY = tk('errors.debug');
/** spec §8: the code shown in the debug text is cut to 100 characters. */
export const DEBUG_CODE_LENGTH = 100;

export interface ResolvedError {
  /** A translation key, or the text itself when `translatable` is false. */
  message: string;
  translatable: boolean;
  actions: Action[];
  /** Interpolation values of the message (the debug text's code). */
  values?: Record<string, string>;
}

export interface ResolveContext {
  online: boolean;
  production: boolean;
  hasTranslation(key: string): boolean;
  /** The catalogue to read; ERROR_CATALOGUE unless a test brings its own. */
  catalogue?: ErrorCatalogue;
}

/**
 * fetch's TypeError when the request got no answer at all (Chrome "Failed to fetch", Firefox "NetworkError
 * when attempting to fetch resource.", Safari "Load failed"), told apart from a TypeError of a bug.
 */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/** A request the app itself cancelled (navigation, unmount): nothing to tell the user. */
function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The code of one error entry of a body. A text body is its own code (a server text); in an object, a
 * `message` the catalogue knows (a server text again) wins over the `code`.
 */
function codeOf(entry: unknown, catalogue: ErrorCatalogue): string | undefined {
  if (typeof entry === 'string') return entry.trim() || undefined;
  if (typeof entry === 'number') return String(entry);
  if (!isRecord(entry)) return undefined;
  const { code, message } = entry;
  if (typeof message === 'string' && Object.hasOwn(catalogue, message)) return message;
  if (typeof code === 'string' && code) return code;
  if (typeof code === 'number') return String(code);
  return undefined;
}

/**
 * The interpolation values an entry brings for its message (such as who decided a check first): only
 * string values, so a body can never inject markup or objects into a translation.
 */
function valuesOf(entry: unknown): Record<string, string> | undefined {
  if (!isRecord(entry) || !isRecord(entry.values)) return undefined;
  const values = Object.entries(entry.values).filter(
    (pair): pair is [string, string] => typeof pair[1] === 'string',
  );
  return values.length > 0 ? Object.fromEntries(values) : undefined;
}

/** A code can be looked up under errors.back only if it holds no key or namespace separator. */
const KEY_SAFE = /^[\w-]+$/;

/**
 * spec §8, the HTTP handling: turns a failed call into the messages to show and the actions to take.
 * Pure: whether an offline message was already shown lives in connectivity.ts, and the error handler
 * asks it before calling this.
 */
export function resolveHttpError(error: unknown, context: ResolveContext): ResolvedError[] {
  const catalogue = context.catalogue ?? ERROR_CATALOGUE;

  const fromCatalogue = (entry: CatalogueEntry): ResolvedError => {
    const translatable = entry.translatable ?? true;
    return {
      message: translatable ? `${MESSAGE_KEY_PREFIX}${entry.messageKey}` : entry.messageKey,
      translatable,
      actions: [...entry.actions],
    };
  };

  const byCode = (code: string): ResolvedError => {
    const entry = Object.hasOwn(catalogue, code) ? catalogue[code] : undefined;
    if (entry) return fromCatalogue(entry);
    // spec §8: an unknown code with a translation shows it.
    const key = `${MESSAGE_KEY_PREFIX}${code}`;
    if (KEY_SAFE.test(code) && context.hasTranslation(key)) {
      return { message: key, translatable: true, actions: ['SHOW_ERROR'] };
    }
    // spec §8: without one, debug text with the code cut to 100 characters outside production...
    if (!context.production) {
      return {
        message: DEBUG_MESSAGE_KEY,
        translatable: true,
        actions: ['SHOW_ERROR'],
        values: { code: code.slice(0, DEBUG_CODE_LENGTH) },
      };
    }
    // ...and DEFAULT_ERROR in production.
    return byCode('DEFAULT_ERROR');
  };

  if (isAbort(error)) return [];
  // spec §8 and §4: offline shows OFFLINE, whatever the call.
  if (!context.online) return [byCode('OFFLINE')];
  // No answer at all, although the browser says it is online: status 0, the catalogue's 000.
  if (!(error instanceof HttpError)) return [byCode(isNetworkFailure(error) ? '000' : 'DEFAULT_ERROR')];

  const { status, body } = error;
  const first = Array.isArray(body) ? body[0] : body;
  switch (status) {
    case 401: {
      // spec §8: 401 with ERR_BAD_CREDENTIALS or ERR_AUTHENTICATION shows that code; other 401 UNAUTHORIZED.
      const code = codeOf(first, catalogue);
      return [
        byCode(code === 'ERR_BAD_CREDENTIALS' || code === 'ERR_AUTHENTICATION' ? code : 'UNAUTHORIZED'),
      ];
    }
    case 403:
      // spec §8 "403 FORBIDDEN"; the one other 403, a withdrawn access, signs the user out.
      return [byCode(codeOf(first, catalogue) === 'ACCESS_WITHDRAWN' ? 'ACCESS_WITHDRAWN' : 'FORBIDDEN')];
    case 404:
      return [byCode('NOT_FOUND')];
    case 413: {
      // spec §8: 413 is FILE_TOO_LARGE, whatever the body (a proxy's page too); the one other 413 the API
      // answers, a company's full storage, shows its own message with the MB it names.
      if (codeOf(first, catalogue) !== 'STORAGE_QUOTA_EXCEEDED') return [byCode('FILE_TOO_LARGE')];
      const values = valuesOf(first);
      return [{ ...byCode('STORAGE_QUOTA_EXCEEDED'), ...(values ? { values } : {}) }];
    }
    case 503:
      return [byCode('SERVICE_UNAVAILABLE')];
  }
  // spec §8: a list body shows each entry...
  const resolveEntry = (entry: unknown): ResolvedError => {
    const resolved = byCode(codeOf(entry, catalogue) ?? 'DEFAULT_ERROR');
    const values = valuesOf(entry);
    return values && !resolved.values ? { ...resolved, values } : resolved;
  };
  if (Array.isArray(body) && body.length > 0) return body.map(resolveEntry);
  // ...otherwise the body error, falling back to DEFAULT_ERROR.
  return [resolveEntry(body)];
}
