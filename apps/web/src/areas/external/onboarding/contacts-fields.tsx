import type { Onboarding } from '@portal/contracts';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../forms/choice-fields';
import { TextField } from '../../../forms/text-fields';
import { named, tooltipOf } from './company-fields';
import { CopyOfProofField } from './copy-of-proof-field';
import { LegendTooltip } from './legend-tooltip';
import type { LegitimacyValues } from './legitimacy-values';
import styles from './onboarding.module.css';

type Person = 'spoc' | 'spocAssistant' | 'authorisedRepresentative';

/** One person's fields (contracts contactSchema): names with spec §5's name pattern, email, phone. */
function PersonFields({
  person,
  disabled,
  withFunction = false,
}: {
  person: Person;
  disabled: boolean;
  withFunction?: boolean;
}) {
  const { t } = useTranslation();
  const field = (name: string) => ({
    ...named(`${person}.${name}`),
    label: t(`external.onboarding.contacts.${name}`),
    tooltipKey: tooltipOf('contact', name),
    disabled,
  });
  return (
    <div className={styles.columns}>
      <TextField {...field('firstName')} pattern="name" autoComplete="off" />
      <TextField {...field('lastName')} pattern="name" autoComplete="off" />
      {withFunction && <TextField {...field('function')} />}
      <TextField {...field('email')} type="email" autoComplete="off" />
      <TextField {...field('phone')} type="tel" autoComplete="off" />
    </div>
  );
}

function PersonSection({ person, children }: { person: Person; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupLegend}>
        {t(`external.onboarding.contacts.${person}`)}
        <LegendTooltip tooltipKey={tooltipOf('contact', person)} />
      </legend>
      {children}
    </fieldset>
  );
}

interface ContactsFieldsProps {
  disabled: boolean;
  assistant: Onboarding['spocAssistant'];
  copyOfProof: Onboarding['authorisedRepresentative']['copyOfProof'];
}

/**
 * The company's people (domain.md People, Contact): the SPOC; the optional SPOC Assistant, invited by mail
 * once saved (at most three people per company); the authorised representative with the copy of proof.
 */
export function ContactsFields({ disabled, assistant, copyOfProof }: ContactsFieldsProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<LegitimacyValues>();
  const hasAssistant = useWatch({ control, name: 'hasSpocAssistant' });
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionLegend}>{t('external.onboarding.contacts.legend')}</legend>
      <PersonSection person="spoc">
        <PersonFields person="spoc" disabled={disabled} />
      </PersonSection>
      <CheckboxField
        {...named('hasSpocAssistant')}
        label={t('external.onboarding.contacts.addSpocAssistant')}
        description={t('external.onboarding.contacts.spocAssistantHelp')}
        disabled={disabled}
      />
      {hasAssistant && (
        <PersonSection person="spocAssistant">
          {assistant?.status && (
            <p className={styles.badgeRow}>
              <span className={styles.badge}>
                {t(`external.onboarding.contacts.assistantStatus.${assistant.status}`)}
              </span>
            </p>
          )}
          <PersonFields person="spocAssistant" disabled={disabled} />
        </PersonSection>
      )}
      <PersonSection person="authorisedRepresentative">
        <PersonFields person="authorisedRepresentative" disabled={disabled} withFunction />
        <CopyOfProofField current={copyOfProof} disabled={disabled} />
      </PersonSection>
    </fieldset>
  );
}
