import {
  ORG_TYPES,
  type PublishedDisclaimer,
  type RegistrationInput,
  registrationInputSchema,
} from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField, RadioField } from '../../forms/choice-fields';
import { Form, useFormKit } from '../../forms/form';
import { TextField } from '../../forms/text-fields';
import { tk } from '../../i18n/i18n';
import { MarkdownText } from '../../ui/markdown-text';
import styles from './auth.module.css';
import { registrationTermsKey, useRegister } from './registration-api';

type OrgType = RegistrationInput['orgType'];

interface RegistrationValues {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  orgType: OrgType | null;
  acceptsDisclaimer: boolean;
}

const EMPTY: RegistrationValues = {
  email: '',
  firstName: '',
  lastName: '',
  companyName: '',
  orgType: null,
  acceptsDisclaimer: false,
};

/** Each organisation type with its one-line explanation. */
const ORG_TYPE_LABELS: Record<OrgType, string> = {
  OPM: tk('registration.orgTypes.OPM'),
  PD: tk('registration.orgTypes.PD'),
};

export interface RegisterFormProps {
  /** The published REGISTRATION terms the visitor reads and accepts. */
  terms: PublishedDisclaimer;
  /** After the API took the registration (202): the address the link went to. */
  onSent: (email: string) => void;
}

/**
 * domain.md registration: who registers, for which company and of which type (OPM or PD), and the
 * acceptance of the published terms, with the contract's rules (registrationInputSchema). Terms that
 * changed meanwhile (409 DISCLAIMER_OUTDATED) are reloaded and must be accepted again; other refusals are
 * the app's error toasts.
 */
export function RegisterForm({ terms, onSent }: RegisterFormProps) {
  const { t } = useTranslation();
  const form = useFormKit<RegistrationValues>({ defaultValues: EMPTY, schema: registrationInputSchema });
  const registration = useRegister();
  const queryClient = useQueryClient();
  const [outdated, setOutdated] = useState(false);
  const notice = useRef<HTMLParagraphElement>(null);
  const termsTitleId = useId();

  // The notice takes the focus, so the person reads why the box is unticked and the new terms follow.
  useEffect(() => {
    if (outdated) notice.current?.focus();
  }, [outdated]);

  const submit = async (values: RegistrationValues) => {
    if (!values.orgType) return;
    const outcome = await registration.mutateAsync({
      email: values.email.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      companyName: values.companyName.trim(),
      orgType: values.orgType,
      disclaimerVersion: terms.version,
      acceptsDisclaimer: true,
    });
    if (outcome === 'sent') {
      onSent(values.email.trim());
      return;
    }
    // The terms changed: the new text, and a fresh acceptance of it.
    setOutdated(false);
    form.resetField('acceptsDisclaimer');
    await queryClient.invalidateQueries({ queryKey: registrationTermsKey });
    setOutdated(true);
  };

  const orgTypes = ORG_TYPES.map((id) => ({ id, name: t(ORG_TYPE_LABELS[id]) }));
  return (
    <Form
      form={form}
      // Failures other than outdated terms were shown by the app's error handler.
      onSubmit={(values) => submit(values).catch(() => {})}
      aria-label={t('registration.form')}
    >
      <p className={styles.note}>{t('registration.requiredNote')}</p>
      <TextField type="email" name="email" label={t('registration.fields.email')} autoComplete="email" />
      <TextField name="firstName" label={t('registration.fields.firstName')} autoComplete="given-name" />
      <TextField name="lastName" label={t('registration.fields.lastName')} autoComplete="family-name" />
      <TextField
        name="companyName"
        label={t('registration.fields.companyName')}
        autoComplete="organization"
      />
      <RadioField name="orgType" label={t('registration.fields.orgType')} items={orgTypes} />

      <div className={styles.terms}>
        <h2 id={termsTitleId} className={styles.termsTitle}>
          {terms.title}
        </h2>
        {outdated && (
          <p ref={notice} role="alert" tabIndex={-1} className={styles.notice}>
            {t('registration.terms.outdated')}
          </p>
        )}
        {/* Scrollable, so it is a tab stop: keyboard users scroll it with the arrow keys (WCAG 2.1.1). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
        <section className={styles.termsBody} aria-labelledby={termsTitleId} tabIndex={0}>
          <MarkdownText markdown={terms.body} />
        </section>
      </div>
      <CheckboxField name="acceptsDisclaimer" label={t('registration.terms.accept')} />

      <div className={styles.actions}>
        <button type="submit" className="primary" disabled={form.formState.isSubmitting}>
          {t('registration.submit')}
        </button>
      </div>
    </Form>
  );
}
