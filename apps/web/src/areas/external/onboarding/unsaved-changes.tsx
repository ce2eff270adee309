import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { closeModal, openModal } from '../../../modal/modal-store';

type Report = (source: string, dirty: boolean) => void;

const ReportContext = createContext<Report | null>(null);

/**
 * A form of the onboarding says whether it holds unsaved changes. Outside the guard (a
 * step rendered alone, in a test) it does nothing.
 */
export function useUnsavedChanges(source: string, dirty: boolean): void {
  const report = useContext(ReportContext);
  useEffect(() => {
    report?.(source, dirty);
    return () => report?.(source, false);
  }, [report, source, dirty]);
}

/**
 * While any form of the onboarding holds unsaved changes, leaving the page for another
 * address (the logo, a menu link, another step) asks first in the shared modal (react-router useBlocker),
 * and a reload or a closed tab asks the browser's own question (beforeunload). Once saved, nothing asks.
 * One blocker for the whole page: react-router supports one at a time.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [dirty, setDirty] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback<Report>((source, isDirty) => {
    setDirty((previous) => {
      if (previous.has(source) === isDirty) return previous;
      const next = new Set(previous);
      if (isDirty) next.add(source);
      else next.delete(source);
      return next;
    });
  }, []);
  const unsaved = dirty.size > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    openModal({
      title: 'external.onboarding.unsaved.title',
      text: t('external.onboarding.unsaved.text'),
      primaryButton: { name: 'external.onboarding.unsaved.leave', action: () => blocker.proceed() },
      // The close cross, the overlay and Escape run the secondary action: the person stays.
      secondaryButton: { name: 'external.onboarding.unsaved.stay', action: () => blocker.reset() },
      // Leaving loses the changes: staying is the answer that stands out (and takes the focus).
      emphasise: 'secondary',
    });
  }, [blocker, t]);

  // The page left meanwhile (a save made the forms clean again): no question stays open.
  useEffect(() => {
    if (!unsaved && blocker.state === 'blocked') {
      blocker.reset();
      closeModal();
    }
  }, [unsaved, blocker]);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return <ReportContext.Provider value={report}>{children}</ReportContext.Provider>;
}
