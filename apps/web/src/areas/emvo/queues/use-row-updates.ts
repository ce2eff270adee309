import type { ReviewQueueRow } from '@portal/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long a row that changed in place stays highlighted. */
export const HIGHLIGHT_MS = 4_000;

/** What a reviewer watches of a row: who has it and where it stands ("status or assignee"). */
const watched = (row: ReviewQueueRow) => JSON.stringify([row.status, row.assignee]);

export interface RowUpdates {
  isUpdated: (row: ReviewQueueRow) => boolean;
  /** What changed, in words, for a polite live region: empty until a row changes. */
  announcement: string;
}

/**
 * A queue row whose check changed status or assignee while the queue was open (another
 * reviewer started or decided it; the live stream refetched the list) is highlighted for a moment and said
 * politely to screen readers. A row first seen (another page, a filter) is no change.
 */
export function useRowUpdates(rows: readonly ReviewQueueRow[] | undefined): RowUpdates {
  const { t } = useTranslation();
  const seen = useRef(new Map<string, string>());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [updated, setUpdated] = useState<ReadonlySet<string>>(() => new Set());
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (!rows) return;
    const changed = rows.filter((row) => {
      const before = seen.current.get(row.id);
      return before !== undefined && before !== watched(row);
    });
    for (const row of rows) seen.current.set(row.id, watched(row));
    if (changed.length === 0) return;
    setUpdated(new Set(changed.map((row) => row.id)));
    setAnnouncement(
      changed
        .map((row) =>
          t(row.assignee ? 'emvo.queues.updated.assigned' : 'emvo.queues.updated.unassigned', {
            company: row.legalName,
            status: t(`emvo.queues.statuses.${row.status}`),
            assignee: row.assignee,
          }),
        )
        .join(' '),
    );
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setUpdated(new Set()), HIGHLIGHT_MS);
  }, [rows, t]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const isUpdated = useCallback((row: ReviewQueueRow) => updated.has(row.id), [updated]);
  return { isUpdated, announcement };
}
