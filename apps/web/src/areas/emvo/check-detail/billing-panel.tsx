import type { Billing } from '@portal/contracts';
import type { BillingAction } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import styles from './check-detail.module.css';
import { useFormatters, When } from './check-format';
import { Fact, Facts, Section } from './check-parts';

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
