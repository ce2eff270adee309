import type { Onboarding, OnboardingAnswer } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileDownloads } from '../../../http/stored-file-download';
import { StoredFileLink, type StoredFileSummary } from '../../../ui/stored-file-link';
import { useEeaCountries } from './countries';
import styles from './onboarding.module.css';

/**
 * A finished or read-only step as a compact summary: a definition list of what was
 * given, the files as download links, rather than the form's inputs greyed out.
 */

const given = (value: string | null | undefined) => (value?.trim() ? value : null);

/** One term and its value; "Not given" for a blank. */
function Entry({ term, children }: { term: string; children: ReactNode }) {
  const { t } = useTranslation();
  const blank = children === null || children === undefined || children === '';
  return (
    <div className={styles.entry}>
      <dt>{term}</dt>
      <dd>
        {blank ? (
          <span className={styles.notGiven}>{t('external.onboarding.summary.notGiven')}</span>
        ) : (
          children
        )}
      </dd>
    </div>
  );
}

function FileEntry({ term, file }: { term: string; file: StoredFileSummary | null }) {
  const downloads = useFileDownloads();
  return <Entry term={term}>{file ? <StoredFileLink file={file} downloads={downloads} /> : null}</Entry>;
}

function useCountryName() {
  const countries = useEeaCountries();
  return (code: string | null) => (code ? (countries.find((item) => item.id === code)?.name ?? code) : null);
}

const joined = (...parts: Array<string | null | undefined>) =>
  parts.filter((part): part is string => Boolean(part?.trim())).join(' ') || null;

interface Address {
  street: string | null;
  houseNumber: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
}

function useAddressText() {
  const countryName = useCountryName();
  return (address: Address) =>
    [
      joined(address.street, address.houseNumber),
      joined(address.postalCode, address.city),
      countryName(address.country),
    ]
      .filter(Boolean)
      .join(', ') || null;
}

function SummarySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.givenSection}>
      <h3 className={styles.givenTitle}>{title}</h3>
      <dl className={styles.givenList}>{children}</dl>
    </section>
  );
}

/** The legitimacy step as given: the company, its contacts, its MAHs with their products. */
export function LegitimacySummary({ onboarding }: { onboarding: Onboarding }) {
  const { t } = useTranslation();
  const address = useAddressText();
  const countryName = useCountryName();
  const { company, spoc, authorisedRepresentative: representative, mahs } = onboarding;
  const c = (key: string) => t(`external.onboarding.company.${key}`);
  const p = (key: string) => t(`external.onboarding.contacts.${key}`);
  const m = (key: string, values?: Record<string, unknown>) => t(`external.onboarding.mahs.${key}`, values);
  const name = (person: { firstName: string | null; lastName: string | null }) =>
    joined(person.firstName, person.lastName);
  return (
    <div className={styles.given} data-testid="legitimacy-summary">
      <SummarySection title={c('legend')}>
        <Entry term={c('legalName')}>{company.legalName}</Entry>
        <Entry term={c('orgType')}>{c(`orgTypes.${company.orgType}`)}</Entry>
        <Entry term={c('registrationNumber')}>{given(company.registrationNumber)}</Entry>
        <Entry term={c('vatNumber')}>{given(company.vatNumber)}</Entry>
        <Entry term={c('address')}>{address(company.address)}</Entry>
        <Entry term={c('website')}>{given(company.website)}</Entry>
        <Entry term={c('phone')}>{given(company.phone)}</Entry>
        <Entry term={c('email')}>{given(company.email)}</Entry>
      </SummarySection>
      <SummarySection title={p('spoc')}>
        <Entry term={t('external.onboarding.summary.name')}>{name(spoc)}</Entry>
        <Entry term={p('email')}>{given(spoc.email)}</Entry>
        <Entry term={p('phone')}>{given(spoc.phone)}</Entry>
      </SummarySection>
      <SummarySection title={p('authorisedRepresentative')}>
        <Entry term={t('external.onboarding.summary.name')}>{name(representative)}</Entry>
        <Entry term={p('function')}>{given(representative.function)}</Entry>
        <Entry term={p('email')}>{given(representative.email)}</Entry>
        <Entry term={p('phone')}>{given(representative.phone)}</Entry>
        <FileEntry term={p('copyOfProof')} file={representative.copyOfProof} />
      </SummarySection>
      {mahs.map((mah, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the MAHs of a draft have no id; their order is stable.
        <SummarySection key={index} title={`${m('mah', { number: index + 1 })}: ${mah.name ?? ''}`.trim()}>
          <Entry term={m('country')}>{countryName(mah.country)}</Entry>
          <Entry term={m('activeIn')}>
            {mah.activeIn.map((code) => countryName(code)).join(', ') || null}
          </Entry>
          <Entry term={m('website')}>{given(mah.website)}</Entry>
          <Entry term={m('phone')}>{given(mah.phone)}</Entry>
          <Entry term={m('email')}>{given(mah.email)}</Entry>
          {company.orgType === 'PD' && <Entry term={m('licences')}>{mah.licences.join(', ') || null}</Entry>}
          <Entry term={m('products', { number: index + 1 })}>
            {mah.products.length === 0 ? null : (
              <ul className={styles.givenItems}>
                {mah.products.map((product, number) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: products have no id; their order is stable.
                  <li key={number}>
                    {joined(product.name, product.productCode ? `(${product.productCode})` : null)}
                  </li>
                ))}
              </ul>
            )}
          </Entry>
        </SummarySection>
      ))}
    </div>
  );
}

/** The participation agreement as given: the template version signed, the signed file, the two boxes. */
export function ContractualSummary({ onboarding }: { onboarding: OnboardingAnswer }) {
  const { t } = useTranslation();
  const { agreement, tickBoxes } = onboarding.contractual;
  const s = (key: string, values?: Record<string, unknown>) =>
    t(`external.onboarding.summary.${key}`, values);
  const ticked = (value: boolean | undefined) => (value ? s('ticked') : s('notTicked'));
  return (
    <div className={styles.given} data-testid="contractual-summary">
      <dl className={styles.givenList}>
        <Entry term={s('templateVersion')}>{agreement ? String(agreement.templateVersion) : null}</Entry>
        <FileEntry
          term={t('external.onboarding.contractual.signedAgreement')}
          file={agreement?.signedFile ?? null}
        />
        {tickBoxes?.texts.map((text, index) => (
          <Entry key={text} term={text}>
            {ticked(index === 0 ? agreement?.acceptedTerms : agreement?.confirmedAuthority)}
          </Entry>
        ))}
      </dl>
    </div>
  );
}

/** The invoicing information as given: the billing details and the invoicing form. */
export function FinancialSummary({ onboarding }: { onboarding: OnboardingAnswer }) {
  const { t } = useTranslation();
  const address = useAddressText();
  const invoicing = onboarding.financial.invoicing;
  const billing = invoicing?.billing;
  const f = (key: string) => t(`external.onboarding.financial.${key}`);
  return (
    <div className={styles.given} data-testid="financial-summary">
      <SummarySection title={f('billing')}>
        <Entry term={f('legalEntity')}>{given(billing?.legalEntity)}</Entry>
        <Entry term={t('external.onboarding.company.address')}>
          {billing ? address(billing.address) : null}
        </Entry>
        <Entry term={f('vatNumber')}>{given(billing?.vatNumber)}</Entry>
        <Entry term={f('purchaseOrderNumber')}>{given(billing?.purchaseOrderNumber)}</Entry>
        <Entry term={f('billingEmail')}>{given(billing?.billingEmail)}</Entry>
        <FileEntry term={f('invoicingForm')} file={invoicing?.form ?? null} />
      </SummarySection>
    </div>
  );
}
