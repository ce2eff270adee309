import type { CheckDetail } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileDownloads } from '../../../http/stored-file-download';
import { TableScrollBox } from '../../../table/table-scroll-box';
import { StoredFileLink } from '../../../ui/stored-file-link';
import styles from './check-detail.module.css';
import { type Formatters, useFormatters } from './check-format';
import { emailLink, Fact, Facts, Section } from './check-parts';

type Application = CheckDetail['application'];
type Contact = Application['spoc'];
type Mah = Application['mahs'][number];

const joined = (parts: ReadonlyArray<string | null>, separator = ' ') =>
  parts.filter((part): part is string => part !== null && part !== '').join(separator);

const countryList = (codes: readonly string[], format: Formatters) =>
  codes.map((code) => format.country(code)).join(', ');

/** The address in the order of a letter: street and number, postal code and city, country; null if none. */
export function addressOf(address: Application['company']['address'], format: Formatters) {
  const lines = [
    joined([address.street, address.houseNumber]),
    joined([address.postalCode, address.city]),
    address.country ? format.country(address.country) : '',
  ].filter((line) => line !== '');
  if (lines.length === 0) return null;
  return (
    <span className={styles.address}>
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </span>
  );
}

function Company({ company }: { company: Application['company'] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Section title={t('emvo.check.company.title')}>
      <Facts>
        <Fact label={t('emvo.check.company.legalName')}>{company.legalName}</Fact>
        <Fact label={t('emvo.check.company.orgType')}>{t(`emvo.check.orgTypes.${company.orgType}`)}</Fact>
        <Fact label={t('emvo.check.company.registrationNumber')}>{company.registrationNumber}</Fact>
        <Fact label={t('emvo.check.company.vatNumber')}>{company.vatNumber}</Fact>
        <Fact label={t('emvo.check.company.address')}>{addressOf(company.address, format)}</Fact>
        <Fact label={t('emvo.check.company.website')}>{company.website}</Fact>
        <Fact label={t('emvo.check.company.phone')}>{company.phone}</Fact>
        <Fact label={t('emvo.check.company.email')}>{emailLink(company.email)}</Fact>
      </Facts>
    </Section>
  );
}

/**
 * One of the company's people. `withFunction`: the form asks this person's function (the authorised
 * representative's only, as the onboarding's contacts-fields asks it); a question never asked is never shown
 * as "Not given".
 */
function Person({
  title,
  contact,
  withFunction = false,
  children,
}: {
  title: string;
  contact: Contact;
  withFunction?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Section title={title} level={3}>
      <Facts>
        <Fact label={t('emvo.check.contacts.name')}>{joined([contact.firstName, contact.lastName])}</Fact>
        {withFunction && <Fact label={t('emvo.check.contacts.function')}>{contact.function}</Fact>}
        <Fact label={t('emvo.check.contacts.email')}>{emailLink(contact.email)}</Fact>
        <Fact label={t('emvo.check.contacts.phone')}>{contact.phone}</Fact>
        {children}
      </Facts>
    </Section>
  );
}

function Contacts({ application }: { application: Application }) {
  const { t } = useTranslation();
  const downloads = useFileDownloads();
  const { spoc, spocAssistant, authorisedRepresentative: representative } = application;
  return (
    <Section title={t('emvo.check.contacts.title')}>
      <Person title={t('emvo.check.contacts.spoc')} contact={spoc} />
      {spocAssistant ? (
        <Person title={t('emvo.check.contacts.spocAssistant')} contact={spocAssistant} />
      ) : (
        <Section title={t('emvo.check.contacts.spocAssistant')} level={3}>
          <p className={styles.missing}>{t('emvo.check.contacts.noSpocAssistant')}</p>
        </Section>
      )}
      <Person title={t('emvo.check.contacts.authorisedRepresentative')} contact={representative} withFunction>
        <Fact label={t('emvo.check.contacts.copyOfProof')}>
          {representative.copyOfProof && (
            <StoredFileLink file={representative.copyOfProof} downloads={downloads} />
          )}
        </Fact>
      </Person>
    </Section>
  );
}

function MahView({ mah, number }: { mah: Mah; number: number }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const title = mah.name
    ? t('emvo.check.mahs.mahNamed', { number, name: mah.name })
    : t('emvo.check.mahs.mah', { number });
  return (
    <Section title={title} level={3}>
      <Facts>
        <Fact label={t('emvo.check.mahs.name')}>{mah.name}</Fact>
        <Fact label={t('emvo.check.mahs.country')}>{mah.country && format.country(mah.country)}</Fact>
        <Fact label={t('emvo.check.mahs.activeIn')}>{countryList(mah.activeIn, format)}</Fact>
        <Fact label={t('emvo.check.mahs.website')}>{mah.website}</Fact>
        <Fact label={t('emvo.check.mahs.phone')}>{mah.phone}</Fact>
        <Fact label={t('emvo.check.mahs.email')}>{emailLink(mah.email)}</Fact>
        <Fact label={t('emvo.check.mahs.licences')}>
          {mah.licences.length > 0 && (
            <ul className={styles.plainList}>
              {mah.licences.map((licence) => (
                <li key={licence}>{licence}</li>
              ))}
            </ul>
          )}
        </Fact>
      </Facts>
      {mah.products.length === 0 ? (
        <p className={styles.missing}>{t('emvo.check.mahs.noProducts')}</p>
      ) : (
        <TableScrollBox caption={t('emvo.check.mahs.products', { number })} className={styles.tableScroll}>
          <table className={styles.table}>
            <caption>{t('emvo.check.mahs.products', { number })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('emvo.check.mahs.productName')}</th>
                <th scope="col">{t('emvo.check.mahs.productCode')}</th>
                <th scope="col">{t('emvo.check.mahs.productCountries')}</th>
              </tr>
            </thead>
            <tbody>
              {mah.products.map((product, index) => (
                // Products have no id of their own; their order is the company's.
                // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows, never reordered on screen.
                <tr key={index}>
                  <td>{product.name ?? t('emvo.check.notGiven')}</td>
                  <td>{product.productCode ?? t('emvo.check.notGiven')}</td>
                  <td>{countryList(product.countries, format) || t('emvo.check.notGiven')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScrollBox>
      )}
    </Section>
  );
}

function Mahs({ mahs }: { mahs: readonly Mah[] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('emvo.check.mahs.title', { count: mahs.length })}>
      {mahs.length === 0 ? (
        <p className={styles.missing}>{t('emvo.check.mahs.none')}</p>
      ) : (
        mahs.map((mah, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: MAHs have no id here; read-only, in the company's order.
          <MahView key={index} mah={mah} number={index + 1} />
        ))
      )}
    </Section>
  );
}

/** What the company submitted, read-only (domain.md Organisation, Contact, MAH). */
export function ApplicationData({ application }: { application: Application }) {
  return (
    <>
      <Company company={application.company} />
      <Contacts application={application} />
      <Mahs mahs={application.mahs} />
    </>
  );
}
