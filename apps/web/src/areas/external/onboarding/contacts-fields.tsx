import type { Onboarding } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextField } from '../../../forms/text-fields';
import { named, tooltipOf } from './company-fields';
import { CopyOfProofField } from './copy-of-proof-field';
import { ONBOARDING_PATH, PEOPLE_PATH } from './journey';
import { LegendTooltip } from './legend-tooltip';
import styles from './onboarding.module.css';

/** The contacts the legitimacy draft holds (contracts legitimacyDraftSchema). */
type Person = 'spoc' | 'authorisedRepresentative';

/** One person's fields, their rules the contract's (contactSchema): names (spec §5 name), email, phone. */
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
      <TextField {...field('firstName')} autoComplete="off" />
      <TextField {...field('lastName')} autoComplete="off" />
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
  copyOfProof: Onboarding['authorisedRepresentative']['copyOfProof'];
}

/**
 * The contacts of the legitimacy step (domain.md Contact): the SPOC and the authorised representative with
 * the copy of proof. The SPOC Assistant is no contact of the draft: the company's people
 * are invited and removed in one place, the people page (/external/onboarding/people (people-section.tsx,
 * the people routes), which this section points to.
 */
export function ContactsFields({ disabled, copyOfProof }: ContactsFieldsProps) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionLegend}>{t('external.onboarding.contacts.legend')}</legend>
      <PersonSection person="spoc">
        <PersonFields person="spoc" disabled={disabled} />
      </PersonSection>
      <p className={styles.help}>
        <Link to={`${ONBOARDING_PATH}/${PEOPLE_PATH}`}>
          {t('external.onboarding.contacts.assistantInPeople')}
        </Link>
      </p>
      <PersonSection person="authorisedRepresentative">
        <PersonFields person="authorisedRepresentative" disabled={disabled} withFunction />
        <CopyOfProofField current={copyOfProof} disabled={disabled} />
      </PersonSection>
    </fieldset>
  );
}
