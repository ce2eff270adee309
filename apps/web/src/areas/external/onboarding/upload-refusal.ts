import { useTranslation } from 'react-i18next';
import { useInlineErrors } from '../../../http/inline-errors';
import { toast } from '../../../toast/toast';

/**
 * Issue 23 item 5: a file the API refused (its type, its content, its size) after the step's draft was
 * saved: one toast that names the file, says why (the catalogue's words, spec §8) and that the rest of the
 * step was saved. The upload's mutation carries INLINE_ERRORS, so the app's handler adds no generic toast
 * (and still runs the session's actions).
 */
export function useUploadRefusal(): (file: File, error: unknown) => void {
  const { t } = useTranslation();
  const inlineErrors = useInlineErrors();
  return (file, error) => {
    const reason = inlineErrors(error).messages.join(' ');
    toast.error(t('external.onboarding.files.refused', { name: file.name, reason }));
  };
}
