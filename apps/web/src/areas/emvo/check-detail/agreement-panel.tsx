import type { CheckAgreement, CheckDocument } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useFileDownloads } from '../../../http/stored-file-download';
import { StoredFileLink } from '../../../ui/stored-file-link';
import styles from './check-detail.module.css';
import { When } from './check-format';
import { Fact, Facts, Section } from './check-parts';

/**
 * The contractual check's participation agreement (domain.md Contractual): the signed
 * agreement the company uploaded (what the reviewer decides on, here rather than only among the documents
 * at the foot of the page), the template version the company signed, and its two tick boxes, each with the
 * statement the company ticked and whether it is ticked (in words, not by a checkbox's look alone).
 */
export function AgreementPanel({
  agreement,
  documents,
}: {
  agreement: CheckAgreement | null;
  /** The check's documents: the signed agreement is among them. */
  documents: readonly CheckDocument[];
}) {
  const { t } = useTranslation();
  const downloads = useFileDownloads();
  const signed = documents.filter((document) => document.purpose === 'SIGNED_AGREEMENT');
  return (
    <Section title={t('emvo.check.agreement.title')}>
      <Facts>
        <Fact label={t('emvo.check.agreement.signed')}>
          {signed.length > 0 && (
            <ul className={styles.plainList}>
              {signed.map((document) => (
                <li key={document.id}>
                  <StoredFileLink file={document} downloads={downloads} />
                  <span className={styles.documentMeta}>
                    {t('emvo.check.documents.uploaded')} <When iso={document.uploadedAt} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Fact>
        {agreement && (
          <Fact label={t('emvo.check.agreement.templateVersion')}>
            {t('emvo.check.agreement.version', { version: agreement.templateVersion })}
          </Fact>
        )}
      </Facts>
      {agreement ? (
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
      ) : (
        <p className={styles.missing}>{t('emvo.check.agreement.none')}</p>
      )}
    </Section>
  );
}
