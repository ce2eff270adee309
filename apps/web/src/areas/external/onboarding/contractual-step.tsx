import type { OnboardingAnswer } from '@portal/contracts';
import { contractualRequiredFields, missingForContractual } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../forms/choice-fields';
import { Form } from '../../../forms/form';
import { useFileDownloads } from '../../../http/stored-file-download';
import { StoredFileLink } from '../../../ui/stored-file-link';
import { named } from './company-fields';
import { CheckStatusPanel } from './legitimacy-status';
import { MissingSummary } from './missing-summary';
import styles from './onboarding.module.css';
import { CONTRACTUAL_STEP } from './onboarding-api';
import { StepFileField } from './step-file-field';
import { useStepFlow } from './step-flow';
import { StepActions, StepNotices } from './step-notices';
import { ContractualSummary } from './step-summaries';

interface ContractualValues {
  acceptedTerms: boolean;
  confirmedAuthority: boolean;
  signedAgreement: File | null;
}

const toValues = (onboarding: OnboardingAnswer): ContractualValues => ({
  acceptedTerms: onboarding.contractual.agreement?.acceptedTerms ?? false,
  confirmedAuthority: onboarding.contractual.agreement?.confirmedAuthority ?? false,
  signedAgreement: null,
});

/** What the submission requires (packages/domain missingForContractual): marked on the fields. */
const CONTRACTUAL_REQUIRED = contractualRequiredFields();

/**
 * The contractual step (domain.md "Contractual"): download the current agreement template, upload it
 * signed (pdf), tick both boxes; save, then submit for review. Editable only while the API says so
 * (contractual.editable, packages/domain canSubmit) and with FULL access.
 */
export function ContractualStep({ onboarding }: { onboarding: OnboardingAnswer }) {
  const { t } = useTranslation();
  const downloads = useFileDownloads();
  const { contractual } = onboarding;
  const editable = contractual.editable && onboarding.access === 'FULL';
  const flow = useStepFlow({
    onboarding,
    step: CONTRACTUAL_STEP,
    toValues,
    toDraft: (values: ContractualValues, version) => ({
      version,
      acceptedTerms: values.acceptedTerms,
      confirmedAuthority: values.confirmedAuthority,
    }),
    fileOf: (values) => values.signedAgreement,
    fileField: 'signedAgreement',
    submittedText: t('external.onboarding.contractual.submitted'),
    missingOf: (next) => missingForContractual(next.contractual),
    requiredToSubmit: CONTRACTUAL_REQUIRED,
  });
  const check = onboarding.checks.CONTRACTUAL;
  const [first, second] = contractual.tickBoxes?.texts ?? [];
  return (
    <section className={styles.step} aria-labelledby="contractual-title">
      <h2 id="contractual-title" className={styles.stepTitle}>
        {t('external.onboarding.contractual.title')}
      </h2>
      <CheckStatusPanel check={check} step="contractual" />
      {contractual.resignReason && (
        <p role="note" className={`${styles.panel} ${styles.warning}`}>
          {contractual.resignReason}
        </p>
      )}
      <StepNotices notice={flow.notice} feedback={flow.feedback} editable={editable} />
      {flow.missing && <MissingSummary ref={flow.summary} items={flow.missing} />}
      <p id={named('template').id} tabIndex={-1}>
        {t('external.onboarding.contractual.template')}{' '}
        {contractual.currentTemplate ? (
          <StoredFileLink file={contractual.currentTemplate.file} downloads={downloads} />
        ) : (
          t('external.onboarding.contractual.noTemplate')
        )}
      </p>
      {!editable && <ContractualSummary onboarding={onboarding} />}
      {editable && (
        <Form form={flow.form} aria-labelledby="contractual-title" onSubmit={flow.submit}>
          <StepFileField
            name="signedAgreement"
            purpose="SIGNED_AGREEMENT"
            current={contractual.agreement?.signedFile ?? null}
            disabled={!editable}
            texts={{
              current: t('external.onboarding.contractual.currentSigned'),
              none: t('external.onboarding.contractual.noSigned'),
              label: t('external.onboarding.contractual.signedAgreement'),
              replace: t('external.onboarding.contractual.replaceSigned'),
            }}
          />
          {contractual.tickBoxes && first && second ? (
            <fieldset className={styles.section}>
              <legend className={styles.sectionLegend}>{contractual.tickBoxes.title}</legend>
              <CheckboxField {...named('acceptedTerms')} label={first} disabled={!editable} />
              <CheckboxField {...named('confirmedAuthority')} label={second} disabled={!editable} />
            </fieldset>
          ) : (
            <p id={named('tickBoxes').id}>{t('external.onboarding.contractual.noTickBoxes')}</p>
          )}
          {editable && (
            <StepActions
              busy={flow.busy}
              resubmit={check?.status === 'CORRECTIONS_REQUESTED'}
              onSave={flow.form.handleSubmit(flow.save)}
              feedback={flow.feedback}
            />
          )}
        </Form>
      )}
    </section>
  );
}
