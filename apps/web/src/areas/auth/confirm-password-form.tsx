import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Form, useFormKit } from '../../forms/form';
import { mustMatch } from '../../forms/form-schema';
import { PasswordField } from '../../forms/text-fields';
import { type UseTokenOutcome, useConfirmAccount } from './account-tokens-api';
import styles from './auth.module.css';

interface PasswordValues {
  password: string;
  passwordConfirmation: string;
}

const REFINEMENTS = [mustMatch('password', 'passwordConfirmation')];

export interface ConfirmPasswordFormProps {
  token: string;
  /** The account's sign-in name, for password managers (a hidden username field beside the password). */
  email: string;
  /** The answer of POST use: the account is made, or the link turned out unusable meanwhile. */
  onOutcome: (outcome: UseTokenOutcome) => void;
}

/**
 * Local sign-in accounts: the person chooses a password (spec §5 password pattern, confirmed with
 * mustMatch) and B2C's length rule, 8 to 64 characters (packages/domain password-rule), shown as help.
 */
export function ConfirmPasswordForm({ token, email, onOutcome }: ConfirmPasswordFormProps) {
  const { t } = useTranslation();
  const form = useFormKit<PasswordValues>({
    defaultValues: { password: '', passwordConfirmation: '' },
    refinements: REFINEMENTS,
  });
  const confirm = useConfirmAccount(token);
  const submit = async ({ password }: PasswordValues) => onOutcome(await confirm.mutateAsync({ password }));
  return (
    <Form
      form={form}
      // Other failures were shown by the app's error handler.
      onSubmit={(values) => submit(values).catch(() => {})}
      aria-label={t('confirm.password.form')}
    >
      {/* Not a field of the form: it tells a password manager whose password this is. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        name="password"
        label={t('confirm.password.password')}
        required
        pattern="password"
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        autoComplete="new-password"
        description={t('confirm.password.rule', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
      />
      <PasswordField
        name="passwordConfirmation"
        label={t('confirm.password.confirmation')}
        required
        minLength={0}
        maxLength={PASSWORD_MAX_LENGTH}
        autoComplete="new-password"
      />
      <div className={styles.actions}>
        <button type="submit" className="primary" disabled={form.formState.isSubmitting}>
          {t('confirm.password.submit')}
        </button>
      </div>
    </Form>
  );
}
