import type { BillingDetailsInput, OnboardingAnswer } from '@portal/contracts';
import { financialRequiredFields, formatAmount, missingForFinancial } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../forms/choice-fields';
import { Form } from '../../../forms/form';
import { TextField } from '../../../forms/text-fields';
import { localeOf } from '../../../i18n/number-format';
import { PublishedText } from '../../../layout/published-text';
import { named } from './company-fields';
import { useEeaCountries } from './countries';
import { CheckStatusPanel, formatDay } from './legitimacy-status';
import { MissingSummary } from './missing-summary';
import styles from './onboarding.module.css';
import { FINANCIAL_STEP } from './onboarding-api';
import { StepFileField } from './step-file-field';
import { useStepFlow } from './step-flow';
import { StepActions, StepNotices } from './step-notices';
import { FinancialSummary } from './step-summaries';

interface FinancialValues {
  billing: BillingDetailsInput;
  invoicingForm: File | null;
}

const EMPTY_BILLING: BillingDetailsInput = {
  legalEntity: null,
  address: { street: null, houseNumber: null, postalCode: null, city: null, country: null },
  vatNumber: null,
  purchaseOrderNumber: null,
  billingEmail: null,
};

const toValues = (onboarding: OnboardingAnswer): FinancialValues => ({
  billing: onboarding.financial.invoicing?.billing ?? EMPTY_BILLING,
  invoicingForm: null,
});

/** What the submission requires (packages/domain missingForFinancial): marked on the fields. */
const FINANCIAL_REQUIRED = financialRequiredFields();

/** Blank inputs are sent as null (a draft may leave any field blank). */
const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

const toBilling = (billing: BillingDetailsInput): BillingDetailsInput => ({
  legalEntity: blankToNull(billing.legalEntity),
  address: {
    street: blankToNull(billing.address.street),
    houseNumber: blankToNull(billing.address.houseNumber),
    postalCode: blankToNull(billing.address.postalCode),
    city: blankToNull(billing.address.city),
    country: billing.address.country || null,
  },
  vatNumber: blankToNull(billing.vatNumber),
  purchaseOrderNumber: blankToNull(billing.purchaseOrderNumber),
  billingEmail: blankToNull(billing.billingEmail),
});

/** An amount in cents, in the portal's currency setting (packages/domain formatAmount), in the UI's language. */
export const formatFee = (cents: number, language: string) => formatAmount(cents, localeOf(language));

/**
 * The financial step (domain.md "Financial"): the fee from the active MAH count, the billing details (the
 * contract's rules, financialDraftSchema: the VAT number's shape per country included), the invoicing
 * form; save, then submit. After approval: the invoice number, invoiced and paid; during a
 * top-up rejection: the amount to pay on top.
 */
export function FinancialStep({ onboarding }: { onboarding: OnboardingAnswer }) {
  const { t, i18n } = useTranslation();
  const countries = useEeaCountries();
  const { financial } = onboarding;
  const editable = financial.editable && onboarding.access === 'FULL';
  const flow = useStepFlow({
    onboarding,
    step: FINANCIAL_STEP,
    toValues,
    toDraft: (values: FinancialValues, version) => ({ version, billing: toBilling(values.billing) }),
    // The VAT number's shape depends on the billing address's country (the contract's rule).
    dependencies: { 'billing.address.country': ['billing.vatNumber'] },
    fileOf: (values) => values.invoicingForm,
    fileField: 'invoicingForm',
    submittedText: t('external.onboarding.financial.submitted'),
    requiredToSubmit: FINANCIAL_REQUIRED,
    missingOf: (next) =>
      missingForFinancial({
        activeMahCount: next.financial.activeMahCount,
        billing: next.financial.invoicing?.billing ?? null,
        form: next.financial.invoicing?.form ?? null,
      }),
  });
  const check = onboarding.checks.FINANCIAL;
  const eur = (cents: number) => formatFee(cents, i18n.language);
  const invoicing = financial.invoicing;
  const field = (name: string) => ({
    ...named(`billing.${name}`),
    label: t(`external.onboarding.financial.${name.replace('address.', '')}`),
    disabled: !editable,
  });
  return (
    <section className={styles.step} aria-labelledby="financial-title">
      <h2 id="financial-title" className={styles.stepTitle}>
        {t('external.onboarding.financial.title')}
      </h2>
      {/*
        The automatic top-up (packages/domain topUpDue: the form stands rejected by the
        system, not by a reviewer) says what happened, in euros, instead of a reviewer's rejection.
      */}
      {financial.topUp ? (
        <section className={`${styles.panel} ${styles.warning}`} aria-labelledby="financial-top-up-title">
          <h3 id="financial-top-up-title" className={styles.panelTitle}>
            {t('external.onboarding.financial.topUpTitle')}
          </h3>
          <p>
            {t(
              financial.topUp.amountCents > 0
                ? 'external.onboarding.financial.topUp'
                : 'external.onboarding.financial.topUpSameFee',
              {
                amount: eur(financial.topUp.amountCents),
                declared: financial.topUp.declared,
                active: financial.topUp.active,
              },
            )}
          </p>
        </section>
      ) : (
        <CheckStatusPanel check={check} step="financial" />
      )}
      <p>
        {financial.fee.tier
          ? t('external.onboarding.financial.fee', {
              count: financial.activeMahCount,
              tier: financial.fee.tier,
              amount: eur(financial.fee.amountCents),
            })
          : t('external.onboarding.financial.noFee')}
      </p>
      {invoicing?.invoiceNumber && (
        <dl className={styles.columns}>
          <dt>{t('external.onboarding.financial.invoiceNumber')}</dt>
          <dd>{invoicing.invoiceNumber}</dd>
          <dt>{t('external.onboarding.financial.invoicedAt')}</dt>
          <dd>{formatDay(invoicing.invoicedAt, i18n.language) || '—'}</dd>
          <dt>{t('external.onboarding.financial.paidAt')}</dt>
          <dd>{formatDay(invoicing.paidAt, i18n.language) || t('external.onboarding.financial.notPaid')}</dd>
        </dl>
      )}
      {/* The invoicing information text (IIF), where the admin screen says it appears. */}
      <PublishedText type="IIF" level={3} />
      <StepNotices notice={flow.notice} feedback={flow.feedback} editable={editable} />
      {flow.missing && <MissingSummary ref={flow.summary} items={flow.missing} />}
      {!editable && <FinancialSummary onboarding={onboarding} />}
      {editable && (
        <Form form={flow.form} aria-labelledby="financial-title" onSubmit={flow.submit}>
          <fieldset className={styles.section}>
            <legend className={styles.sectionLegend}>{t('external.onboarding.financial.billing')}</legend>
            <TextField {...field('legalEntity')} />
            <div className={styles.columns}>
              <TextField {...field('address.street')} />
              <TextField {...field('address.houseNumber')} />
              <TextField {...field('address.postalCode')} />
              <TextField {...field('address.city')} />
            </div>
            <SelectField {...field('address.country')} items={countries} isClearable />
            <div className={styles.columns}>
              <TextField {...field('vatNumber')} />
              <TextField {...field('purchaseOrderNumber')} />
              <TextField {...field('billingEmail')} type="email" />
            </div>
          </fieldset>
          <StepFileField
            name="invoicingForm"
            purpose="INVOICING_FORM"
            current={invoicing?.form ?? null}
            disabled={!editable}
            texts={{
              current: t('external.onboarding.financial.currentForm'),
              none: t('external.onboarding.financial.noForm'),
              label: t('external.onboarding.financial.invoicingForm'),
              replace: t('external.onboarding.financial.replaceForm'),
            }}
          />
          {editable && (
            <StepActions
              busy={flow.busy}
              resubmit={check?.status === 'CORRECTIONS_REQUESTED' || check?.status === 'REJECTED'}
              onSave={flow.form.handleSubmit(flow.save)}
              feedback={flow.feedback}
            />
          )}
        </Form>
      )}
    </section>
  );
}
