import { tooltipsApi } from '@portal/contracts';
import { useApiQuery } from '../http/api-hooks';
import { SILENT_ERRORS } from '../http/error-handler';

export type TooltipTexts = Readonly<Record<string, string>>;

/** Keeps the string entries only: a tooltip is text, whatever else an answer holds. */
function toTooltipTexts(body: unknown): TooltipTexts {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * The active tooltips, loaded once per visit (an admin's edit shows after a reload). A form works without
 * them: a failure shows no toast and no tooltip icon.
 */
export function useTooltips() {
  return useApiQuery(
    tooltipsApi.active,
    {},
    { select: toTooltipTexts, staleTime: Number.POSITIVE_INFINITY, meta: SILENT_ERRORS },
  );
}

/** The text of one tooltip; undefined while loading, when the key is unknown or the call failed. */
export function useTooltipText(key: string): string | undefined {
  const { data } = useTooltips();
  const text = data?.[key];
  return text?.trim() ? text : undefined;
}
