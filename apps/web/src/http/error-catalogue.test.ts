import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  ERROR_CATALOGUE,
  type ErrorCatalogue,
  REGISTRATION_COMPLETED_TEXT,
  type ResolveContext,
  type ResolvedError,
  resolveHttpError,
} from './error-catalogue';
import { HttpError } from './http-client';

const en: unknown = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../public/assets/i18n/en.json'), 'utf8'),
);

function translation(key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) => (typeof node === 'object' && node !== null ? Reflect.get(node, part) : undefined),
      en,
    );
}

const SHOW: Action[] = ['SHOW_ERROR'];
const LOG_OUT: Action[] = ['SHOW_ERROR', 'CLOSE_MODAL', 'LOGOUT_AND_GO_ROOT'];

describe('the error catalogue, row by row (spec §8)', () => {
  const rows: Array<{ row: string; codes: string[]; messageKey: string; actions: Action[] }> = [
    { row: 'DEFAULT_ERROR, 000: show error', codes: ['DEFAULT_ERROR', '000'], messageKey: '', actions: SHOW },
    { row: 'DO_NOTHING: nothing', codes: ['DO_NOTHING'], messageKey: 'DO_NOTHING', actions: ['DO_NOTHING'] },
    {
      row: 'ERR_AUTHENTICATION, UNAUTHORIZED: show error, close modal, log out, go to root',
      codes: ['ERR_AUTHENTICATION', 'UNAUTHORIZED'],
      messageKey: '',
      actions: LOG_OUT,
    },
    {
      row: 'FORBIDDEN: show error, close modal, go back',
      codes: ['FORBIDDEN'],
      messageKey: 'FORBIDDEN',
      actions: ['SHOW_ERROR', 'CLOSE_MODAL', 'GO_BACK'],
    },
    {
      row: 'ACCESS_WITHDRAWN: show error, close modal, log out, go to root',
      codes: ['ACCESS_WITHDRAWN'],
      messageKey: 'ACCESS_WITHDRAWN',
      actions: LOG_OUT,
    },
    { row: 'NOT_FOUND: show error', codes: ['NOT_FOUND'], messageKey: 'NOT_FOUND', actions: SHOW },
    {
      row: 'SERVICE_UNAVAILABLE: show error, close modal, go to unavailable page',
      codes: ['SERVICE_UNAVAILABLE'],
      messageKey: 'SERVICE_UNAVAILABLE',
      actions: ['SHOW_ERROR', 'CLOSE_MODAL', 'GO_UNAVAILABLE'],
    },
    { row: '111, 112: INVALID_FILE', codes: ['111', '112'], messageKey: 'INVALID_FILE', actions: SHOW },
    {
      row: '105, 301, 405: INVALID_CONFIRM_ACCOUNT',
      codes: ['105', '301', '405'],
      messageKey: 'INVALID_CONFIRM_ACCOUNT',
      actions: SHOW,
    },
    {
      row: 'INVITATION_WITHDRAWN: show error',
      codes: ['INVITATION_WITHDRAWN'],
      messageKey: 'INVITATION_WITHDRAWN',
      actions: SHOW,
    },
    {
      row: "server text 'Unable to process: registration status is completed': INVALID_RESEND_CONFIRMATION_EMAIL",
      codes: ['Unable to process: registration status is completed'],
      messageKey: 'INVALID_RESEND_CONFIRMATION_EMAIL',
      actions: SHOW,
    },
    {
      row: 'ERR_BAD_CREDENTIALS (spec §8 401 rule): show error',
      codes: ['ERR_BAD_CREDENTIALS'],
      messageKey: 'ERR_BAD_CREDENTIALS',
      actions: SHOW,
    },
    { row: 'OFFLINE (spec §4): show error', codes: ['OFFLINE'], messageKey: 'OFFLINE', actions: SHOW },
    {
      row: "the API's other codes: show error",
      codes: [
        'VERSION_CONFLICT',
        'INVALID_FIELD',
        'INVALID_JSON',
        'BAD_REQUEST',
        'TOO_MANY_REQUESTS',
        'UNSUPPORTED_MEDIA_TYPE',
        'FILE_TOO_LARGE',
      ],
      messageKey: '',
      actions: SHOW,
    },
    {
      row: "the list query's codes: show error",
      codes: [
        'INVALID_PAGE',
        'INVALID_LIMIT',
        'INVALID_ORDER',
        'INVALID_FILTER_TYPE',
        'INVALID_VALUE',
        'INVALID_KEY',
        'UNKNOWN_FIELD',
      ],
      messageKey: '',
      actions: SHOW,
    },
    {
      row: "the reviewers' decisions: show error",
      codes: [
        'CHECK_DECIDED_FIRST',
        'CHECK_HELD_BY_OTHER',
        'ASSIGNEE_NOT_REVIEWER',
        'ACTION_NOT_ALLOWED',
        'REASON_REQUIRED',
        'TEST_ENVIRONMENT_ONLY',
        'INVALID_INVOICE_NUMBER',
      ],
      messageKey: '',
      actions: SHOW,
    },
    {
      row: "the reviewers' session tokens: show error",
      codes: ['TOKEN_NOT_REQUESTED', 'TOKEN_NOT_CANCELLABLE'],
      messageKey: '',
      actions: SHOW,
    },
    {
      row: "the administrators' users: show error",
      codes: [
        'USER_EMAIL_TAKEN',
        'SELF_DISABLE',
        'SELF_DEMOTION',
        'LAST_ADMIN',
        'ROLE_INTERNAL_ONLY',
        'ACCESS_EXTERNAL_ONLY',
        'USER_NOT_DISABLED',
      ],
      messageKey: '',
      actions: SHOW,
    },
    {
      row: 'test runs, typed or imported: show error',
      codes: [
        'TEST_RUN_EXISTS',
        'UNKNOWN_COMPANY',
        'ERROR_CODE_REQUIRED',
        'ERROR_CODE_NOT_ALLOWED',
        'EXECUTED_IN_FUTURE',
        'CSV_EMPTY',
        'CSV_COLUMNS_MISSING',
        'TOO_MANY_LINES',
      ],
      messageKey: '',
      actions: SHOW,
    },
    {
      row: 'disclaimer contents and their acceptance: show error',
      codes: [
        'DISCLAIMER_OUTDATED',
        'DISCLAIMER_DRAFT_EXISTS',
        'DISCLAIMER_NOT_DRAFT',
        'DISCLAIMER_TICKBOXES_INVALID',
      ],
      messageKey: '',
      actions: SHOW,
    },
    {
      row: "the administrators' gateways and tooltips: show error",
      codes: ['GATEWAY_NAME_TAKEN', 'GATEWAY_IN_USE', 'TOOLTIP_KEY_TAKEN'],
      messageKey: '',
      actions: SHOW,
    },
    {
      row: 'stored files, and upload bodies not the form expected: show error',
      codes: [
        'FILE_IN_USE',
        'STORAGE_QUOTA_EXCEEDED',
        'INVALID_MULTIPART',
        'TOO_MANY_FILES',
        'TOO_MANY_FIELDS',
      ],
      messageKey: '',
      actions: SHOW,
    },
    {
      row: "a company's onboarding steps, its people and session tokens: show error",
      codes: [
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
      ],
      messageKey: '',
      actions: SHOW,
    },
  ];

  // messageKey '' means: the code is its own message key.
  it.each(rows)('$row', ({ codes, messageKey, actions }) => {
    for (const code of codes) {
      expect(ERROR_CATALOGUE[code], code).toEqual({ messageKey: messageKey || code, actions });
    }
  });

  it('holds these rows and no others', () => {
    expect(Object.keys(ERROR_CATALOGUE).sort()).toEqual(rows.flatMap((row) => row.codes).sort());
  });

  it('has an English message under errors.back for every message it shows', () => {
    const missing = Object.values(ERROR_CATALOGUE)
      .filter((entry) => entry.actions.includes('SHOW_ERROR') && entry.translatable !== false)
      .map((entry) => `errors.back.${entry.messageKey}`)
      .filter((key) => typeof translation(key) !== 'string');
    expect(missing).toEqual([]);
    expect(translation('errors.debug')).toContain('{{code}}');
  });
});

const online: ResolveContext = { online: true, production: true, hasTranslation: () => false };

const shown = (code: string, actions: Action[] = SHOW): ResolvedError => ({
  message: `errors.back.${code}`,
  translatable: true,
  actions,
});

const body = (code: string | number, message = 'from the API') => ({ code, message });
const LONG_CODE = 'X'.repeat(150);
const notTranslatable: ErrorCatalogue = {
  ...ERROR_CATALOGUE,
  PLAIN: { messageKey: 'Shown as it is', actions: SHOW, translatable: false },
};

describe('HTTP handling, sentence by sentence (spec §8)', () => {
  const sentences: Array<{
    sentence: string;
    error: unknown;
    context?: Partial<ResolveContext>;
    expected: ResolvedError[];
  }> = [
    {
      sentence: 'offline shows OFFLINE (once: see the error handler)',
      error: new TypeError('Failed to fetch'),
      context: { online: false },
      expected: [shown('OFFLINE')],
    },
    {
      sentence: 'offline shows OFFLINE, whatever the answer was',
      error: new HttpError(503, body('SERVICE_UNAVAILABLE')),
      context: { online: false },
      expected: [shown('OFFLINE')],
    },
    {
      sentence: '401 with ERR_BAD_CREDENTIALS shows that code',
      error: new HttpError(401, body('ERR_BAD_CREDENTIALS')),
      expected: [shown('ERR_BAD_CREDENTIALS')],
    },
    {
      sentence: '401 with ERR_AUTHENTICATION shows that code',
      error: new HttpError(401, body('ERR_AUTHENTICATION')),
      expected: [shown('ERR_AUTHENTICATION', LOG_OUT)],
    },
    {
      sentence: 'other 401 shows UNAUTHORIZED',
      error: new HttpError(401, body('SOMETHING_ELSE')),
      expected: [shown('UNAUTHORIZED', LOG_OUT)],
    },
    {
      sentence: 'other 401 shows UNAUTHORIZED, even without a body',
      error: new HttpError(401, undefined),
      expected: [shown('UNAUTHORIZED', LOG_OUT)],
    },
    {
      sentence: '403 FORBIDDEN',
      error: new HttpError(403, body('ANYTHING')),
      expected: [shown('FORBIDDEN', ['SHOW_ERROR', 'CLOSE_MODAL', 'GO_BACK'])],
    },
    {
      sentence: '403 ACCESS_WITHDRAWN: a user disabled or revoked meanwhile is signed out',
      error: new HttpError(403, body('ACCESS_WITHDRAWN')),
      expected: [shown('ACCESS_WITHDRAWN', LOG_OUT)],
    },
    { sentence: '404 NOT_FOUND', error: new HttpError(404, undefined), expected: [shown('NOT_FOUND')] },
    {
      sentence: '413 FILE_TOO_LARGE',
      error: new HttpError(413, '<html>Request Entity Too Large</html>'),
      expected: [shown('FILE_TOO_LARGE')],
    },
    {
      sentence: '413 FILE_TOO_LARGE, whatever code the body names',
      error: new HttpError(413, body('INVALID_FIELD')),
      expected: [shown('FILE_TOO_LARGE')],
    },
    {
      sentence: "413 STORAGE_QUOTA_EXCEEDED: the company's full storage, with the MB used and the limit",
      error: new HttpError(413, [
        { ...body('STORAGE_QUOTA_EXCEEDED'), values: { used: '195.3', limit: '200' } },
      ]),
      expected: [{ ...shown('STORAGE_QUOTA_EXCEEDED'), values: { used: '195.3', limit: '200' } }],
    },
    {
      sentence: '503 SERVICE_UNAVAILABLE',
      error: new HttpError(503, undefined),
      expected: [shown('SERVICE_UNAVAILABLE', ['SHOW_ERROR', 'CLOSE_MODAL', 'GO_UNAVAILABLE'])],
    },
    {
      sentence: 'a list body shows each entry',
      error: new HttpError(400, [body('INVALID_FIELD'), body(111), body('INVALID_VALUE')]),
      expected: [shown('INVALID_FIELD'), shown('INVALID_FILE'), shown('INVALID_VALUE')],
    },
    {
      sentence: 'an entry brings the values of its message, strings only',
      error: new HttpError(409, [
        { ...body('CHECK_DECIDED_FIRST'), values: { actor: 'Rita Reviewer', status: 'approved', n: 1 } },
      ]),
      expected: [{ ...shown('CHECK_DECIDED_FIRST'), values: { actor: 'Rita Reviewer', status: 'approved' } }],
    },
    {
      sentence: 'otherwise the body error',
      error: new HttpError(409, body('VERSION_CONFLICT')),
      expected: [shown('VERSION_CONFLICT')],
    },
    {
      sentence: 'otherwise the body error: a server text the catalogue knows, in the message',
      error: new HttpError(400, body('BAD_REQUEST', REGISTRATION_COMPLETED_TEXT)),
      expected: [shown('INVALID_RESEND_CONFIRMATION_EMAIL')],
    },
    {
      sentence: 'otherwise the body error: a server text the catalogue knows, as the whole body',
      error: new HttpError(400, REGISTRATION_COMPLETED_TEXT),
      expected: [shown('INVALID_RESEND_CONFIRMATION_EMAIL')],
    },
    {
      sentence: 'falling back to DEFAULT_ERROR',
      error: new HttpError(500, undefined),
      expected: [shown('DEFAULT_ERROR')],
    },
    {
      sentence: 'falling back to DEFAULT_ERROR: a body without a code',
      error: new HttpError(400, { message: 'no code here' }),
      expected: [shown('DEFAULT_ERROR')],
    },
    {
      sentence: 'message keys are prefixed errors.back',
      error: new HttpError(400, body(105)),
      expected: [{ message: 'errors.back.INVALID_CONFIRM_ACCOUNT', translatable: true, actions: SHOW }],
    },
    {
      sentence: 'unless marked not translatable',
      error: new HttpError(400, body('PLAIN')),
      context: { catalogue: notTranslatable },
      expected: [{ message: 'Shown as it is', translatable: false, actions: SHOW }],
    },
    {
      sentence: 'unknown code with translation shows it',
      error: new HttpError(400, body('NEW_CODE')),
      context: { hasTranslation: (key) => key === 'errors.back.NEW_CODE' },
      expected: [shown('NEW_CODE')],
    },
    {
      sentence: 'without, shows debug text with the code cut to 100 characters outside production',
      error: new HttpError(400, body(LONG_CODE)),
      context: { production: false },
      expected: [
        { message: 'errors.debug', translatable: true, actions: SHOW, values: { code: 'X'.repeat(100) } },
      ],
    },
    {
      sentence: 'without, DEFAULT_ERROR in production',
      error: new HttpError(400, body('NEW_CODE')),
      context: { production: true },
      expected: [shown('DEFAULT_ERROR')],
    },
    {
      sentence: 'DEFAULT_ERROR, 000: no answer at all while online is 000',
      error: new TypeError('Failed to fetch'),
      expected: [shown('000')],
    },
    {
      sentence: 'DEFAULT_ERROR, 000: an error of the app itself is DEFAULT_ERROR',
      error: new TypeError("Cannot read properties of undefined (reading 'name')"),
      expected: [shown('DEFAULT_ERROR')],
    },
    {
      sentence: 'DO_NOTHING: nothing to show',
      error: new HttpError(400, body('DO_NOTHING')),
      expected: [{ message: 'errors.back.DO_NOTHING', translatable: true, actions: ['DO_NOTHING'] }],
    },
    {
      sentence: 'a call the app cancelled (AbortError) is not an error to show',
      error: new DOMException('The operation was aborted.', 'AbortError'),
      expected: [],
    },
    {
      sentence: 'a call the app cancelled is not an error to show, offline either',
      error: new DOMException('The operation was aborted.', 'AbortError'),
      context: { online: false },
      expected: [],
    },
  ];

  it.each(sentences)('$sentence', ({ error, context, expected }) => {
    expect(resolveHttpError(error, { ...online, ...context })).toEqual(expected);
  });
});
