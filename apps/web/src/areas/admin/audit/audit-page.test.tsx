import { DEMO_ACCOUNTS } from '@portal/demo-data';
import { redactSecrets } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render-screen';
import type { TestWorld } from '../../../test/test-world';
import { worldSuite } from '../../../test/world-suite';
import { AuditPage } from './audit-page';

/** The company one of the rows is about (the demo world's first). */
let company: { id: string; legalName: string; obpNumber: string };

/**
 * The trail holding the admin's and the reviewer's changes (written as the API's writeAudit writes them:
 * secrets redacted, the client address), each on its day.
 */
async function writeTrail({ db }: TestWorld) {
  const actors: Record<string, string> = {
    ADMIN: DEMO_ACCOUNTS.admin.email,
    EMVO: DEMO_ACCOUNTS.reviewer.email,
  };
  const write = (day: string, role: string, action: string, entity: string, diff: unknown, id?: string) =>
    db
      .insertInto('auditLog')
      .values({
        ...{ action, entity, entityId: id ?? `demo-${entity}`, actor: actors[role] ?? role },
        ...{ diff: JSON.stringify(redactSecrets(diff)), at: `${day}T09:30:00Z`, address: '127.0.0.1' },
      })
      .execute();
  company = await db
    .selectFrom('organisations')
    .select(['id', 'legalName', 'obpNumber'])
    .orderBy('legalName')
    .limit(1)
    .executeTakeFirstOrThrow();
  await write('2026-01-10', 'ADMIN', 'CREATE', 'gateway', { name: 'Demo Hub', active: true });
  await write('2026-02-02', 'ADMIN', 'UPDATE', 'gateway', { active: { from: true, to: false } });
  // A check and a token of the demo world: the trail reads the check's type and the token's environment.
  const check = await db
    .selectFrom('checks')
    .select(['id'])
    .where('type', '=', 'LEGITIMACY')
    .limit(1)
    .executeTakeFirstOrThrow();
  const token = await db.selectFrom('sessionTokens').select(['id']).limit(1).executeTakeFirstOrThrow();
  const approved = { status: { from: 'IN_REVIEW', to: 'APPROVED' } };
  await write('2026-03-05', 'EMVO', 'APPROVE', 'check', approved, check.id);
  const issued = { status: { from: 'REQUESTED', to: 'ISSUED' }, tokenValue: 'tok-123' };
  await write('2026-03-06', 'EMVO', 'ISSUE_SESSION_TOKEN', 'sessionToken', issued, token.id);
  await write('2026-01-05', 'ADMIN', 'UPDATE', 'organisation', { stage: { from: 'A', to: 'B' } }, company.id);
}
// Before each test mock mode's world (the API's own code over the demo world), with that trail.
const { calls } = worldSuite(writeTrail);

const user = userEvent.setup({ delay: null });
const renderPage = (path = '/admin/audit') =>
  renderScreen({
    routes: [{ path: '/admin/audit', element: <AuditPage /> }],
    path,
    roles: ['EmvoPortalAdmin'],
  });

async function rows() {
  const table = await screen.findByRole('table', { name: 'Audit trail' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return within(table).getAllByRole('row').slice(1);
}

describe('/admin/audit', { timeout: 30_000 }, () => {
  it('Who and Action offer their known values, by name and in words', async () => {
    const { url } = renderPage();
    await rows();
    await user.type(screen.getByLabelText('Action'), 'Approved temp');
    expect(await screen.findByRole('option', { name: 'Approved temporarily' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.type(screen.getByLabelText('Who'), 'Rita');
    await user.click(await screen.findByRole('option', { name: /^Rita Reviewer/ }));
    await waitFor(() => expect(url()).toContain('actor=reviewer@portal.test'));
    await waitFor(async () => expect(await rows()).toHaveLength(2));
  });

  it("Follows one company through the Company filter, by its id (the trail's index)", async () => {
    const { url } = renderPage();
    expect(await rows()).toHaveLength(5);
    await user.type(screen.getByLabelText('Company'), company.obpNumber);
    await user.click(
      await screen.findByRole('option', { name: `${company.legalName} (${company.obpNumber})` }),
    );
    await waitFor(() => expect(url()).toContain(`organisationId=${company.id}`));
    await waitFor(async () => expect(await rows()).toHaveLength(1));
  });

  it('shows the audit rows newest first, each diff as before → after per field', async () => {
    renderPage();
    const [first, second, third] = await rows();
    // What happened in words (the company page's and a check's timeline's), who by name, the diff folded.
    expect(first).toHaveTextContent(/Rita Reviewer issued the session token for (ITE|IQE|PRD)/);
    expect(first).not.toHaveTextContent('ISSUE_SESSION_TOKEN');
    // The check named by its type; an administrator follows it to its company's page, as its company cell.
    const approval = within(second as HTMLElement).getByRole('link', {
      name: /^Rita Reviewer approved the legitimacy check \(attempt \d+\)$/,
    });
    expect(approval).toHaveAttribute('href', expect.stringMatching(/^\/emvo\/companies\/C\d{5}$/));
    expect(first).toHaveTextContent('Rita Reviewer');
    const folded = within(first as HTMLElement).getByText('Show the changes (2)');
    expect(folded.closest('details')).not.toHaveAttribute('open');
    await user.click(folded);
    expect(folded.closest('details')).toHaveAttribute('open');
    // Each field labelled in words, never by its raw name; a secret redacted.
    expect(first).toHaveTextContent('StatusRequested → Issued');
    expect(first).toHaveTextContent('Token value[redacted]');
    expect(first).not.toHaveTextContent('tokenValue');
    // The client address the change came from, under who made it.
    expect(first).toHaveTextContent('127.0.0.1');
    expect(third).toHaveTextContent('Ada Admin changed the gateway');
    await user.click(within(third as HTMLElement).getByText('Show the change (1)'));
    const diff = within(third as HTMLElement);
    // As the gateway's form labels it.
    expect(diff.getByRole('term')).toHaveTextContent(/^Active$/);
    expect(third?.querySelector('del')).toHaveTextContent('Yes');
    expect(third?.querySelector('ins')).toHaveTextContent('No');
  });

  it('filters by entity and by a date range through the URL', async () => {
    const { url } = renderPage();
    await rows();
    // The kit's searchable select: type to narrow, Enter to choose.
    await user.type(screen.getByLabelText('Entity'), 'Gatew');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(url()).toContain('entity=gateway'));
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    await user.type(screen.getByLabelText('From'), '2026-02-01');
    await waitFor(() => expect(url()).toContain('at.gte=2026-02-01'));
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect(calls.some(({ url }) => url.startsWith('/api/audit?') && url.includes('at.gte=2026-02-01'))).toBe(
      true,
    );
  });
});
