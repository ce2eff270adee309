import type { ComponentPropsWithRef } from 'react';
import styles from './forms.module.css';

export interface FilePickerProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'className' | 'id'> {
  /** The input's id: the field's label names it. */
  id: string;
  /** The button's words ("Choose a file"). */
  choose: string;
}

/**
 * The portal's file picker: the native input, visually hidden (its "No file chosen" would contradict the
 * list of chosen files a screen shows) but still the control: it takes the focus, Enter or Space opens the
 * picker. The styled button after it shows the focus and opens the picker on a click.
 */
export function FilePicker({ choose, ...input }: FilePickerProps) {
  return (
    <>
      <input {...input} type="file" className={styles.nativeFile} />
      {/* A second label of the input: a click on it opens the picker; hidden from the accessible name. */}
      <label
        htmlFor={input.id}
        aria-hidden="true"
        className={styles.fileButton}
        data-disabled={input.disabled ? '' : undefined}
      >
        {choose}
      </label>
    </>
  );
}
