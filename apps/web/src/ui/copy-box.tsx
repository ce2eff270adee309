import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToastOptions } from 'react-toastify';
import { toast } from '../toast/toast';
import styles from './copy-box.module.css';

/** spec §9: notifications outside the main toasts auto-dismiss after 3000 ms with a progress bar. */
export const COPY_NOTIFICATION: ToastOptions = { autoClose: 3000, hideProgressBar: false };

export interface CopyBoxProps {
  /** The text shown read-only and copied. */
  text: string;
  /** Visible label; without it the field is named by ui.copyBox.label. */
  label?: string;
}

/**
 * spec §2 copy-to-clipboard box: read-only text plus a copy button, disabled when there is nothing to copy;
 * an info toast 'copied to clipboard' on success, an error toast when the clipboard refuses (or is absent,
 * as outside secure contexts).
 */
export function CopyBox({ text, label }: CopyBoxProps) {
  const { t } = useTranslation();
  const inputId = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.info(t('ui.copyBox.copied'), COPY_NOTIFICATION);
    } catch {
      toast.error(t('ui.copyBox.failed'), COPY_NOTIFICATION);
    }
  }

  return (
    <div className={styles.field}>
      {label && (
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
      )}
      <div className={styles.box}>
        <input
          id={inputId}
          className={styles.text}
          type="text"
          readOnly
          value={text}
          aria-label={label ? undefined : t('ui.copyBox.label')}
          // Selecting on focus lets keyboard users copy by hand too.
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className={styles.copy} disabled={!text} onClick={() => void copy()}>
          {t('ui.copyBox.copy')}
        </button>
      </div>
    </div>
  );
}
