// vitest: isolate (under Node 24 in CI, after other files in the shared registry, seven of its eight tests hung until their 5 s timeout; alone they pass)
import { type CheckDetail, type CheckViewers, type PresenceEvent, presenceApi } from '@portal/contracts';
import { allowedActions, BILLING_ACTIONS, CHECK_ACTIONS } from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toSessionUser } from '../../../auth/session-user';
import { invalidateChange } from '../../../live/change-queries';
import { createLiveHub, type LiveHub } from '../../../live/live-hub';
import { changeEvent } from '../../../live/test-event-source';
import { createTestI18n } from '../../../test/test-i18n';
import { CHECK_ID, legitimacyInReview, renderCheckDetail, serveCheck } from './test-check-detail';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** The signed-in reviewer: Rita, as the API names her (her email). */
const RITA = toSessionUser({
  homeAccountId: 'h',
  environment: 'e',
  tenantId: 't',
  username: '',
  localAccountId: 'l',
  name: 'Rita Reviewer',
  idTokenClaims: { roles: ['EmvoPortalInternal'], name: 'Rita Reviewer', emails: ['reviewer@portal.test'] },
});
const rita = { viewer: 'reviewer@portal.test', viewerName: 'Rita Reviewer' };
const lena = { viewer: 'lead@portal.test', viewerName: 'Lena Lead' };
const ada = { viewer: 'ada@portal.test', viewerName: 'Ada Reviewer' };
const LATER = '2099-01-01T00:00:00.000Z';

/** What a reviewer may do to the check now (packages/domain, as the API answers it). */
const actionsOf = ({ type, status, attempt }: CheckDetail['check']) =>
  allowedActions({ type, status, attempt }, 'EMVO', { testEnvironment: true });

/** A legitimacy check waiting for a reviewer: Start is the one decision. */
function submitted(): CheckDetail {
  const detail = legitimacyInReview();
  const check = { ...detail.check, status: 'SUBMITTED' as const, assignee: null };
  return { ...detail, check, allowedActions: actionsOf(check) };
}

/** The same check once Lena started it (version + 1). */
function startedByLena(detail: CheckDetail): CheckDetail {
  const check = { ...detail.check, status: 'IN_REVIEW' as const, assignee: 'Lena Lead', version: 4 };
  return { ...detail, check, allowedActions: actionsOf(check) };
}

/** The check's presence routes: announcing answers `viewers`; every call is recorded. */
function servePresence(viewers: CheckViewers['viewers']) {
  const calls: string[] = [];
  server.use(
    http.post(presenceApi.announce.path, () => {
      calls.push('announce');
      return HttpResponse.json({ viewers });
    }),
    http.delete(presenceApi.leave.path, () => {
      calls.push('leave');
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

/** The page as the app shows it, with a live hub the test speaks through. */
async function openLive(detail: CheckDetail, viewers: CheckViewers['viewers'] = []) {
  const api = serveCheck(server, detail);
  const presence = servePresence(viewers);
  const hub = createLiveHub();
  const view = renderCheckDetail(undefined, { user: RITA, live: hub });
  await screen.findByRole('heading', { level: 1, name: detail.application.company.legalName });
  return { api, presence, hub, ...view };
}

/** What the live connection does with a change: its queries invalidated, then the screens told. */
async function deliver(queryClient: QueryClient, hub: LiveHub, change: Parameters<typeof changeEvent>[0]) {
  await act(async () => {
    const event = changeEvent({ entityId: CHECK_ID, ...change });
    void invalidateChange(queryClient, event);
    hub.emitChange(event);
  });
}

const presenceEvent = (viewer: typeof lena, state: 'viewing' | 'left'): PresenceEvent => ({
  checkId: CHECK_ID,
  organisationId: 'b1000000-0000-4000-8000-000000000001',
  ...viewer,
  state,
  expiresAt: state === 'viewing' ? LATER : null,
});

const decisionButtons = () =>
  within(screen.getByRole('region', { name: 'Decision' }))
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('/emvo/{queue}/{checkId} live', () => {
  it('another reviewer starts the check: the page says so politely and the decisions reload', async () => {
    const { api, hub, queryClient } = await openLive(submitted());
    expect(decisionButtons()).toEqual(['Start review']);
    api.detail = startedByLena(api.detail);
    await deliver(queryClient, hub, {
      action: 'START',
      version: 4,
      actor: lena.viewer,
      actorName: 'Lena Lead',
    });
    const notice = await screen.findByText(
      'Lena Lead started reviewing this check. The decisions below are up to date.',
    );
    expect(notice).toHaveAttribute('role', 'status');
    await waitFor(() => expect(decisionButtons()).not.toContain('Start review'));
    expect(decisionButtons()).toContain('Request corrections');
    expect(api.gets).toBe(2);
  });

  it.each([
    ['APPROVE', 'Lena Lead approved this check. The decisions below are up to date.'],
    ['REJECT', 'Lena Lead rejected this check. The decisions below are up to date.'],
    ['SOMETHING_NEW', 'Lena Lead changed this check. The page shows it as it is now.'],
  ])('a change %s is said in words', async (action, text) => {
    const { hub, queryClient } = await openLive(legitimacyInReview());
    await deliver(queryClient, hub, { action, version: 9, actor: lena.viewer, actorName: 'Lena Lead' });
    expect(await screen.findByText(text)).toBeVisible();
  });

  it('every action a check’s change may name has its words', () => {
    const i18n = createTestI18n();
    for (const action of [...CHECK_ACTIONS, ...BILLING_ACTIONS]) {
      expect(i18n.exists(`emvo.check.live.changes.${action}`), action).toBe(true);
    }
  });

  it('the reviewer’s own change, another check’s, or an application save: no notice', async () => {
    const { hub, queryClient } = await openLive(legitimacyInReview());
    await deliver(queryClient, hub, { action: 'START', actor: rita.viewer, actorName: rita.viewerName });
    await deliver(queryClient, hub, { action: 'START', entityId: 'c1000000-0000-4000-8000-000000000009' });
    await deliver(queryClient, hub, { kind: 'application', action: 'SAVE_LEGITIMACY_DRAFT' });
    expect(screen.queryByText(/this check/)).not.toBeInTheDocument();
  });

  it('says who else has the check open, never the reviewer, as they come and go', async () => {
    const { presence, hub } = await openLive(legitimacyInReview(), [
      { ...rita, expiresAt: LATER },
      { ...lena, expiresAt: LATER },
    ]);
    expect(await screen.findByText('Lena Lead is viewing this check.')).toHaveAttribute('role', 'status');
    expect(presence).toEqual(['announce']);
    act(() => hub.emitPresence(presenceEvent(ada, 'viewing')));
    expect(screen.getByText('Lena Lead and Ada Reviewer are viewing this check.')).toBeVisible();
    act(() => hub.emitPresence(presenceEvent(lena, 'left')));
    expect(screen.getByText('Ada Reviewer is viewing this check.')).toBeVisible();
    act(() =>
      hub.emitPresence({ ...presenceEvent(ada, 'left'), checkId: 'c1000000-0000-4000-8000-000000000009' }),
    );
    expect(screen.getByText('Ada Reviewer is viewing this check.')).toBeVisible();
  });

  it('leaving the page says so to the API', async () => {
    const { presence, unmount } = await openLive(legitimacyInReview(), [{ ...rita, expiresAt: LATER }]);
    await waitFor(() => expect(presence).toEqual(['announce']));
    unmount();
    await waitFor(() => expect(presence).toEqual(['announce', 'leave']));
  });
});
