import type { CompanyCheck, CompanyPage } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '../check-detail/check-detail.module.css';
import { useFormatters } from '../check-detail/check-format';
import { emailLink, Fact, Facts, Section } from '../check-detail/check-parts';

type Contact = CompanyPage['spoc'];

/** A contact by name, function, email and phone; "None named" without one. */
function ContactFact({ label, contact }: { label: string; contact: Contact }) {
  const { t } = useTranslation();
  return (
    <Fact label={label}>
      {contact ? (
        <span className={styles.address}>
          <span>
            {contact.firstName} {contact.lastName}
            {contact.function && <small> · {contact.function}</small>}
          </span>
          {emailLink(contact.email)}
          {contact.phone && <a href={`tel:${contact.phone}`}>{contact.phone}</a>}
        </span>
      ) : (
        t('emvo.company.header.noContact')
      )}
    </Fact>
  );
}

/** Who the company is: its name, number, stage, type and country, and its two contacts. */
export function CompanyHeader({ page }: { page: CompanyPage }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { company } = page;
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{company.legalName}</h1>
      <p className={styles.subtitle}>
        {t('emvo.company.subtitle', {
          orgType: t(`emvo.check.orgTypes.${company.orgType}`),
          obpNumber: company.obpNumber,
        })}
      </p>
      <Facts>
        <Fact label={t('emvo.company.header.obpNumber')}>{company.obpNumber}</Fact>
        <Fact label={t('emvo.company.header.stage')}>
          <span className={styles.status}>{t(`emvo.metrics.stages.${company.stage}`)}</span>
        </Fact>
        <Fact label={t('emvo.company.header.orgType')}>{t(`emvo.check.orgTypes.${company.orgType}`)}</Fact>
        <Fact label={t('emvo.company.header.country')}>
          {company.country && [company.city, format.country(company.country)].filter(Boolean).join(', ')}
        </Fact>
        <Fact label={t('emvo.company.header.gateway')}>{company.gatewayName}</Fact>
        <Fact label={t('emvo.company.header.mahCount')}>{company.mahCount}</Fact>
        <ContactFact label={t('emvo.company.header.spoc')} contact={page.spoc} />
        <ContactFact label={t('emvo.company.header.spocAssistant')} contact={page.spocAssistant} />
      </Facts>
    </header>
  );
}

/** The check's name in a sentence: "legitimacy check". */
export const useCheckName = () => {
  const { t } = useTranslation();
  return (check: Pick<CompanyCheck, 'type'>) => t(`emvo.check.checkNames.${check.type}`);
};

/** What is next on the reviewers' side: the open check, its status, who is on it and when it is due. */
export function NextStep({ next, opensChecks }: { next: CompanyCheck | null; opensChecks: boolean }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const checkName = useCheckName();
  return (
    <Section title={t('emvo.company.next.title')}>
      {next ? (
        <p>
          {t('emvo.company.next.check', {
            check: checkName(next),
            status: t(`emvo.check.statuses.${next.status}`).toLowerCase(),
          })}
          {', '}
          {next.assigneeName
            ? t('emvo.company.next.on', { name: next.assigneeName })
            : t('emvo.company.next.nobody')}
          {next.slaDueAt && <>{` · ${t('emvo.company.next.due', { day: format.day(next.slaDueAt) })}`}</>}
          {next.overdue && <strong className={styles.overdue}>{t('emvo.check.header.overdue')}</strong>}
        </p>
      ) : (
        <p className={styles.missing}>{t('emvo.company.next.none')}</p>
      )}
      {next && opensChecks && (
        <p>
          <Link to={next.path}>{t('emvo.company.next.open', { check: checkName(next) })}</Link>
        </p>
      )}
    </Section>
  );
}
