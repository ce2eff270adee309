import type { Billing } from '@portal/contracts';
import type { BillingAction } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { addressOf } from './check-application';
import styles from './check-detail.module.css';
import { useFormatters, When } from './check-format';
import { emailLink, Fact, Facts, Section } from './check-parts';

/**
 * What the invoice needs: the billing details of the company's invoicing information,
 * the fields of its financial step (contracts billingDetailsSchema).
 */
export function BillingDetails({ details }: { details: Billing['details'] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Section title={t('emvo.check.billing.details.title')} level={3}>
      {details ? (
        <Facts>
          <Fact label={t('emvo.check.billing.details.legalEntity')}>{details.legalEntity}</Fact>
          <Fact label={t('emvo.check.billing.details.address')}>{addressOf(details.address, format)}</Fact>
          <Fact label={t('emvo.check.billing.details.vatNumber')}>{details.vatNumber}</Fact>
          <Fact label={t('emvo.check.billing.details.purchaseOrderNumber')}>
            {details.purchaseOrderNumber}
          </Fact>
          <Fact label={t('emvo.check.billing.details.billingEmail')}>{emailLink(details.billingEmail)}</Fact>
        </Facts>
      ) : (
        <p className={styles.missing}>{t('emvo.check.billing.details.none')}</p>
      )}
    </Section>
  );
}

/**
 * The financial check's invoicing (domain.md Financial): the fee the active MAH count sets, then the
 * billing steps the API allows now, "mark invoiced" and "mark paid", each confirmed in the shared modal.
 */
export function BillingPanel({
  billing,
  onStep,
}: {
  billing: Billing;
  onStep: (action: BillingAction) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Section title={t('emvo.check.billing.title')}>
      <Facts>
        <Fact label={t('emvo.check.billing.declaredMahCount')}>
          {billing.declaredMahCount ?? t('emvo.check.billing.notDeclared')}
        </Fact>
        <Fact label={t('emvo.check.billing.activeMahCount')}>{billing.activeMahCount}</Fact>
        <Fact label={t('emvo.check.billing.fee')}>{format.euros(billing.feeCents)}</Fact>
        {billing.amountDueCents !== billing.feeCents && (
          <Fact label={t('emvo.check.billing.amountDue')}>{format.euros(billing.amountDueCents)}</Fact>
        )}
        <Fact label={t('emvo.check.billing.invoiceNumber')}>
          {billing.invoiceNumber ?? t('emvo.check.billing.notInvoiced')}
        </Fact>
        <Fact label={t('emvo.check.billing.invoicedAt')}>
          {billing.invoicedAt ? <When iso={billing.invoicedAt} /> : t('emvo.check.billing.notInvoiced')}
        </Fact>
        <Fact label={t('emvo.check.billing.paidAt')}>
          {billing.paidAt ? <When iso={billing.paidAt} /> : t('emvo.check.billing.notPaid')}
        </Fact>
      </Facts>
      <BillingDetails details={billing.details} />
      {billing.allowedActions.length > 0 && (
        <div className={styles.actions}>
          {billing.allowedActions.map((action) => (
            <button key={action} type="button" className="primary" onClick={() => onStep(action)}>
              {t(`emvo.check.actions.${action}.button`)}
            </button>
          ))}
        </div>
      )}
    </Section>
  );
}
