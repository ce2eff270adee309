import { passwordSchema } from '@portal/contracts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { Form, useFormKit } from '../../forms/form';
import { mustMatch } from '../../forms/must-match';
import { PasswordField } from '../../forms/text-fields';
import { type UseTokenOutcome, useConfirmAccount } from './account-tokens-api';
import styles from './auth.module.css';

interface PasswordValues {
  password: string;
  passwordConfirmation: string;
}

/**
 * The contract's password (useAccountTokenSchema: passwordSchema, B2C's rule) and, the form's own, its
 * confirmation, which must match it (spec §5 mustMatch).
 */
const PASSWORD_FORM_SCHEMA = z
  .object({
    password: passwordSchema,
    passwordConfirmation: z.string().check(z.maxLength(PASSWORD_MAX_LENGTH)),
  })
  .check(z.superRefine(mustMatch('password', 'passwordConfirmation')));

export interface ConfirmPasswordFormProps {
  token: string;
  /** The account's sign-in name, for password managers (a hidden username field beside the password). */
  email: string;
  /** The answer of POST use: the account is made, or the link turned out unusable meanwhile. */
  onOutcome: (outcome: UseTokenOutcome) => void;
}

/**
 * Local sign-in accounts: the person chooses a password (the contract's: spec §5 password pattern and B2C's
 * length rule, 8 to 64 characters, shown as help), confirmed with mustMatch.
 */
export function ConfirmPasswordForm({ token, email, onOutcome }: ConfirmPasswordFormProps) {
  const { t } = useTranslation();
  const form = useFormKit<PasswordValues>({
    defaultValues: { password: '', passwordConfirmation: '' },
    schema: PASSWORD_FORM_SCHEMA,
    dependencies: { password: ['passwordConfirmation'] },
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
        autoComplete="new-password"
        description={t('confirm.password.rule', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
      />
      <PasswordField
        name="passwordConfirmation"
        label={t('confirm.password.confirmation')}
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
