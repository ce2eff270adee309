import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './auth.module.css';
import { OutcomePanel } from './outcome-panel';
import { RegisterForm } from './register-form';
import { useRegistrationTerms } from './registration-api';

/** /register (domain.md registration): the form, then "check your mailbox". Visitors only. */
export function RegisterPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <section className="page-section">
      <h1>{t('registration.title')}</h1>
      {sentTo === null ? (
        <>
          <p className={styles.intro}>{t('registration.intro')}</p>
          <RegistrationTerms onSent={setSentTo} />
        </>
      ) : (
        <OutcomePanel title={t('registration.sent.title')}>
          <p>{t('registration.sent.text', { email: sentTo })}</p>
          <p className={styles.note}>{t('registration.sent.hint')}</p>
          <div className={styles.actions}>
            <Link to="/">{t('registration.home')}</Link>
          </div>
        </OutcomePanel>
      )}
    </section>
  );
}

/** The form once the published terms are in: without terms nobody can register (the API needs their version). */
function RegistrationTerms({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const terms = useRegistrationTerms();
  if (terms.isPending) return <p role="status">{t('registration.terms.loading')}</p>;
  if (terms.isError) {
    return (
      <div role="alert">
        <p>{t('registration.terms.failed')}</p>
        <button type="button" onClick={() => void terms.refetch()}>
          {t('actions.retry')}
        </button>
      </div>
    );
  }
  if (terms.data === null) {
    return (
      <div role="alert">
        <p>{t('registration.terms.missing')}</p>
        <Link to="/">{t('registration.home')}</Link>
      </div>
    );
  }
  return <RegisterForm terms={terms.data} onSent={onSent} />;
}
