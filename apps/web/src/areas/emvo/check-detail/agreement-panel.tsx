import type { CheckAgreement } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import styles from './check-detail.module.css';
import { Fact, Facts, Section } from './check-parts';

/**
 * The contractual check's participation agreement (domain.md Contractual, issue 23 item 11): the template
 * version the company signed, and its two tick boxes, each with the statement the company ticked and
 * whether it is ticked (in words, not by a checkbox's look alone).
 */
export function AgreementPanel({ agreement }: { agreement: CheckAgreement | null }) {
  const { t } = useTranslation();
  return (
    <Section title={t('emvo.check.agreement.title')}>
      {agreement ? (
        <>
          <Facts>
            <Fact label={t('emvo.check.agreement.templateVersion')}>
              {t('emvo.check.agreement.version', { version: agreement.templateVersion })}
            </Fact>
          </Facts>
          <ul className={styles.tickBoxes} aria-label={t('emvo.check.agreement.tickBoxes')}>
            {agreement.boxes.map((box) => (
              <li key={box.field} className={styles.tickBox}>
                <strong className={box.ticked ? styles.ticked : styles.notTicked}>
                  {t(box.ticked ? 'emvo.check.agreement.ticked' : 'emvo.check.agreement.notTicked')}
                </strong>{' '}
                <span>{box.text ?? t(`emvo.check.agreement.boxes.${box.field}`)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className={styles.missing}>{t('emvo.check.agreement.none')}</p>
      )}
    </Section>
  );
}
