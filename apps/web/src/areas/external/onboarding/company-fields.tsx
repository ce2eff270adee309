import { ORG_TYPES } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { RadioField, SelectField } from '../../../forms/choice-fields';
import { TextField } from '../../../forms/text-fields';
import { useEeaCountries } from './countries';
import { fieldId } from './legitimacy-values';
import styles from './onboarding.module.css';

/** A field's name and id; the id is what the missing items' links point to. */
export const named = (name: string) => ({ name, id: fieldId(name) });

/** The admin's tooltip of a field: keys are lower case (contracts TOOLTIP_KEY_PATTERN). */
export const tooltipOf = (section: string, field: string) => `onboarding.${section}.${field.toLowerCase()}`;

/**
 * The company data (domain.md Organisation). The rules are the contract's (legitimacyDraftSchema's
 * companySchema); the VAT number's shape per country too, checked again when the country changes (the
 * form's `dependencies`).
 */
export function CompanyFields({ disabled, orgTypeLocked }: { disabled: boolean; orgTypeLocked: boolean }) {
  const { t } = useTranslation();
  const label = (field: string) => t(`external.onboarding.company.${field}`);
  const company = (field: string) => ({
    ...named(`company.${field}`),
    label: label(field),
    tooltipKey: tooltipOf('company', field),
    disabled,
  });
  const address = (field: string) => ({
    ...named(`company.address.${field}`),
    label: label(field),
    tooltipKey: tooltipOf('company', field),
    disabled,
  });
  const countries = useEeaCountries();
  const orgTypes = ORG_TYPES.map((id) => ({ id, name: t(`external.onboarding.company.orgTypes.${id}`) }));
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionLegend}>{t('external.onboarding.company.legend')}</legend>
      <TextField {...company('legalName')} autoComplete="organization" />
      <RadioField
        {...company('orgType')}
        items={orgTypes}
        orientation="horizontal"
        readOnly={orgTypeLocked}
        description={orgTypeLocked ? t('external.onboarding.company.orgTypeLocked') : undefined}
      />
      <div className={styles.columns}>
        <TextField {...company('registrationNumber')} />
        <TextField {...company('vatNumber')} description={t('external.onboarding.company.vatNumberHelp')} />
      </div>
      <fieldset className={styles.group}>
        <legend className={styles.groupLegend}>{t('external.onboarding.company.address')}</legend>
        <div className={styles.columns}>
          <TextField {...address('street')} autoComplete="address-line1" />
          <TextField {...address('houseNumber')} />
          <TextField {...address('postalCode')} autoComplete="postal-code" />
          <TextField {...address('city')} autoComplete="address-level2" />
        </div>
        <SelectField {...address('country')} items={countries} isClearable />
      </fieldset>
      <div className={styles.columns}>
        <TextField {...company('website')} type="url" />
        <TextField {...company('phone')} type="tel" autoComplete="tel" />
        <TextField {...company('email')} type="email" autoComplete="email" />
      </div>
    </fieldset>
  );
}
