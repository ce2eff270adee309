import { useTranslation } from 'react-i18next';
import styles from './toast.module.css';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

/** spec §3 "Toast: title, message, type": the title (the kind's, unless the caller names one) above the message. */
export function ToastBody({
  kind,
  title,
  message,
}: {
  kind: ToastKind;
  title?: string | undefined;
  message: string;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <p className={styles.title}>{title ?? t(`toasts.title.${kind}`)}</p>
      <p className={styles.message}>{message}</p>
    </div>
  );
}
