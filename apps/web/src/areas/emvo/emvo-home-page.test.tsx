import { type QueueSummary, reviewQueuesApi } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sql } from 'kysely';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { AWAITING_REVIEW, renderReviewerRoute, reviewsSuite } from './queues/test-queues';

// Each test: a fresh copy of mock mode's world, its open checks' SLA dates moved so some are overdue.
const { server, urls, db } = reviewsSuite();

const SUMMARY: QueueSummary = {
  queues: [
    { queue: 'legitimacy', open: 6, overdue: 2, assignedToMe: 1 },
    { queue: 'contractual', open: 4, overdue: 0, assignedToMe: 1 },
    { queue: 'financial', open: 1234, overdue: 0, assignedToMe: 0 },
  ],
};

/** Each queue's card: its title, and each link's text and target. */
async function cards() {
  const list = await screen.findByRole('list', { name: 'Review queues' });
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => {
      const card = heading.closest('li');
      if (!card) throw new Error('A card is a list item');
      return {
        title: heading.textContent,
        links: within(card)
          .getAllByRole('link')
          .map((link) => [link.textContent, link.getAttribute('href')]),
      };
    });
}

describe('/emvo: the reviewer’s landing page', { timeout: 20_000 }, () => {
  it("shows each queue's open, overdue and assigned-to-me counts, each a link to its filtered queue", async () => {
    server.use(http.get(reviewQueuesApi.summary.path, () => HttpResponse.json(SUMMARY)));
    renderReviewerRoute('/emvo');
    expect(screen.getByRole('heading', { level: 1, name: 'Reviewer area' })).toBeInTheDocument();
    expect(screen.getByText('Welcome, Rita Reviewer.')).toBeInTheDocument();
    // A queue opens on its open checks: their link is the queue's own address.
    expect(await cards()).toEqual([
      {
        title: 'Legitimacy queue',
        links: [
          ['6open checks', '/emvo/legitimacy'],
          ['2overdue', '/emvo/legitimacy?overdue=true'],
          ['1assigned to you', '/emvo/legitimacy?assignedToMe=true'],
          ['Open the whole queue', '/emvo/legitimacy?status.not=NOT_SUBMITTED'],
        ],
      },
      {
        title: 'Contractual queue',
        links: [
          ['4open checks', '/emvo/contractual'],
          ['0overdue', '/emvo/contractual?overdue=true'],
          ['1assigned to you', '/emvo/contractual?assignedToMe=true'],
          ['Open the whole queue', '/emvo/contractual?status.not=NOT_SUBMITTED'],
        ],
      },
      {
        title: 'Financial queue',
        links: [
          ['1,234open checks', '/emvo/financial'],
          ['0overdue', '/emvo/financial?overdue=true'],
          ['0assigned to you', '/emvo/financial?assignedToMe=true'],
          ['Open the whole queue', '/emvo/financial?status.not=NOT_SUBMITTED'],
        ],
      },
    ]);
  });

  it('each link says its queue to assistive technology (the three cards have the same figures)', async () => {
    server.use(http.get(reviewQueuesApi.summary.path, () => HttpResponse.json(SUMMARY)));
    renderReviewerRoute('/emvo');
    await cards();
    const overdue = screen.getAllByRole('link', { name: /overdue$/ });
    expect(overdue.map((link) => link.getAttribute('aria-describedby'))).toHaveLength(3);
    expect(overdue[1]).toHaveAccessibleDescription('Contractual queue');
  });

  it('a figure opens its queue with that filter on, and the queue asks the API for exactly that', async () => {
    const user = userEvent.setup();
    const { url } = renderReviewerRoute('/emvo');
    const [legitimacy] = await cards();
    // The API's count: the legitimacy checks awaiting review past their SLA due date, now.
    const { overdue } = await db()
      .selectFrom('checks')
      .select(sql<number>`count(*)::int`.as('overdue'))
      .where('type', '=', 'LEGITIMACY')
      .where('status', 'in', AWAITING_REVIEW)
      .where('slaDueAt', '<', sql<Date>`now()`)
      .executeTakeFirstOrThrow();
    expect(overdue).toBeGreaterThan(0);
    expect(legitimacy?.links[1]?.[0]).toBe(`${overdue}overdue`);
    await user.click(screen.getAllByRole('link', { name: /overdue$/ })[0] as HTMLElement);
    expect(await screen.findByRole('heading', { level: 1, name: 'Legitimacy queue' })).toBeInTheDocument();
    expect(url()).toBe('/emvo/legitimacy?overdue=true');
    expect(screen.getByRole('checkbox', { name: 'Overdue only' })).toBeChecked();
    // The queue's call for its rows (it reads the reviewers too, whom a row can be assigned to).
    const queueCalls = () => urls().filter((call) => call.startsWith('/api/review-queues/legitimacy?'));
    await waitFor(() =>
      expect(queueCalls().at(-1)).toBe('/api/review-queues/legitimacy?overdue=true&page=1&limit=20'),
    );
    const table = screen.getByRole('table', { name: 'Legitimacy queue' });
    await waitFor(() => expect(within(table).getAllByText('Overdue')).toHaveLength(overdue));
  });

  it('says so when the queues cannot be loaded', async () => {
    server.use(
      http.get(reviewQueuesApi.summary.path, () =>
        HttpResponse.json({ code: 'DEFAULT_ERROR', message: 'down' }, { status: 500 }),
      ),
    );
    const { handleError } = renderReviewerRoute('/emvo');
    // After the one retry a server error gets.
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert).toHaveTextContent('The review queues could not be loaded.');
    expect(handleError).toHaveBeenCalled();
  });
});
