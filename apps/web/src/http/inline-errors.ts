import { useTranslation } from 'react-i18next';
import { useEnvironment } from '../config/environment-context';
import { isOnline } from './connectivity';
import { resolveHttpError } from './error-catalogue';
import { HttpError } from './http-client';

/** A failed call as a form shows it: the messages beside the form, and the fields the API named. */
export interface InlineErrors {
  messages: string[];
  /** Each field the API refused (400 INVALID_FIELD entries), by its path in the body: a.b.0.c. */
  fields: { field: string; message: string }[];
}

/** The `{ field, message }` entries of a validation answer (apps/api plugins/errors.ts). */
export function fieldEntries(error: unknown): InlineErrors['fields'] {
  if (!(error instanceof HttpError) || error.status !== 400) return [];
  const entries: unknown[] = Array.isArray(error.body) ? error.body : [error.body];
  return entries.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { field, message } = entry as { field?: unknown; message?: unknown };
    return typeof field === 'string' && field !== '' && typeof message === 'string'
      ? [{ field, message }]
      : [];
  });
}

/**
 * The catalogue's messages for a failed call (spec §8), translated, for a form that shows them itself
 * (modal/form-dialog.tsx) instead of in a toast.
 */
export function useInlineErrors(): (error: unknown) => InlineErrors {
  const { t, i18n } = useTranslation();
  const { production } = useEnvironment();
  return (error) => {
    const resolved = resolveHttpError(error, {
      online: isOnline(),
      production,
      hasTranslation: (key) => i18n.exists(key),
    });
    const messages = resolved
      .filter((entry) => entry.actions.includes('SHOW_ERROR'))
      .map((entry) => (entry.translatable ? t(entry.message, entry.values) : entry.message));
    return { messages: [...new Set(messages)], fields: fieldEntries(error) };
  };
}
