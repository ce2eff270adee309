import { useFormContext } from 'react-hook-form';
import { type CommonFieldProps, isMarkedRequired, useContractRules, useField } from '../../../forms/form';
import { controlProps, FormField, framing } from '../../../forms/form-field';
import styles from '../../../forms/forms.module.css';

/** A local date and time as datetime-local writes it: YYYY-MM-DDTHH:mm (16 characters). */
const LOCAL_DATE_TIME_LENGTH = 16;

/** The local date-time input's value for an instant: the reviewer's own clock, to the minute. */
export function localDateTimeValue(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, LOCAL_DATE_TIME_LENGTH);
}

/** The instant a datetime-local value means in the reviewer's zone, as the API takes it (ISO, UTC). */
export function isoOfLocalDateTime(value: string): string | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * When a test run ran: the browser's date-and-time picker in the reviewer's zone, at most now. The forms
 * kit has no date-time field: it registers as a text of the picker's fixed length, required as its
 * contract says; the form's contract checks the instant it means (testRunInputSchema: not in the future).
 */
export function ExecutedAtField(props: CommonFieldProps & { max: string }) {
  const { max, ...common } = useContractRules(props.name, props);
  const field = useField(common, {
    type: 'text',
    required: common.required,
    minLength: LOCAL_DATE_TIME_LENGTH,
    maxLength: LOCAL_DATE_TIME_LENGTH,
  });
  const { register } = useFormContext();
  return (
    <FormField field={field} label={common.label} required={isMarkedRequired(common)} {...framing(common)}>
      <input
        {...controlProps(common, field)}
        {...register(common.name, { deps: field.deps, disabled: common.disabled })}
        type="datetime-local"
        className={styles.input}
        max={max}
      />
    </FormField>
  );
}
