import type { AccountTokenInfo } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { AUTHENTICATION_ERROR_TOAST, isQuietSignInFailure } from '../../auth/b2c-errors';
import { toast } from '../../toast/toast';
import styles from './auth.module.css';
import { OutcomePanel } from './outcome-panel';

/**
 * Where a new account goes after its first sign-in: a registered company to the external area; an invited
 * person to '/', whose guard sends each role to its own area (an invitation may be for a reviewer).
 */
export const returnPathOf = (purpose: AccountTokenInfo['purpose']) =>
  purpose === 'CONFIRM_REGISTRATION' ? '/external' : '/';

/** The account is made: sign in with it. */
export function AccountReadyPanel({
  email,
  purpose,
}: {
  email: string;
  purpose: AccountTokenInfo['purpose'];
}) {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const returnTo = returnPathOf(purpose);
  // By redirect the browser leaves and comes back to returnTo; in a popup, login resolves here.
  const signIn = () =>
    auth.login(returnTo).then(
      () => navigate(returnTo),
      (error: unknown) => {
        if (!isQuietSignInFailure(error)) toast.error(AUTHENTICATION_ERROR_TOAST);
      },
    );
  return (
    <OutcomePanel title={t('confirm.ready.title')}>
      <p>{t('confirm.ready.text', { email })}</p>
      <div className={styles.actions}>
        <button type="button" className="primary" onClick={() => void signIn()}>
          {t('confirm.ready.signIn')}
        </button>
      </div>
    </OutcomePanel>
  );
}
