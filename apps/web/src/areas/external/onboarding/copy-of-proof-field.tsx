import type { Onboarding } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { allowedExtensions, BYTES_PER_MB, formatFileSize, maxSizeMbOf } from '../../../forms/check-files';
import { FileInput } from '../../../forms/file-input';
import { named, tooltipOf } from './company-fields';
import styles from './onboarding.module.css';
import { StoredFileLink } from './stored-file-link';

const PURPOSE = 'COPY_OF_PROOF';

/**
 * The authorised representative's copy of proof: the stored file as a download link with its size, and a
 * file input for a new one (the purpose's extensions and size limit, as the API enforces them), uploaded
 * right after the draft is saved.
 */
export function CopyOfProofField({
  current,
  disabled,
}: {
  current: Onboarding['authorisedRepresentative']['copyOfProof'];
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const maxSizeMb = maxSizeMbOf(PURPOSE, undefined) ?? 0;
  const help = t('external.onboarding.contacts.copyOfProofHelp', {
    extensions: allowedExtensions(PURPOSE).join(', '),
    maxSize: formatFileSize(maxSizeMb * BYTES_PER_MB, i18n.language),
  });
  return (
    <div className={styles.copyOfProof}>
      <p className={styles.currentFile}>
        {t('external.onboarding.contacts.currentCopyOfProof')}{' '}
        {current ? <StoredFileLink file={current} /> : t('external.onboarding.contacts.noCopyOfProof')}
      </p>
      <FileInput
        {...named('authorisedRepresentative.copyOfProof')}
        label={t(
          current
            ? 'external.onboarding.contacts.replaceCopyOfProof'
            : 'external.onboarding.contacts.copyOfProof',
        )}
        tooltipKey={tooltipOf('contact', 'copyOfProof')}
        accept={PURPOSE}
        description={help}
        disabled={disabled}
      />
    </div>
  );
}
