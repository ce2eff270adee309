import { useEffect, useRef } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useInlineErrors } from '../../../http/inline-errors';

/**
 * A file the API refused (its type, its content, its size) is said on the file's field, as a file the
 * browser refuses already is (forms/file-input.tsx), naming the file and why (the catalogue's words, spec
 * §8), and the focus goes there to choose another. A step's upload comes after its draft was saved: the
 * message says the rest was saved (`afterDraft`). The upload's mutation carries INLINE_ERRORS, so the app's
 * handler adds no toast (and still runs the session's actions).
 */
export function useUploadRefusal<TValues extends FieldValues>(
  form: Pick<UseFormReturn<TValues>, 'setError' | 'setFocus'>,
  { afterDraft = true }: { afterDraft?: boolean } = {},
): (field: Path<TValues>, file: File, error: unknown) => void {
  const { t } = useTranslation();
  const inlineErrors = useInlineErrors();
  const toFocus = useRef<Path<TValues> | null>(null);
  useEffect(() => {
    const field = toFocus.current;
    if (!field) return;
    // The step's fields are disabled while its call runs: the focus goes once the field takes it again.
    form.setFocus(field);
    if (document.activeElement?.getAttribute('name') === field) toFocus.current = null;
  });
  return (field, file, error) => {
    const reason = inlineErrors(error).messages.join(' ');
    const key = afterDraft ? 'external.onboarding.files.refused' : 'external.onboarding.files.refusedAlone';
    form.setError(field, { type: 'server', message: t(key, { name: file.name, reason }) });
    toFocus.current = field;
  };
}
