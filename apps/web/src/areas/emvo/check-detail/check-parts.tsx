import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './check-detail.module.css';

/** A part of the detail view: a region named by its heading (h2 on the page, h3 inside a part). */
export function Section({
  title,
  level = 2,
  className,
  children,
}: {
  title: ReactNode;
  level?: 2 | 3;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className={className ?? (level === 2 ? styles.section : styles.subsection)}>
      <Heading id={id} className={level === 2 ? styles.sectionTitle : styles.subsectionTitle}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** Read-only data as a definition list (not disabled form fields: nothing here is to be edited). */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className={styles.facts}>{children}</dl>;
}

/** One term and its value; a missing value reads "Not given" rather than leaving a blank. */
export function Fact({ label, children }: { label: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const missing = children === null || children === undefined || children === false || children === '';
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd className={missing ? styles.missing : undefined}>
        {missing ? t('emvo.check.notGiven') : children}
      </dd>
    </div>
  );
}

/** An email address the reviewer can write to; nothing (so "Not given") without one. */
export const emailLink = (email: string | null) => (email ? <a href={`mailto:${email}`}>{email}</a> : null);

/**
 * A person the check names by the email they are stored under (its assignee, a decider, an actor): their
 * display name from the answer's `people`, the email beside it when `withEmail`; the actor as written when
 * they are no user (the seed, the system).
 */
export function Person({
  actor,
  people,
  withEmail = false,
}: {
  actor: string;
  people: Readonly<Record<string, string>>;
  withEmail?: boolean;
}) {
  const name = people[actor];
  if (!name) return <>{actor}</>;
  return withEmail ? (
    <>
      {name} <small>{actor}</small>
    </>
  ) : (
    name
  );
}
