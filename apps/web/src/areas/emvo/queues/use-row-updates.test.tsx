import type { ReviewQueueRow } from '@portal/contracts';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test/test-i18n';
import { HIGHLIGHT_MS, useRowUpdates } from './use-row-updates';

const row = (id: string, change: Partial<ReviewQueueRow> = {}): ReviewQueueRow =>
  ({
    id,
    legalName: `Company ${id}`,
    status: 'SUBMITTED',
    assignee: null,
    ...change,
  }) as ReviewQueueRow;

function render(initial: ReviewQueueRow[]) {
  const i18n = createTestI18n();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  return renderHook(({ rows }: { rows: ReviewQueueRow[] }) => useRowUpdates(rows), {
    wrapper,
    initialProps: { rows: initial },
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useRowUpdates: a queue row changed in place', () => {
  it('a new status or assignee highlights that row for a moment and says what changed', () => {
    const a = row('a');
    const b = row('b');
    const { result, rerender } = render([a, b]);
    expect(result.current.announcement).toBe('');
    rerender({ rows: [row('a', { status: 'IN_REVIEW', assignee: 'lead@portal.test' }), b] });
    expect(result.current.isUpdated(a)).toBe(true);
    expect(result.current.isUpdated(b)).toBe(false);
    expect(result.current.announcement).toBe('Company a changed: In review, assigned to lead@portal.test.');
    act(() => vi.advanceTimersByTime(HIGHLIGHT_MS));
    expect(result.current.isUpdated(a)).toBe(false);
  });

  it('rows first seen (another page, a filter) and rows that changed nothing else are no change', () => {
    const { result, rerender } = render([row('a')]);
    rerender({ rows: [row('a', { legalName: 'Renamed' }), row('c')] });
    expect(result.current.isUpdated(row('a'))).toBe(false);
    expect(result.current.isUpdated(row('c'))).toBe(false);
    expect(result.current.announcement).toBe('');
  });

  it('a check sent back unassigned says so', () => {
    const { result, rerender } = render([row('a', { status: 'IN_REVIEW', assignee: 'x@portal.test' })]);
    rerender({ rows: [row('a', { status: 'CORRECTIONS_REQUESTED', assignee: null })] });
    expect(result.current.announcement).toBe('Company a changed: Corrections requested, unassigned.');
  });
});
