import { type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './auth.module.css';

export interface OutcomePanelProps {
  title: string;
  /** status: news (sent, done); alert: the thing cannot be done. */
  role?: 'status' | 'alert';
  children: ReactNode;
}

/**
 * What an action led to (a link sent, an account made, a link refused): a titled panel that takes the
 * focus when it appears, so keyboard and screen-reader users land on the news instead of on a form that
 * is gone.
 */
export function OutcomePanel({ title, role = 'status', children }: OutcomePanelProps) {
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  useEffect(() => panel.current?.focus(), []);
  return (
    <section
      ref={panel}
      role={role}
      aria-labelledby={titleId}
      tabIndex={-1}
      className={role === 'alert' ? `${styles.panel} ${styles.problem}` : styles.panel}
    >
      <h2 id={titleId} className={styles.panelTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
