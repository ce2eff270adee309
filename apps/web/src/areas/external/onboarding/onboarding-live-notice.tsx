import type { ChangeEvent } from '@portal/contracts';
import { BILLING_ACTIONS, CHECK_ACTIONS, CHECK_TYPES, STAGE_MOVES } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveChanges } from '../../../live/live-context';
import styles from './onboarding.module.css';

/** What the portal's people did to the application, as the company is told (contracts events.ts actions). */
// Every transition but the company's own submission, and the billing steps.
const CHECK_NOTICES = [...CHECK_ACTIONS.filter((action) => action !== 'SUBMIT'), ...BILLING_ACTIONS];
const TOKEN_NOTICES = ['ISSUE', 'CANCEL'] as const;

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/**
 * The notice's key and values for a change, or null for one the company made itself (a save, a
 * submission, a token request or reveal: its own screen said so already). A company's events name no
 * actor, so the kinds tell who acted: a decision, an issued token, a stage move, a test run are the
 * portal's.
 */
export function noticeOf(event: ChangeEvent): { key: string; check?: string } | null {
  const base = 'external.onboarding.live';
  switch (event.kind) {
    case 'check':
      if (!isOneOf(CHECK_NOTICES, event.action) || !isOneOf(CHECK_TYPES, event.checkType)) return null;
      return { key: `${base}.check.${event.action}`, check: `${base}.checks.${event.checkType}` };
    case 'sessionToken':
      return isOneOf(TOKEN_NOTICES, event.action) ? { key: `${base}.sessionToken.${event.action}` } : null;
    case 'stage':
      return isOneOf(STAGE_MOVES, event.action) ? { key: `${base}.stage.${event.action}` } : null;
    case 'testRun':
      return { key: `${base}.testRun` };
    case 'application':
      return null;
  }
}

/**
 * A reviewer's decision, an issued token, a new stage or new test results arrive while
 * the company has its application open: the page already shows them (the stream refetched the
 * application), and this says what came, politely, in words.
 */
export function OnboardingLiveNotice() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  useLiveChanges((event) => {
    const notice = noticeOf(event);
    if (notice) setText(t(notice.key, notice.check ? { check: t(notice.check) } : {}));
  });
  return (
    <div role="status" className={text ? `${styles.panel} ${styles.info}` : undefined}>
      {text && <p>{text}</p>}
    </div>
  );
}
