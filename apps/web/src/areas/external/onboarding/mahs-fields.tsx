import { MAX_LICENCES } from '@portal/domain';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../forms/choice-fields';
import { useRequiredToSubmit } from '../../../forms/form';
import { RequiredMark } from '../../../forms/form-field';
import { TextField } from '../../../forms/text-fields';
import { named, tooltipOf } from './company-fields';
import { useEeaCountries } from './countries';
import { LegendTooltip } from './legend-tooltip';
import { emptyMah, emptyProduct, fieldId, type LegitimacyValues } from './legitimacy-values';
import styles from './onboarding.module.css';

/**
 * The form's list of MAHs: the legitimacy step's `mahs`, or the register's `added` (the new MAHs once the
 * legitimacy is approved, in a form of their own on the same page: their own names keep the ids apart).
 */
export type MahList = 'mahs' | 'added';

interface ListProps {
  list: MahList;
  disabled: boolean;
  /** The lists the last submission attempt found lacking (mahs, mahs.0.products, mahs.0.licences). */
  missing: ReadonlySet<string>;
}

/** The message of a list found lacking, beside the list; its id is the link target of the summary. */
function ListMessage({ field, children }: { field: string; children: string }) {
  return (
    <p id={`${fieldId(field)}-missing`} className={styles.error}>
      {children}
    </p>
  );
}

/** A product of a MAH: name, product code (GTIN-14 or PPN, check digits checked) and countries. */
function ProductsFields({ list, mah, disabled, missing }: ListProps & { mah: number }) {
  const { t } = useTranslation();
  const countries = useEeaCountries();
  const { control } = useFormContext<LegitimacyValues>();
  const listName = `${list}.${mah}.products`;
  // Both lists hold MahValues: the form's type names the legitimacy's.
  const { fields, append, remove } = useFieldArray({ control, name: listName as `mahs.${number}.products` });
  // The product's fields are labelled, and their tooltips keyed, as productName, productCode, productCountries.
  const field = (
    product: number,
    name: string,
    label: 'productName' | 'productCode' | 'productCountries',
  ) => ({
    ...named(`${listName}.${product}.${name}`),
    label: t(`external.onboarding.mahs.${label}`),
    tooltipKey: tooltipOf('mah', label),
    disabled,
  });
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupLegend}>
        {t('external.onboarding.mahs.products', { number: mah + 1 })}
      </legend>
      {fields.map((product, index) => (
        <fieldset key={product.id} className={styles.card}>
          <legend className={styles.cardLegend}>
            {t('external.onboarding.mahs.product', { number: index + 1 })}
          </legend>
          <div className={styles.columns}>
            <TextField {...field(index, 'name', 'productName')} />
            <TextField
              {...field(index, 'productCode', 'productCode')}
              // A GTIN-14 or a 12-digit PPN: the contract checks the digits (isProductCode), not a length.
              maxLength={14}
              description={t('external.onboarding.mahs.productCodeHelp')}
            />
          </div>
          <SelectField {...field(index, 'countries', 'productCountries')} items={countries} isMulti />
          {!disabled && (
            <button type="button" className={styles.remove} onClick={() => remove(index)}>
              {t('external.onboarding.mahs.removeProduct', { product: index + 1, mah: mah + 1 })}
            </button>
          )}
        </fieldset>
      ))}
      {missing.has(listName) && (
        <ListMessage field={listName}>{t('external.onboarding.mahs.productsNeeded')}</ListMessage>
      )}
      {!disabled && (
        <button
          type="button"
          id={fieldId(listName)}
          aria-describedby={missing.has(listName) ? `${fieldId(listName)}-missing` : undefined}
          onClick={() => append(emptyProduct())}
        >
          {t('external.onboarding.mahs.addProduct', { number: mah + 1 })}
        </button>
      )}
    </fieldset>
  );
}

/** PD companies: one to three licences per MAH (domain.md), three text inputs of which blanks are dropped. */
function LicencesFields({ list, mah, disabled, missing }: ListProps & { mah: number }) {
  const { t } = useTranslation();
  const listName = `${list}.${mah}.licences`;
  const required = useRequiredToSubmit(listName);
  return (
    <fieldset className={styles.group} aria-describedby={`${fieldId(listName)}-help`}>
      <legend className={styles.groupLegend}>
        {t('external.onboarding.mahs.licences')}
        {required && <RequiredMark />}
        <LegendTooltip tooltipKey={tooltipOf('mah', 'licences')} />
      </legend>
      <p id={`${fieldId(listName)}-help`} className={styles.help}>
        {t('external.onboarding.mahs.licencesHelp')}
      </p>
      {missing.has(listName) && (
        <ListMessage field={listName}>{t('external.onboarding.mahs.licencesNeeded')}</ListMessage>
      )}
      <div className={styles.columns}>
        {Array.from({ length: MAX_LICENCES }, (_, index) => (
          <TextField
            // The three inputs never move: their index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of three inputs.
            key={index}
            {...named(`${listName}.${index}.value`)}
            label={t('external.onboarding.mahs.licence', { number: index + 1 })}
            minLength={1}
            disabled={disabled}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** One MAH (domain.md MAH): its own data, its licences (PD only) and its products. */
function MahFields({
  list,
  index,
  isPd,
  disabled,
  missing,
  onRemove,
}: ListProps & { index: number; isPd: boolean; onRemove: () => void }) {
  const { t } = useTranslation();
  const countries = useEeaCountries();
  const field = (name: string) => ({
    ...named(`${list}.${index}.${name}`),
    label: t(`external.onboarding.mahs.${name}`),
    tooltipKey: tooltipOf('mah', name),
    disabled,
  });
  return (
    <fieldset className={styles.mah}>
      <legend className={styles.mahLegend}>{t('external.onboarding.mahs.mah', { number: index + 1 })}</legend>
      <div className={styles.columns}>
        <TextField {...field('name')} />
        <SelectField {...field('country')} items={countries} isClearable />
      </div>
      <SelectField {...field('activeIn')} items={countries} isMulti />
      <div className={styles.columns}>
        <TextField {...field('website')} type="url" />
        <TextField {...field('phone')} type="tel" />
        <TextField {...field('email')} type="email" />
      </div>
      {isPd && <LicencesFields list={list} mah={index} disabled={disabled} missing={missing} />}
      <ProductsFields list={list} mah={index} disabled={disabled} missing={missing} />
      {!disabled && (
        <button type="button" className={styles.remove} onClick={onRemove}>
          {t('external.onboarding.mahs.remove', { number: index + 1 })}
        </button>
      )}
    </fieldset>
  );
}

/**
 * The marketing authorisation holders the company acts for: at least one, each with one product (the
 * legitimacy step's `mahs`); or the register's new ones (`added`), under their own legend.
 */
export function MahsFields({
  list = 'mahs',
  disabled,
  missing,
}: Omit<ListProps, 'list'> & { list?: MahList }) {
  const { t } = useTranslation();
  const { control } = useFormContext<LegitimacyValues>();
  const { fields, append, remove } = useFieldArray({ control, name: list as 'mahs' });
  const isPd = useWatch({ control, name: 'company.orgType' }) === 'PD';
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionLegend}>
        {t(list === 'mahs' ? 'external.onboarding.mahs.legend' : 'external.onboarding.mahRegister.added')}
        <LegendTooltip tooltipKey="onboarding.mah.list" />
      </legend>
      {fields.length === 0 && list === 'mahs' && (
        <p className={styles.help}>{t('external.onboarding.mahs.none')}</p>
      )}
      {fields.map((mah, index) => (
        <MahFields
          key={mah.id}
          list={list}
          index={index}
          isPd={isPd}
          disabled={disabled}
          missing={missing}
          onRemove={() => remove(index)}
        />
      ))}
      {missing.has(list) && <ListMessage field={list}>{t('external.onboarding.mahs.needOne')}</ListMessage>}
      {!disabled && (
        <button
          type="button"
          id={fieldId(list)}
          aria-describedby={missing.has(list) ? `${fieldId(list)}-missing` : undefined}
          onClick={() => append(emptyMah())}
        >
          {t('external.onboarding.mahs.add')}
        </button>
      )}
    </fieldset>
  );
}
