import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type NumberRules,
  resolveNumberRules,
  resolveTextRules,
  TEXTAREA_ROWS,
  type TextRules,
} from './field-rules';
import { type CommonFieldProps, isMarkedRequired, useContractRules, useField } from './form';
import { controlProps, FormField, framing } from './form-field';
import styles from './forms.module.css';

/**
 * A text field's lengths are its contract's (useContractRules); props give them only where the screen knows
 * better than the contract, and say them as attributes: the form's contract checks the value.
 */
interface TextOptions {
  /** Default 2 (spec §5; none under a contract); 0 turns it off. */
  minLength?: number;
  /** Default 50, 100 for email (spec §5). */
  maxLength?: number;
  placeholder?: string;
  /** 'off' turns the browser's autocomplete off (spec §5); other tokens ('email', 'new-password') help it. */
  autoComplete?: string;
}

export interface TextFieldProps extends CommonFieldProps, TextOptions {
  /** spec §5 types; email gets a maximum length of 100 (its pattern is its contract's). */
  type?: 'text' | 'email' | 'url' | 'tel';
}

/** spec §5 text input: minlength 2 and maxlength 50 unless given. */
export function TextField(given: TextFieldProps) {
  const {
    type = 'text',
    minLength,
    maxLength,
    placeholder,
    autoComplete,
    ...props
  } = useContractRules(given.name, given);
  const rules: TextRules = { type, required: props.required, minLength, maxLength };
  const field = useField(props, rules);
  const { register } = useFormContext();
  const resolved = resolveTextRules(rules);
  return (
    <FormField field={field} label={props.label} required={isMarkedRequired(props)} {...framing(props)}>
      <input
        {...controlProps(props, field)}
        {...register(props.name, { deps: field.deps, disabled: props.disabled })}
        type={type}
        className={styles.input}
        minLength={resolved.minLength || undefined}
        maxLength={resolved.maxLength}
        placeholder={placeholder}
        autoComplete={autoComplete}
      />
    </FormField>
  );
}

export interface TextareaFieldProps extends CommonFieldProps, Omit<TextOptions, 'autoComplete'> {
  /** Default 4 (spec §5). */
  rows?: number;
}

/** spec §5 textarea: 4 rows, and a text input's length defaults. */
export function TextareaField(given: TextareaFieldProps) {
  const {
    rows = TEXTAREA_ROWS,
    minLength,
    maxLength,
    placeholder,
    ...props
  } = useContractRules(given.name, given);
  const rules: TextRules = { type: 'textarea', required: props.required, minLength, maxLength };
  const field = useField(props, rules);
  const { register } = useFormContext();
  const resolved = resolveTextRules(rules);
  return (
    <FormField field={field} label={props.label} required={isMarkedRequired(props)} {...framing(props)}>
      <textarea
        {...controlProps(props, field)}
        {...register(props.name, { deps: field.deps, disabled: props.disabled })}
        rows={rows}
        className={styles.input}
        minLength={resolved.minLength || undefined}
        maxLength={resolved.maxLength}
        placeholder={placeholder}
      />
    </FormField>
  );
}

export interface PasswordFieldProps extends CommonFieldProps, TextOptions {}

/**
 * spec §5 password: a text input whose characters a toggle button shows and hides (the password pattern is
 * its contract's: packages/contracts passwordSchema).
 */
export function PasswordField(given: PasswordFieldProps) {
  const { minLength, maxLength, placeholder, autoComplete, ...props } = useContractRules(given.name, given);
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const rules: TextRules = { type: 'password', required: props.required, minLength, maxLength };
  const field = useField(props, rules);
  const { register } = useFormContext();
  const resolved = resolveTextRules(rules);
  return (
    <FormField field={field} label={props.label} required={isMarkedRequired(props)} {...framing(props)}>
      <div className={styles.passwordRow}>
        <input
          {...controlProps(props, field)}
          {...register(props.name, { deps: field.deps, disabled: props.disabled })}
          type={visible ? 'text' : 'password'}
          className={styles.input}
          minLength={resolved.minLength || undefined}
          maxLength={resolved.maxLength}
          placeholder={placeholder}
          autoComplete={autoComplete}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-label={t(visible ? 'forms.password.hide' : 'forms.password.show')}
          aria-controls={field.id}
          disabled={props.disabled}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
    </FormField>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      {crossed && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
    </svg>
  );
}

export interface NumberFieldProps extends CommonFieldProps {
  min?: number;
  max?: number;
  step?: number | 'any';
  /** Default 1 (spec §5: type number minlength 1). */
  minLength?: number;
  maxLength?: number;
  placeholder?: string;
  autoComplete?: string;
}

/** An emptied number input holds null, not NaN or ''. */
function toNumber(value: unknown): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const number = Number(value);
  return Number.isNaN(number) ? null : number;
}

/** spec §5 type number: min and max, minlength 1. Its value is a number, or null when empty. */
export function NumberField(given: NumberFieldProps) {
  const { min, max, step, minLength, maxLength, placeholder, autoComplete, ...props } = useContractRules(
    given.name,
    given,
  );
  const rules: NumberRules = { type: 'number', required: props.required, min, max, minLength, maxLength };
  const field = useField(props, rules);
  const { register } = useFormContext();
  const resolved = resolveNumberRules(rules);
  return (
    <FormField field={field} label={props.label} required={isMarkedRequired(props)} {...framing(props)}>
      <input
        {...controlProps(props, field)}
        {...register(props.name, { deps: field.deps, disabled: props.disabled, setValueAs: toNumber })}
        type="number"
        className={styles.input}
        min={min}
        max={max}
        step={step}
        minLength={resolved.minLength || undefined}
        maxLength={resolved.maxLength}
        placeholder={placeholder}
        autoComplete={autoComplete}
      />
    </FormField>
  );
}

export interface DateFieldProps extends CommonFieldProps {
  /** Earliest day, YYYY-MM-DD. */
  min?: string;
  /** Latest day, YYYY-MM-DD. */
  max?: string;
}

/** A day (YYYY-MM-DD text, '' when empty), with the browser's date picker. */
export function DateField(given: DateFieldProps) {
  const { min, max, ...props } = useContractRules(given.name, given);
  const field = useField(props, { type: 'date', required: props.required, min, max });
  const { register } = useFormContext();
  return (
    <FormField field={field} label={props.label} required={isMarkedRequired(props)} {...framing(props)}>
      <input
        {...controlProps(props, field)}
        {...register(props.name, { deps: field.deps, disabled: props.disabled })}
        type="date"
        className={styles.input}
        min={min}
        max={max}
      />
    </FormField>
  );
}
