import { type CheckedListRequest, checkListRequest, type ListResource } from '@portal/list-query';
import { badRequest } from './api-error.js';

export type { ListField, ListResource } from '@portal/list-query';
export type ListRequest = CheckedListRequest;

/**
 * Parses query params (spec §7) and checks every field, operator, value and order key against the
 * resource's declaration (packages/contracts lists.ts); a request it cannot run answers 400 with its code.
 */
export function parseListRequest(
  params: Record<string, string | string[] | undefined>,
  resource: ListResource,
): ListRequest {
  const checked = checkListRequest(params, resource);
  if (!checked.ok) throw badRequest(checked.error.code, checked.error.message);
  return checked.value;
}
