import type { FilePurpose } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { allowedExtensions, BYTES_PER_MB, maxSizeMbOf } from '../../../forms/check-files';
import { FileInput } from '../../../forms/file-input';
import { useFileDownloads } from '../../../http/stored-file-download';
import { formatFileSize } from '../../../i18n/file-size';
import { StoredFileLink, type StoredFileSummary } from '../../../ui/stored-file-link';
import { named } from './company-fields';
import styles from './onboarding.module.css';

/**
 * A step's document: the stored file as a download link, and a file input for a new one (the purpose's
 * extensions and size limit, as the API enforces them), uploaded right after the draft is saved.
 */
export function StepFileField({
  name,
  purpose,
  current,
  disabled,
  tooltipKey,
  texts,
}: {
  name: string;
  purpose: FilePurpose;
  current: StoredFileSummary | null;
  disabled: boolean;
  tooltipKey?: string;
  /** `none`: what the step says before any file; left out where the step lists its files below. */
  texts: { current: string; none?: string; label: string; replace: string; help?: string };
}) {
  const { t, i18n } = useTranslation();
  const downloads = useFileDownloads();
  const maxSizeMb = maxSizeMbOf(purpose, undefined) ?? 0;
  const help =
    texts.help ??
    t('external.onboarding.files.help', {
      extensions: allowedExtensions(purpose).join(', '),
      maxSize: formatFileSize(maxSizeMb * BYTES_PER_MB, i18n.language),
    });
  return (
    <div className={styles.copyOfProof}>
      {(current || texts.none) && (
        <p className={styles.currentFile}>
          {texts.current} {current ? <StoredFileLink file={current} downloads={downloads} /> : texts.none}
        </p>
      )}
      <FileInput
        {...named(name)}
        label={current ? texts.replace : texts.label}
        tooltipKey={tooltipKey}
        accept={purpose}
        description={help}
        disabled={disabled}
        // A stored file counts for the submission: a new one only replaces it.
        {...(current ? { requiredToSubmit: false } : {})}
      />
    </div>
  );
}
