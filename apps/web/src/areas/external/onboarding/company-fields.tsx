import { ORG_TYPES } from '@portal/contracts';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioField, SelectField } from '../../../forms/choice-fields';
import { TextField } from '../../../forms/text-fields';
import { useEeaCountries } from './countries';
import { fieldId, type LegitimacyValues } from './legitimacy-values';
import styles from './onboarding.module.css';

/** A field's name and id; the id is what the missing items' links point to. */
export const named = (name: string) => ({ name, id: fieldId(name) });

/** The admin's tooltip of a field: keys are lower case (contracts TOOLTIP_KEY_PATTERN). */
export const tooltipOf = (section: string, field: string) => `onboarding.${section}.${field.toLowerCase()}`;

/**
 * The company data (domain.md Organisation). Lengths are the contracts' (companySchema); the VAT number's
 * shape per country is checked by the form's resolver, again when the country changes.
 */
export function CompanyFields({ disabled, orgTypeLocked }: { disabled: boolean; orgTypeLocked: boolean }) {
  const { t } = useTranslation();
  const { control, getValues, trigger } = useFormContext<LegitimacyValues>();
  const country = useWatch({ control, name: 'company.address.country' });
  // The VAT number's shape depends on the country: a new country checks a typed number again.
  useEffect(() => {
    if (country !== undefined && getValues('company.vatNumber')) void trigger('company.vatNumber');
  }, [country, getValues, trigger]);
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
      <TextField {...company('legalName')} required maxLength={100} autoComplete="organization" />
      <RadioField
        {...company('orgType')}
        items={orgTypes}
        required
        orientation="horizontal"
        readOnly={orgTypeLocked}
        description={orgTypeLocked ? t('external.onboarding.company.orgTypeLocked') : undefined}
      />
      <div className={styles.columns}>
        <TextField {...company('registrationNumber')} />
        <TextField
          {...company('vatNumber')}
          maxLength={20}
          description={t('external.onboarding.company.vatNumberHelp')}
        />
      </div>
      <fieldset className={styles.group}>
        <legend className={styles.groupLegend}>{t('external.onboarding.company.address')}</legend>
        <div className={styles.columns}>
          <TextField {...address('street')} maxLength={100} autoComplete="address-line1" />
          <TextField {...address('houseNumber')} minLength={1} maxLength={10} pattern="houseNumber" />
          <TextField {...address('postalCode')} maxLength={12} autoComplete="postal-code" />
          <TextField {...address('city')} autoComplete="address-level2" />
        </div>
        <SelectField {...address('country')} items={countries} isClearable />
      </fieldset>
      <div className={styles.columns}>
        <TextField {...company('website')} type="url" maxLength={200} />
        <TextField {...company('phone')} type="tel" autoComplete="tel" />
        <TextField {...company('email')} type="email" autoComplete="email" />
      </div>
    </fieldset>
  );
}
