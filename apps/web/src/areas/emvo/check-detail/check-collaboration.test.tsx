import {
  type CheckDetail,
  type CheckNote,
  checksApi,
  REVIEWER_ONLY_CHANGES,
  reviewQueuesApi,
} from '@portal/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiKey } from '../../../http/api-call';
import { userWithEmail } from '../../../test/session-users';
import { createTestI18n } from '../../../test/test-i18n';
import { toast } from '../../../toast/toast';
import {
  CHECK_ID,
  type CheckFixture,
  confirm,
  decisionButtons,
  dialog,
  legitimacyInReview,
  pageHeader,
  region,
  renderCheckDetail,
  serveCheck,
  user,
} from './test-check-detail';

// Reviewers working together on the check page: explicit assignment, internal notes, a decision dialog
// that gives way when a colleague decided first, and the way on to the next open check.

vi.mock('../../../toast/toast', () => ({ toast: { success: vi.fn(), info: vi.fn() } }));

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.info).mockClear();
});

const NEXT_ID = 'c0000000-0000-4000-8000-000000000002';

/** Every body the check's PUT and POST routes received, answering `answer`. */
function recordWrites(fixture: CheckFixture) {
  const bodies: Array<{ route: string; body: unknown }> = [];
  server.use(
    http.put(checksApi.assign.path, async ({ request }) => {
      const body = (await request.json()) as { to: string; email?: string };
      bodies.push({ route: 'assign', body });
      const assignee = body.to === 'ME' ? 'reviewer@portal.test' : body.to === 'NOBODY' ? null : body.email;
      fixture.detail = {
        ...fixture.detail,
        check: {
          ...fixture.detail.check,
          assignee: assignee ?? null,
          version: fixture.detail.check.version + 1,
        },
      };
      return HttpResponse.json(fixture.detail);
    }),
    http.post(checksApi.addNote.path, async ({ request }) => {
      const body = (await request.json()) as { body: string };
      bodies.push({ route: 'note', body });
      fixture.notes = [...fixture.notes, note(body.body, fixture.notes.length + 1)];
      return HttpResponse.json({ notes: fixture.notes }, { status: 201 });
    }),
  );
  return bodies;
}

function note(body: string, n: number): CheckNote {
  return {
    id: `a0000000-0000-4000-8000-00000000000${n}`,
    checkId: CHECK_ID,
    author: 'lead@portal.test',
    authorName: 'Lena Lead',
    body,
    at: '2026-03-04T12:00:00.000Z',
  };
}

/** The demo reviewer, signed in by the email the API assigns checks to them by. */
const rita = userWithEmail('reviewer@portal.test', 'EmvoPortalInternal');

async function openCheck(detail: CheckDetail, options: Parameters<typeof renderCheckDetail>[1] = {}) {
  const fixture = serveCheck(server, detail);
  const writes = recordWrites(fixture);
  const view = renderCheckDetail(undefined, options);
  await screen.findByRole('heading', { level: 1, name: detail.application.company.legalName });
  return { fixture, writes, ...view };
}

describe('assignment on the check page', () => {
  it('assigns to me at the version seen, then to a colleague, then to nobody; taking it from a colleague asks first', async () => {
    const { writes } = await openCheck(legitimacyInReview(), { user: rita });
    const header = pageHeader();
    // Rita Reviewer holds it (the fixture's assignee): taking it asks first.
    await user.click(within(header).getByRole('button', { name: 'Assign to me' }));
    expect(dialog()).toHaveTextContent('Rita Reviewer is on this check — take it over?');
    expect(writes).toEqual([]);
    await confirm('Take it over');
    await screen.findByText('reviewer@portal.test');
    expect(toast.success).toHaveBeenCalledWith('The check is assigned to you.');

    const colleague = within(header).getByRole('combobox', { name: 'Assign to a colleague' });
    // The one it is assigned to now is no choice.
    expect(
      within(colleague)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a reviewer', 'Lena Lead']);
    // Mine: handed on without a question.
    await user.selectOptions(colleague, 'lead@portal.test');
    await user.click(within(header).getByRole('button', { name: 'Assign' }));
    await screen.findByText('lead@portal.test');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Lena's now: leaving it to nobody asks, by her name.
    await user.click(within(header).getByRole('button', { name: 'Unassign' }));
    expect(dialog()).toHaveTextContent('Lena Lead is on this check — leave it to nobody?');
    await confirm('Unassign it');
    await waitFor(() => expect(within(header).getByText('Unassigned')).toBeVisible());

    expect(writes).toEqual([
      { route: 'assign', body: { to: 'ME', version: 3 } },
      { route: 'assign', body: { to: 'REVIEWER', email: 'lead@portal.test', version: 4 } },
      { route: 'assign', body: { to: 'NOBODY', version: 5 } },
    ]);
  });

  it('leaving the check to the colleague who holds it sends nothing', async () => {
    const { writes } = await openCheck(legitimacyInReview(), { user: rita });
    await user.click(within(pageHeader()).getByRole('button', { name: 'Assign to me' }));
    await confirm('Leave it to them');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writes).toEqual([]);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('a decided check is assigned to nobody: no assignment offered', async () => {
    const detail = legitimacyInReview();
    await openCheck({ ...detail, check: { ...detail.check, status: 'APPROVED' }, allowedActions: [] });
    expect(within(pageHeader()).queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();
    expect(within(pageHeader()).queryByRole('combobox')).not.toBeInTheDocument();
  });
});

describe('internal notes', () => {
  it('lists the notes with their authors and writes a new one', async () => {
    const detail = legitimacyInReview();
    const fixture = serveCheck(server, detail);
    fixture.notes = [note('Called the SPOC: the proof follows.', 1)];
    const writes = recordWrites(fixture);
    renderCheckDetail();
    const notes = await screen.findByRole('region', { name: 'Internal notes' });
    expect(
      within(notes).getByText(
        'Only reviewers and administrators read these notes; the company never sees them.',
      ),
    ).toBeVisible();
    expect(await within(notes).findByText('Called the SPOC: the proof follows.')).toBeVisible();
    expect(within(notes).getByText('Lena Lead')).toBeVisible();

    await user.type(within(notes).getByRole('textbox', { name: /Note/ }), '  The KBIS is from 2019.  ');
    await user.click(within(notes).getByRole('button', { name: 'Add note' }));
    expect(await within(notes).findByText('The KBIS is from 2019.')).toBeVisible();
    expect(within(notes).getByRole('textbox', { name: /Note/ })).toHaveValue('');
    expect(writes).toEqual([{ route: 'note', body: { body: 'The KBIS is from 2019.' } }]);
  });

  it('an empty note is not sent', async () => {
    const { writes } = await openCheck(legitimacyInReview());
    const notes = region('Internal notes');
    await user.click(within(notes).getByRole('button', { name: 'Add note' }));
    expect(await within(notes).findByText(/required/i)).toBeVisible();
    expect(writes).toEqual([]);
  });

  it('every reviewer-only change of a check has its words for a colleague’s live notice', () => {
    const i18n = createTestI18n();
    for (const action of REVIEWER_ONLY_CHANGES) {
      expect(i18n.exists(`emvo.check.live.changes.${action}`), action).toBe(true);
    }
  });
});

describe('a colleague decides the check while its decision dialog is open', () => {
  it('the dialog gives way to a notice, and the decisions no longer allowed are gone', async () => {
    const { fixture, queryClient } = await openCheck(legitimacyInReview());
    await user.click(within(region('Decision')).getByRole('button', { name: 'Request corrections' }));
    expect(within(dialog()).getByRole('heading', { name: 'Request corrections?' })).toBeVisible();

    // Lena approves: the stream reloads the check (live/change-queries.ts), here by hand.
    fixture.detail = {
      ...fixture.detail,
      check: { ...fixture.detail.check, status: 'APPROVED', version: 4 },
      allowedActions: [],
    };
    await act(() => queryClient.invalidateQueries({ queryKey: apiKey(checksApi.check) }));

    expect(
      await screen.findByText(
        '“Request corrections” is no longer possible: the check is now “Approved”. It has been reloaded, so look again before you go on.',
      ),
    ).toBeVisible();
    await confirm('OK');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(decisionButtons()).toEqual(['Next open check']);
  });

  it('a dialog for a decision still allowed stays open', async () => {
    const { fixture, queryClient } = await openCheck(legitimacyInReview());
    await user.click(within(region('Decision')).getByRole('button', { name: 'Approve' }));
    fixture.detail = { ...fixture.detail, allowedActions: ['APPROVE'] };
    await act(() => queryClient.invalidateQueries({ queryKey: apiKey(checksApi.check) }));
    await waitFor(() => expect(fixture.gets).toBe(2));
    expect(within(dialog()).getByRole('heading', { name: 'Approve the check?' })).toBeVisible();
  });
});

describe('Next open check', () => {
  /** The queue's answers, each request's params recorded. */
  function serveQueue(ids: string[]) {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(reviewQueuesApi.queue.path, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: ids.map((id) => ({ id })), total: ids.length });
      }),
    );
    return asked;
  }

  const decided = () => {
    const detail = legitimacyInReview();
    return { ...detail, check: { ...detail.check, status: 'APPROVED' as const }, allowedActions: [] };
  };

  it('opens the first open check of the queue other than this one, in the queue’s order and filters', async () => {
    const { router } = await openCheck(decided());
    const asked = serveQueue([CHECK_ID, NEXT_ID]);
    // Opened from the queue sorted by SLA, French companies, assigned to me (its links carry its state).
    await act(() =>
      router.navigate(`/emvo/legitimacy/${CHECK_ID}`, {
        state: { queueSearch: '?order=slaDueAt&country=FR&assignedToMe=true&view=scroll' },
      }),
    );
    await user.click(within(region('Decision')).getByRole('button', { name: 'Next open check' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/emvo/legitimacy/${NEXT_ID}`));
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({
      order: 'slaDueAt',
      country: 'FR',
      assignedToMe: 'true',
      status: 'SUBMITTED,IN_REVIEW',
      page: '1',
      limit: '2',
    });
    // The queue's state goes on with the next check.
    expect(router.state.location.state).toEqual({
      queueSearch: '?order=slaDueAt&country=FR&assignedToMe=true&view=scroll',
    });
  });

  it('none left: says so and stays', async () => {
    const { router } = await openCheck(decided());
    serveQueue([CHECK_ID]);
    await user.click(within(region('Decision')).getByRole('button', { name: 'Next open check' }));
    await waitFor(() =>
      expect(toast.info).toHaveBeenCalledWith('No other check is open in the legitimacy queue.'),
    );
    expect(router.state.location.pathname).toBe(`/emvo/legitimacy/${CHECK_ID}`);
  });
});
