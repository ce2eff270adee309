/**
 * The stable error codes of the rule functions (`decide`, `moveStage`). The API answers them as the error
 * body's code and the SPA looks them up in its catalogue, so they never change once published.
 */
export const DOMAIN_ERROR_CODES = [
  'ACTION_NOT_ALLOWED',
  'ROLE_NOT_ALLOWED',
  'REASON_REQUIRED',
  'ACTOR_REQUIRED',
  'TEST_ENVIRONMENT_ONLY',
  'TOP_UP_NOT_REQUIRED',
  'INVALID_MAH_COUNT',
  'INVALID_DATE',
  'RESUME_STAGE_REQUIRED',
  'INVALID_INVOICE_NUMBER',
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** A refused rule: never thrown, returned, so the API and the SPA handle it the same way. */
export interface Failure {
  ok: false;
  code: DomainErrorCode;
  message: string;
}

export const fail = (code: DomainErrorCode, message: string): Failure => ({ ok: false, code, message });

/** A reason counts only when it has a visible character (domain.md: a reason is required). */
export function cleanReason(reason: string | null | undefined): string | null {
  const trimmed = reason?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

export const isValidDate = (date: Date): boolean => !Number.isNaN(date.getTime());
