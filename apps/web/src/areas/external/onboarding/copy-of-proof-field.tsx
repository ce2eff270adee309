import type { Onboarding } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { allowedExtensions, BYTES_PER_MB, maxSizeMbOf } from '../../../forms/check-files';
import { formatFileSize } from '../../../i18n/file-size';
import { tooltipOf } from './company-fields';
import { StepFileField } from './step-file-field';

const PURPOSE = 'COPY_OF_PROOF';

/** The authorised representative's copy of proof (a step file field with its own texts). */
export function CopyOfProofField({
  current,
  disabled,
}: {
  current: Onboarding['authorisedRepresentative']['copyOfProof'];
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const maxSizeMb = maxSizeMbOf(PURPOSE, undefined) ?? 0;
  return (
    <StepFileField
      name="authorisedRepresentative.copyOfProof"
      purpose={PURPOSE}
      current={current}
      disabled={disabled}
      tooltipKey={tooltipOf('contact', 'copyOfProof')}
      texts={{
        current: t('external.onboarding.contacts.currentCopyOfProof'),
        none: t('external.onboarding.contacts.noCopyOfProof'),
        label: t('external.onboarding.contacts.copyOfProof'),
        replace: t('external.onboarding.contacts.replaceCopyOfProof'),
        help: t('external.onboarding.contacts.copyOfProofHelp', {
          extensions: allowedExtensions(PURPOSE).join(', '),
          maxSize: formatFileSize(maxSizeMb * BYTES_PER_MB, i18n.language),
        }),
      }}
    />
  );
}
