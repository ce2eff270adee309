import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { AUTHENTICATION_ERROR_TOAST, isQuietSignInFailure } from '../../auth/b2c-errors';
import { forgetSignOutReason, signOutReason } from '../../auth/sign-out-reason';
import { useEnvironment } from '../../config/environment-context';
import { PublishedText } from '../../layout/published-text';
import { toast } from '../../toast/toast';
import styles from './auth.module.css';

/** The '' area (spec §2): for visitors, who sign in here. */
export function SignInPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const environment = useEnvironment();
  const { revalidate } = useRevalidator();
  // Why the portal signed the person out (a session ended, an access withdrawn).
  const [reason] = useState(signOutReason);
  useEffect(forgetSignOutReason, []);
  // By redirect the browser leaves; in a popup, login resolves here and the visitors' guard sends the
  // user on to their area.
  const signIn = () =>
    auth.login('/').then(revalidate, (error: unknown) => {
      if (!isQuietSignInFailure(error)) toast.error(AUTHENTICATION_ERROR_TOAST);
    });
  return (
    <section className="page-section">
      <h1>{environment.appName}</h1>
      {reason && (
        <p role="alert" className={`${styles.panel} ${styles.problem}`}>
          {reason}
        </p>
      )}
      <p>{t('auth.welcome.intro')}</p>
      <button type="button" className="primary" onClick={() => void signIn()}>
        {t('auth.welcome.signIn')}
      </button>
      {/* The sign-in text, read before signing in (accepted after it when it asks to be).
          The registration line below it paints with it, so the text moves nothing. */}
      <PublishedText type="LOGIN">
        <p>
          {t('registration.startIntro')} <Link to="/register">{t('registration.start')}</Link>
        </p>
      </PublishedText>
    </section>
  );
}
