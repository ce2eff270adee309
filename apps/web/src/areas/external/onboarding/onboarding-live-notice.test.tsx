import { CHECK_TYPES, STAGE_MOVES } from '@portal/domain';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveProvider } from '../../../live/live-context';
import { createLiveHub } from '../../../live/live-hub';
import { changeEvent } from '../../../live/test-event-source';
import { createTestI18n, renderWithI18n } from '../../../test/test-i18n';
import { noticeOf, OnboardingLiveNotice } from './onboarding-live-notice';

/** What a company's stream carries: its own organisation's changes, without who made them. */
const anonymous = (change: Parameters<typeof changeEvent>[0]) =>
  changeEvent({ actor: null, actorName: null, ...change });

describe('the company’s onboarding, live', () => {
  it.each([
    [{ action: 'APPROVE' }, 'Your legitimacy check is approved.'],
    [
      { action: 'REQUEST_CORRECTIONS' },
      'Corrections are requested on your legitimacy check: see the reason in its step.',
    ],
    [{ action: 'APPROVE', checkType: 'CONTRACTUAL' as const }, 'Your participation agreement is approved.'],
    [
      { kind: 'sessionToken' as const, action: 'ISSUE', checkType: null },
      'Your session token is issued: it is in the Technical connection step.',
    ],
    [
      { kind: 'stage' as const, action: 'MOVE_TO_PRODUCTION', checkType: null },
      'Your application moved to production (PRD).',
    ],
    [
      { kind: 'testRun' as const, action: 'IMPORT', checkType: null },
      'New test results are in: see the Technical connection step.',
    ],
  ])('%o is said politely: “%s”', (change, text) => {
    const hub = createLiveHub();
    renderWithI18n(
      <LiveProvider hub={hub}>
        <OnboardingLiveNotice />
      </LiveProvider>,
    );
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    act(() => hub.emitChange(anonymous(change)));
    expect(region).toHaveTextContent(text);
  });

  it.each([
    ['its own submission', { action: 'SUBMIT' }],
    ['its own save', { kind: 'application' as const, action: 'SAVE_LEGITIMACY_DRAFT', checkType: null }],
    ['its token request', { kind: 'sessionToken' as const, action: 'REQUEST', checkType: null }],
    ['its token reveal', { kind: 'sessionToken' as const, action: 'REVEAL', checkType: null }],
  ])('%s is not said again', (_, change) => {
    expect(noticeOf(anonymous(change))).toBeNull();
  });

  it('every notice it can give has its text', () => {
    const i18n = createTestI18n();
    const events = [
      ...CHECK_TYPES.flatMap((checkType) =>
        [
          'START',
          'APPROVE',
          'APPROVE_TEMPORARILY',
          'REQUEST_CORRECTIONS',
          'REJECT',
          'TOP_UP_REQUIRED',
          'TEMPLATE_CHANGED',
          'MARK_INVOICED',
          'MARK_PAID',
        ].map((action) => anonymous({ action, checkType })),
      ),
      ...['ISSUE', 'CANCEL'].map((action) => anonymous({ kind: 'sessionToken', action, checkType: null })),
      ...STAGE_MOVES.map((action) => anonymous({ kind: 'stage', action, checkType: null })),
    ];
    for (const event of events) {
      const notice = noticeOf(event);
      expect(notice && i18n.exists(notice.key), `${event.kind} ${event.action}`).toBe(true);
      if (notice?.check) expect(i18n.exists(notice.check)).toBe(true);
    }
  });
});
