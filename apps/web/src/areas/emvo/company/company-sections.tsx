import { type CompanyPage, LIST_PAGES } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TableScrollBox } from '../../../table/table-scroll-box';
import { BillingDetails } from '../check-detail/billing-panel';
import styles from '../check-detail/check-detail.module.css';
import { useFormatters, When } from '../check-detail/check-format';
import { Fact, Facts, Section } from '../check-detail/check-parts';
import { useCheckName } from './company-header';

/** A table of a section: its caption said once, for the box that scrolls it and for the table. */
function SectionTable({
  caption,
  headers,
  children,
}: {
  caption: string;
  headers: readonly string[];
  children: React.ReactNode;
}) {
  return (
    <TableScrollBox caption={caption} className={styles.tableScroll}>
      <table className={styles.table}>
        <caption className={styles.visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScrollBox>
  );
}

const Missing = ({ text }: { text: string }) => <p className={styles.missing}>{text}</p>;

/** Its checks in the onboarding's order: type, status, attempt, assignee, SLA; each opens its check page. */
export function Checks({ checks, opensChecks }: { checks: CompanyPage['checks']; opensChecks: boolean }) {
  const { t } = useTranslation();
  const checkName = useCheckName();
  const k = (key: string) => t(`emvo.company.checks.${key}`);
  return (
    <Section title={k('title')}>
      {checks.length === 0 ? (
        <Missing text={k('none')} />
      ) : (
        <SectionTable
          caption={k('title')}
          headers={[k('type'), k('status'), k('attempt'), k('assignee'), k('sla')]}
        >
          {checks.map((check) => (
            <tr key={check.id}>
              <th scope="row">
                {opensChecks ? (
                  <Link
                    to={check.path}
                    aria-label={t('emvo.company.checks.open', { check: checkName(check) })}
                  >
                    {t(`emvo.check.types.${check.type}`)}
                  </Link>
                ) : (
                  t(`emvo.check.types.${check.type}`)
                )}
              </th>
              <td>
                <span className={styles.status} data-status={check.status}>
                  {t(`emvo.check.statuses.${check.status}`)}
                </span>
              </td>
              <td>{check.attempt}</td>
              <td>{check.assigneeName ?? t('emvo.check.header.unassigned')}</td>
              <td>
                {check.slaDueAt ? (
                  <When iso={check.slaDueAt} precision="day" />
                ) : (
                  t('emvo.check.header.noSla')
                )}
                {check.overdue && (
                  <strong className={styles.overdue}>{t('emvo.check.header.overdue')}</strong>
                )}
              </td>
            </tr>
          ))}
        </SectionTable>
      )}
    </Section>
  );
}

/** A date, or a dash when the token has none. */
const Maybe = ({ iso }: { iso: string | null }) => (iso ? <When iso={iso} /> : <>—</>);

/** Its session tokens: their state and dates, never their values (the answer has none). */
export function SessionTokens({
  tokens,
  opensList,
}: {
  tokens: CompanyPage['sessionTokens'];
  opensList: boolean;
}) {
  const { t } = useTranslation();
  const k = (key: string) => t(`emvo.company.tokens.${key}`);
  return (
    <Section title={k('title')}>
      {tokens.length === 0 ? (
        <Missing text={k('none')} />
      ) : (
        <SectionTable
          caption={k('title')}
          headers={[k('environment'), k('status'), k('requested'), k('issued'), k('expires'), k('cancelled')]}
        >
          {tokens.map((token) => (
            <tr key={token.id}>
              <th scope="row">{t(`emvo.testRuns.environments.${token.environment}`)}</th>
              <td>{t(`emvo.sessionTokens.statuses.${token.status}`)}</td>
              <td>
                <When iso={token.requestedAt} />
              </td>
              <td>
                <Maybe iso={token.issuedAt} />
              </td>
              <td>
                <Maybe iso={token.expiresAt} />
              </td>
              <td>
                <Maybe iso={token.cancelledAt} />
                {token.cancelReason && <div className={styles.reason}>{token.cancelReason}</div>}
              </td>
            </tr>
          ))}
        </SectionTable>
      )}
      {opensList && (
        <p>
          <Link to={LIST_PAGES.sessionTokens}>{k('list')}</Link>
        </p>
      )}
    </Section>
  );
}

/** Its test runs: the pass rate per environment, then the latest runs. */
export function TestRuns({ testRuns }: { testRuns: CompanyPage['testRuns'] }) {
  const { t } = useTranslation();
  const k = (key: string) => t(`emvo.company.tests.${key}`);
  return (
    <Section title={k('title')}>
      <SectionTable
        caption={k('rates')}
        headers={[k('environment'), k('runs'), k('passed'), k('passRate'), k('lastRun')]}
      >
        {testRuns.environments.map((row) => (
          <tr key={row.environment}>
            <th scope="row">{t(`emvo.testRuns.environments.${row.environment}`)}</th>
            <td>{row.runs}</td>
            <td>{row.passed}</td>
            <td>
              {row.passRate === null ? k('noRate') : t('emvo.company.tests.rate', { rate: row.passRate })}
            </td>
            <td>
              <Maybe iso={row.lastRunAt} />
            </td>
          </tr>
        ))}
      </SectionTable>
      <Section title={k('latest')} level={3}>
        {testRuns.latest.length === 0 ? (
          <Missing text={k('none')} />
        ) : (
          <SectionTable
            caption={k('latest')}
            headers={[k('executedAt'), k('environment'), k('scenario'), k('result'), k('errorCode')]}
          >
            {testRuns.latest.map((run) => (
              <tr key={run.id}>
                <th scope="row">
                  <When iso={run.executedAt} />
                </th>
                <td>{t(`emvo.testRuns.environments.${run.environment}`)}</td>
                <td>{run.scenario}</td>
                <td>{t(`emvo.testRuns.results.${run.result}`)}</td>
                <td>{run.errorCode ?? '—'}</td>
              </tr>
            ))}
          </SectionTable>
        )}
      </Section>
    </Section>
  );
}

/** Its people: the portal's users of the company, their role, access and last sign-in. */
export function People({ people }: { people: CompanyPage['people'] }) {
  const { t } = useTranslation();
  const k = (key: string) => t(`emvo.company.people.${key}`);
  return (
    <Section title={k('title')}>
      {people.length === 0 ? (
        <Missing text={k('none')} />
      ) : (
        <SectionTable
          caption={k('title')}
          headers={[k('name'), k('email'), k('role'), k('access'), k('status'), k('lastSignIn')]}
        >
          {people.map((person) => (
            <tr key={person.id}>
              <th scope="row">{person.name}</th>
              <td>
                <a href={`mailto:${person.email}`}>{person.email}</a>
              </td>
              <td>{person.obpRole ? t(`external.onboarding.people.roles.${person.obpRole}`) : '—'}</td>
              <td>{t(`admin.users.accesses.${person.access}`)}</td>
              <td>{t(`admin.users.statuses.${person.status}`)}</td>
              <td>{person.lastSignInAt ? <When iso={person.lastSignInAt} /> : k('never')}</td>
            </tr>
          ))}
        </SectionTable>
      )}
    </Section>
  );
}

/** Its invoicing: the declared MAHs and fee, the invoice and payment, and the billing details. */
export function Billing({ billing }: { billing: CompanyPage['billing'] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const k = (key: string) => t(`emvo.company.billing.${key}`);
  return (
    <Section title={k('title')}>
      {billing ? (
        <>
          <Facts>
            <Fact label={k('declaredMahCount')}>{billing.declaredMahCount}</Fact>
            <Fact label={k('fee')}>{format.euros(billing.feeCents)}</Fact>
            <Fact label={k('invoiceNumber')}>{billing.invoiceNumber ?? k('notInvoiced')}</Fact>
            <Fact label={k('invoicedAt')}>
              {billing.invoicedAt ? <When iso={billing.invoicedAt} precision="day" /> : k('notInvoiced')}
            </Fact>
            <Fact label={k('paidAt')}>
              {billing.paidAt ? <When iso={billing.paidAt} precision="day" /> : k('notPaid')}
            </Fact>
          </Facts>
          <BillingDetails details={billing.details} />
        </>
      ) : (
        <Missing text={k('none')} />
      )}
    </Section>
  );
}
