import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { fieldEntries } from '../http/inline-errors';
import { toast } from '../toast/toast';

/** The fields on screen, as the form's registry knows them (form.tsx FieldRegistry). */
interface FieldsOnScreen {
  fieldOf(path: string): string | undefined;
}

/**
 * The `{ field, message }` entries of a 400 (apps/api plugins/errors.ts, mock mode the
 * same), each on its field when the field is on screen (the field itself or the nearest one holding the
 * path: `mahs.0.products` for `mahs.0.products.1.name`), with the API's words; the first is focused. An
 * entry no field on screen can show is said in a toast. Returns whether the answer named any field.
 */
export function markFieldErrors<TValues extends FieldValues>(
  form: Pick<UseFormReturn<TValues>, 'setError' | 'setFocus'>,
  fields: FieldsOnScreen,
  error: unknown,
): boolean {
  const entries = fieldEntries(error);
  if (entries.length === 0) return false;
  const marked: string[] = [];
  for (const { field, message } of entries) {
    const name = fields.fieldOf(field);
    if (!name) {
      toast.error(message, { toastId: `error:${message}` });
      continue;
    }
    if (marked.includes(name)) continue;
    marked.push(name);
    form.setError(name as Path<TValues>, { type: 'server', message });
  }
  const first = marked[0];
  if (first) form.setFocus(first as Path<TValues>, { shouldSelect: false });
  return true;
}
