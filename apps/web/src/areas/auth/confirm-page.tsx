import type { AccountTokenInfo } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AccountReadyPanel } from './account-ready-panel';
import { isWellFormedToken, type UseTokenOutcome, useAccountToken } from './account-tokens-api';
import styles from './auth.module.css';
import { ConfirmPasswordForm } from './confirm-password-form';
import { InvalidLinkPanel } from './invalid-link-panel';

/**
 * /confirm?token=… (domain.md registration): the mailed single-use link of a registration or an
 * invitation. The account is made here (local sign-in: a password) or at B2C's sign-up page. Visitors only.
 */
export function ConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <section className="page-section">
      {isWellFormedToken(token) ? (
        <TokenCheck token={token} />
      ) : (
        <>
          <h1>{t('confirm.title')}</h1>
          <InvalidLinkPanel problem="unknown" token={token} />
        </>
      )}
    </section>
  );
}

function TokenCheck({ token }: { token: string }) {
  const { t } = useTranslation();
  const check = useAccountToken(token);
  const [outcome, setOutcome] = useState<UseTokenOutcome | null>(null);

  if (check.isPending) {
    return (
      <>
        <h1>{t('confirm.title')}</h1>
        <p role="status">{t('confirm.checking')}</p>
      </>
    );
  }
  if (check.isError) {
    return (
      <>
        <h1>{t('confirm.title')}</h1>
        <div role="alert">
          <p>{t('confirm.failed')}</p>
          <button type="button" onClick={() => void check.refetch()}>
            {t('actions.retry')}
          </button>
        </div>
      </>
    );
  }
  // The link may also turn out used or expired when it is used (another tab, a newer link).
  const state = outcome?.status === 'invalid' ? outcome : check.data;
  if (state.status === 'invalid') {
    return (
      <>
        <h1>{t('confirm.title')}</h1>
        <InvalidLinkPanel problem={state.problem} token={token} />
      </>
    );
  }
  const { info } = state;
  return (
    <>
      <h1>
        {info.purpose === 'INVITATION'
          ? t('confirm.invitationTitle', { companyName: info.companyName })
          : t('confirm.registrationTitle')}
      </h1>
      {outcome?.status === 'done' ? (
        <AccountReadyPanel email={outcome.email} purpose={info.purpose} />
      ) : info.accountMode === 'local' ? (
        <>
          <p className={styles.intro}>
            {t('confirm.welcome', { firstName: info.firstName, email: info.email })}
          </p>
          <ConfirmPasswordForm token={token} email={info.email} onOutcome={setOutcome} />
        </>
      ) : (
        <SignUpAtB2c info={info} />
      )}
    </>
  );
}

/** B2C accounts are made at B2C's sign-up page (the email as login hint), which signUpUrl opens. */
function SignUpAtB2c({ info }: { info: AccountTokenInfo }) {
  const { t } = useTranslation();
  return (
    <>
      <p className={styles.intro}>
        {t('confirm.b2c.welcome', { firstName: info.firstName, email: info.email })}
      </p>
      {info.signUpUrl ? (
        <div className={styles.actions}>
          <a className={styles.linkButton} href={info.signUpUrl}>
            {t('confirm.b2c.signUp')}
          </a>
        </div>
      ) : (
        <p role="alert">{t('confirm.b2c.unavailable')}</p>
      )}
    </>
  );
}
