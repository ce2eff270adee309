/**
 * The one error the API throws on purpose. The central handler (plugins/errors.ts) turns it into the body
 * the SPA's error catalogue (spec §8) reads: `{ code, message }`, or a list of them.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details: ErrorEntry[] | undefined;

  constructor(statusCode: number, code: string, message: string, details?: ErrorEntry[]) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
  }
}

export interface ErrorEntry {
  code: string;
  message: string;
  /** The request field at fault, for validation errors. */
  field?: string;
  /** Values the SPA puts into the code's message (such as who decided a check first). */
  values?: Record<string, string>;
}

/** A domain rule's refusal (packages/domain: CompanyRefusal, AdminRefusal, …): its status, code and message. */
type Refusal = { status: number; code: string; message: string };

/** A domain rule's refusal thrown as the API's error. */
export const refusalError = ({ status, code, message }: Refusal) => new ApiError(status, code, message);

/** Throws a domain rule's refusal; none passes. */
export function refuse(refusal: Refusal | null | undefined): void {
  if (refusal) throw refusalError(refusal);
}

export const badRequest = (code: string, message: string) => new ApiError(400, code, message);
export const notFound = (message = 'Not found') => new ApiError(404, 'NOT_FOUND', message);
/** domain.md: a stale version answers 409, so two people never overwrite each other's change. */
export const versionConflict = () =>
  new ApiError(409, 'VERSION_CONFLICT', 'Someone else changed this record; reload it and try again');
