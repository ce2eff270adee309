import type {
  CheckDetail,
  OnboardingAnswer,
  QueueSlug,
  QueueSummary,
  ReviewQueueRow,
} from '@portal/contracts';
import type { CheckRow } from '@portal/demo-data';
import { type CheckType, isAwaitingReview, isCheckOverdue } from '@portal/domain';
import type { ListPage } from '@portal/list-query';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockToken } from '../../mock/mock-accounts';
import { createMockContext, createMockHandlers } from './handlers';
import type { MockContext } from './mock-http';
import { reviewHandlers } from './review-handlers';
import { fileDownloadRoute } from './storage-admin-handlers';

/** After the demo world's history (@portal/demo-data EPOCH), past every open check's SLA but one's (below). */
const NOW = new Date('2026-10-05T10:00:00Z');
const ME = 'reviewer@portal.test';
const server = setupServer();
let context: MockContext;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  context = createMockContext({ delayMs: 0, now: () => NOW });
  // One legitimacy check of the reviewer's is within its SLA, so the overdue flag keeps some and not others.
  const inTime = context.db.checks.find(
    (c) => c.type === 'LEGITIMACY' && c.status === 'IN_REVIEW' && c.assignee === ME,
  );
  if (inTime) inTime.slaDueAt = '2026-10-20T00:00:00.000Z';
  server.resetHandlers(...reviewHandlers(context), fileDownloadRoute(context));
});
afterAll(() => server.close());

const AUTH = { authorization: `Bearer ${mockToken('EMVO')}` };

async function call<T = unknown>(path: string, init: RequestInit = {}) {
  const response = await fetch(new URL(path, location.origin), {
    ...init,
    headers: { ...AUTH, ...init.headers },
  });
  const text = await response.text();
  const body = (
    text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text
  ) as T;
  return { status: response.status, body };
}

const queue = (slug: QueueSlug, query = '') =>
  call<ListPage<ReviewQueueRow>>(`/api/review-queues/${slug}${query ? `?${query}` : ''}`);
const detail = (id: string) => call<CheckDetail>(`/api/checks/${id}`);
const post = (id: string, step: 'decisions' | 'billing', body: unknown) =>
  call<CheckDetail>(`/api/checks/${id}/${step}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A demo world check in a given state (the store's own row: a test may change it). */
function demoCheck(type: CheckType, test: (check: CheckRow) => boolean): CheckRow {
  const found = context.db.checks.find((check) => check.type === type && test(check));
  if (!found) throw new Error(`No demo ${type} check for this test`);
  return found;
}
const organisationOf = (check: CheckRow) =>
  context.db.organisations.find((row) => row.id === check.organisationId);

describe('GET /api/review-queues/{queue} (mock, over db.checks)', () => {
  it('answers the open checks of the type by default, every submitted one on request (issue 23 item 12)', async () => {
    const open = await queue('legitimacy', 'limit=100');
    expect(open.status).toBe(200);
    const stored = context.db.checks.filter((c) => c.type === 'LEGITIMACY' && c.status !== 'NOT_SUBMITTED');
    expect(open.body.total).toBe(stored.filter((c) => isAwaitingReview(c.status)).length);
    expect(open.body.items.every((row) => isAwaitingReview(row.status))).toBe(true);
    const every = await queue('legitimacy', 'limit=100&status.not=NOT_SUBMITTED');
    expect(every.body.total).toBe(stored.length);
    expect(every.body.total).toBeGreaterThan(open.body.total);
  });

  it('answers the submitted checks of the type, oldest first, with their organisation’s columns', async () => {
    const { status, body } = await queue('legitimacy', 'limit=100&status.not=NOT_SUBMITTED');
    expect(status).toBe(200);
    const stored = context.db.checks.filter((c) => c.type === 'LEGITIMACY' && c.status !== 'NOT_SUBMITTED');
    expect(body.total).toBe(stored.length);
    const submitted = body.items.map((row) => row.submittedAt ?? '');
    expect(submitted).toEqual([...submitted].sort());
    const [row] = body.items;
    const check = context.db.checks.find((c) => c.id === row?.id);
    const organisation = check && organisationOf(check);
    expect(row).toEqual({
      id: check?.id,
      organisationId: organisation?.id,
      obpNumber: organisation?.obpNumber,
      legalName: organisation?.legalName,
      orgType: organisation?.orgType,
      country: organisation?.country,
      email: organisation?.email,
      mahCount: organisation?.mahCount,
      submittedAt: check?.submittedAt,
      slaDueAt: check?.slaDueAt,
      overdue: check ? isCheckOverdue(check, NOW) : null,
      attempt: check?.attempt,
      status: check?.status,
      assignee: check?.assignee,
      version: check?.version,
    });
  });

  it.each<[string, string, (row: ReviewQueueRow) => boolean]>([
    [
      'assignedToMe=true: the checks assigned to the caller',
      'assignedToMe=true',
      (row) => row.assignee === ME,
    ],
    ['overdue=true: the checks awaiting review past their SLA', 'overdue=true', (row) => row.overdue],
    [
      'both flags and list filters together',
      'assignedToMe=true&overdue=true&status=IN_REVIEW',
      (row) => row.assignee === ME && row.overdue && row.status === 'IN_REVIEW',
    ],
  ])('%s', async (_rule, query, holds) => {
    const all = (await queue('legitimacy', 'limit=100')).body.items;
    const { status, body } = await queue('legitimacy', `limit=100&${query}`);
    expect(status).toBe(200);
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.length).toBeLessThan(all.length);
    expect(body.items).toEqual(all.filter(holds));
  });

  it('a false flag filters nothing; a flag that is not true or false, an unknown field or queue is 400', async () => {
    expect((await queue('financial', 'overdue=false')).body.total).toBe(
      (await queue('financial')).body.total,
    );
    expect(await queue('financial', 'overdue=yes')).toMatchObject({
      status: 400,
      body: [{ code: 'INVALID_FIELD', field: 'overdue' }],
    });
    expect(await queue('financial', 'stage=INFORMATION')).toMatchObject({
      status: 400,
      body: { code: 'UNKNOWN_FIELD' },
    });
    expect((await call('/api/review-queues/technical')).status).toBe(400);
  });

  it('searches the company’s number; filters by status, type and country', async () => {
    const [first] = (await queue('contractual')).body.items;
    if (!first) throw new Error('The contractual queue is empty');
    expect((await queue('contractual', `search=${first.obpNumber}`)).body.items.map((row) => row.id)).toEqual(
      [first.id],
    );
    const filtered = await queue(
      'contractual',
      `limit=100&status=${first.status}&orgType=${first.orgType}&country=${first.country}`,
    );
    expect(filtered.body.items.map((row) => row.id)).toContain(first.id);
    for (const row of filtered.body.items) {
      expect(row).toMatchObject({ orgType: first.orgType, country: first.country, status: first.status });
    }
  });

  it('shows a check the moment its row is submitted (a company’s submission reaches the queue)', async () => {
    const check = demoCheck('FINANCIAL', (c) => c.status === 'SUBMITTED');
    const before = (await queue('financial', 'limit=100&status=SUBMITTED')).body.total;
    check.status = 'NOT_SUBMITTED';
    expect((await queue('financial', 'limit=100&status=SUBMITTED')).body.total).toBe(before - 1);
  });

  it('needs a session: 401 without a bearer token', async () => {
    expect((await fetch(new URL('/api/review-queues/legitimacy', location.origin))).status).toBe(401);
  });
});

describe('GET /api/review-queues/summary (mock)', () => {
  it("counts each queue's open, overdue and assigned-to-me checks, as the filtered queues find them", async () => {
    const { status, body } = await call<QueueSummary>('/api/review-queues/summary');
    expect(status).toBe(200);
    expect(body.queues.map((entry) => entry.queue)).toEqual(['legitimacy', 'contractual', 'financial']);
    for (const entry of body.queues) {
      const open = 'limit=1&status=SUBMITTED,IN_REVIEW';
      expect(entry).toEqual({
        queue: entry.queue,
        open: (await queue(entry.queue, open)).body.total,
        overdue: (await queue(entry.queue, `${open}&overdue=true`)).body.total,
        assignedToMe: (await queue(entry.queue, `${open}&assignedToMe=true`)).body.total,
      });
      expect(entry.open).toBeGreaterThan(0);
    }
    expect(body.queues[0]?.overdue).toBeGreaterThan(0);
    expect(body.queues[1]?.assignedToMe).toBeGreaterThan(0);
  });
});

describe('GET /api/checks/{id} (mock)', () => {
  it('answers the check, its company, its document, attempts, timeline and what the reviewer may do', async () => {
    const check = demoCheck('LEGITIMACY', (c) => c.status === 'IN_REVIEW');
    const { status, body } = await detail(check.id);
    expect(status).toBe(200);
    expect(body.check).toMatchObject({ id: check.id, type: 'LEGITIMACY', status: 'IN_REVIEW', version: 1 });
    expect(body.organisation).toEqual({
      id: check.organisationId,
      obpNumber: organisationOf(check)?.obpNumber,
      stage: 'INFORMATION',
    });
    expect(body.application.company.legalName).toBe(organisationOf(check)?.legalName);
    expect(body.application.mahs).toHaveLength(organisationOf(check)?.mahCount ?? -1);
    expect(body.allowedActions).toEqual(['APPROVE', 'APPROVE_TEMPORARILY', 'REQUEST_CORRECTIONS', 'REJECT']);
    expect(body.documents).toEqual([expect.objectContaining({ purpose: 'COPY_OF_PROOF' })]);
    expect(body.application.authorisedRepresentative.copyOfProof?.id).toBe(body.documents[0]?.id);
    expect(body.events.map(({ from, to }) => `${from}>${to}`)).toEqual([
      'NOT_SUBMITTED>SUBMITTED',
      'SUBMITTED>IN_REVIEW',
    ]);
    expect(body.attempts).toEqual([expect.objectContaining({ attempt: 1, outcome: null })]);
    expect(body.billing).toBeNull();
  });

  it('a financial check: the fee as filed and the billing step open now', async () => {
    const check = demoCheck('FINANCIAL', (c) => c.status === 'APPROVED');
    const invoicing = context.db.invoicingInformation.find(
      (row) => row.organisationId === check.organisationId,
    );
    const { body } = await detail(check.id);
    expect(body.documents).toEqual([
      expect.objectContaining({ id: invoicing?.formFileId, purpose: 'INVOICING_FORM' }),
    ]);
    expect(body.billing).toMatchObject({
      declaredMahCount: invoicing?.declaredMahCount,
      feeCents: invoicing?.feeCents,
      invoiceNumber: invoicing?.invoiceNumber,
    });
    // Issue 23 item 10: what the invoice needs, as the company filed it.
    expect(body.billing?.details).toEqual({
      ...invoicing?.billing,
      address: { ...invoicing?.billing.address },
    });
    expect(body.billing?.details?.legalEntity).toEqual(expect.any(String));
    expect(body.agreement).toBeNull();
  });

  it('a contractual check: the template version signed and the two tick boxes as ticked (issue 23 item 11)', async () => {
    const check = demoCheck('CONTRACTUAL', (c) => c.status === 'IN_REVIEW');
    const agreement = context.db.participationAgreements.find(
      (row) => row.organisationId === check.organisationId,
    );
    const { body } = await detail(check.id);
    expect(body.agreement).toEqual({
      templateVersion: agreement?.templateVersion,
      tickBoxesVersion: expect.any(Number),
      boxes: [
        { field: 'acceptedTerms', text: expect.stringMatching(/\w/), ticked: agreement?.acceptedTerms },
        {
          field: 'confirmedAuthority',
          text: expect.stringMatching(/\w/),
          ticked: agreement?.confirmedAuthority,
        },
      ],
    });
    expect(body.billing).toBeNull();
  });

  it.each<[string, CheckType, (c: CheckRow) => boolean, string[]]>([
    ['submitted: start', 'CONTRACTUAL', (c) => c.status === 'SUBMITTED', ['START']],
    ['decided: nothing', 'CONTRACTUAL', (c) => c.status === 'APPROVED', []],
    [
      'temporarily approved: approve or reject',
      'LEGITIMACY',
      (c) => c.status === 'TEMPORARILY_APPROVED',
      ['APPROVE', 'REJECT'],
    ],
  ])('allowed actions, %s (domain allowedActions)', async (_rule, type, pick, actions) => {
    expect((await detail(demoCheck(type, pick).id)).body.allowedActions).toEqual(actions);
  });

  it('a missing check is 404, a malformed id 400', async () => {
    expect((await detail('a2000000-0000-4000-8000-000000009999')).status).toBe(404);
    expect((await detail('nope')).status).toBe(400);
  });

  it('its document downloads for the reviewer (the one files route)', async () => {
    const { body } = await detail(demoCheck('CONTRACTUAL', (c) => c.status === 'IN_REVIEW').id);
    const [document] = body.documents;
    const response = await fetch(new URL(`/api/files/${document?.id}`, location.origin), { headers: AUTH });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(document?.name);
  });
});

describe('POST /api/checks/{id}/decisions (mock, the domain rules)', () => {
  it('start then approve, each at the version read: the check, its timeline, the organisation and the audit follow', async () => {
    const check = demoCheck('LEGITIMACY', (c) => c.status === 'SUBMITTED');
    const organisation = organisationOf(check);
    const started = await post(check.id, 'decisions', { action: 'START', version: 1 });
    expect(started.body.check).toMatchObject({ status: 'IN_REVIEW', assignee: ME, version: 2 });
    const approved = await post(check.id, 'decisions', { action: 'APPROVE', version: 2 });
    expect(approved.status).toBe(200);
    expect(approved.body.check).toMatchObject({ status: 'APPROVED', decidedBy: ME, version: 3 });
    expect(approved.body.events.slice(-2)).toEqual([
      expect.objectContaining({ from: 'SUBMITTED', to: 'IN_REVIEW', actor: ME, role: 'EMVO' }),
      expect.objectContaining({ from: 'IN_REVIEW', to: 'APPROVED', at: NOW.toISOString() }),
    ]);
    // domain stageAfterChecks: legitimacy approved moves INFORMATION on to APPROVALS, in the one store.
    expect(approved.body.organisation.stage).toBe('APPROVALS');
    expect(organisation).toMatchObject({ stage: 'APPROVALS', legitimacyStatus: 'APPROVED', updatedBy: ME });
    expect(context.db.auditLog.map(({ action, entityId, actor }) => ({ action, entityId, actor }))).toEqual([
      { action: 'START', entityId: check.id, actor: ME },
      { action: 'APPROVE', entityId: check.id, actor: ME },
    ]);
    expect((await detail(check.id)).body).toEqual(approved.body);
  });

  it('a stale version: 409 CHECK_DECIDED_FIRST naming who acted first and how; the first decision stays', async () => {
    const check = demoCheck('CONTRACTUAL', (c) => c.status === 'IN_REVIEW');
    expect((await post(check.id, 'decisions', { action: 'APPROVE', version: 1 })).status).toBe(200);
    expect(await post(check.id, 'decisions', { action: 'REJECT', reason: 'No.', version: 1 })).toEqual({
      status: 409,
      body: [
        {
          code: 'CHECK_DECIDED_FIRST',
          message: 'Rita Reviewer approved this check first',
          values: { actor: 'Rita Reviewer', status: 'approved' },
        },
      ],
    });
    expect(check.status).toBe('APPROVED');
  });

  it.each<[string, CheckType, (c: CheckRow) => boolean, object, number, string]>([
    [
      'nothing is approved before it is started',
      'FINANCIAL',
      (c) => c.status === 'SUBMITTED',
      { action: 'APPROVE' },
      409,
      'ACTION_NOT_ALLOWED',
    ],
    [
      'a temporary approval is legitimacy only',
      'CONTRACTUAL',
      (c) => c.status === 'IN_REVIEW',
      { action: 'APPROVE_TEMPORARILY', reason: 'Test' },
      409,
      'ACTION_NOT_ALLOWED',
    ],
    [
      'a reason is required to reject (400 REASON_REQUIRED)',
      'CONTRACTUAL',
      (c) => c.status === 'IN_REVIEW',
      { action: 'REJECT', reason: '  ' },
      400,
      'REASON_REQUIRED',
    ],
    [
      'a rejection is final',
      'LEGITIMACY',
      (c) => c.status === 'REJECTED',
      { action: 'START' },
      409,
      'ACTION_NOT_ALLOWED',
    ],
  ])('%s: refused, nothing changes', async (_rule, type, pick, input, status, code) => {
    const check = demoCheck(type, pick);
    const before = { ...check };
    const answer = await post(check.id, 'decisions', { ...input, version: check.version });
    expect(answer).toMatchObject({ status, body: { code } });
    expect(check).toEqual(before);
    expect(context.db.auditLog).toEqual([]);
  });

  it('an action outside the reviewer’s list is a field error', async () => {
    const check = demoCheck('LEGITIMACY', (c) => c.status === 'SUBMITTED');
    expect(await post(check.id, 'decisions', { action: 'SUBMIT', version: 1 })).toMatchObject({
      status: 400,
      body: [{ code: 'INVALID_FIELD', field: 'action' }],
    });
  });
});

describe('POST /api/checks/{id}/billing (mock, the domain rules)', () => {
  /** An approved invoicing form not invoiced yet. */
  const notInvoiced = (c: CheckRow) =>
    c.status === 'APPROVED' &&
    context.db.invoicingInformation.some(
      (row) => row.organisationId === c.organisationId && row.invoicedAt === null,
    );

  it('an approved invoicing form is invoiced, then paid; each step once, each an event, a version and an audit row', async () => {
    const check = demoCheck('FINANCIAL', notInvoiced);
    expect((await detail(check.id)).body.billing).toMatchObject({
      invoiceNumber: null,
      allowedActions: ['MARK_INVOICED'],
    });
    const invoiced = await post(check.id, 'billing', {
      action: 'MARK_INVOICED',
      invoiceNumber: 'INV-2026/0042',
      version: 1,
    });
    expect(invoiced.body.billing).toMatchObject({
      invoiceNumber: 'INV-2026/0042',
      invoicedAt: NOW.toISOString(),
      allowedActions: ['MARK_PAID'],
    });
    const paid = await post(check.id, 'billing', { action: 'MARK_PAID', version: 2 });
    expect(paid.body.billing).toMatchObject({ paidAt: NOW.toISOString(), allowedActions: [] });
    expect(paid.body.check).toMatchObject({ status: 'APPROVED', version: 3 });
    expect(paid.body.events.slice(-2).map(({ from, to, comment }) => ({ from, to, comment }))).toEqual([
      { from: 'APPROVED', to: 'APPROVED', comment: 'Invoiced: INV-2026/0042' },
      { from: 'APPROVED', to: 'APPROVED', comment: 'Paid' },
    ]);
    expect(context.db.auditLog.map((row) => row.action)).toEqual(['MARK_INVOICED', 'MARK_PAID']);
    expect(await post(check.id, 'billing', { action: 'MARK_PAID', version: 3 })).toMatchObject({
      status: 409,
      body: { code: 'ACTION_NOT_ALLOWED' },
    });
    expect(await post(check.id, 'billing', { action: 'MARK_PAID', version: 1 })).toMatchObject({
      status: 409,
      body: [{ code: 'CHECK_DECIDED_FIRST', message: 'Rita Reviewer marked this check paid first' }],
    });
  });

  it.each<[string, CheckType, (c: CheckRow) => boolean, object, number, string]>([
    ['paid before invoiced', 'FINANCIAL', notInvoiced, { action: 'MARK_PAID' }, 409, 'ACTION_NOT_ALLOWED'],
    [
      'an invoice number of the wrong shape',
      'FINANCIAL',
      notInvoiced,
      { action: 'MARK_INVOICED', invoiceNumber: 'INV 42!' },
      400,
      'INVALID_INVOICE_NUMBER',
    ],
    [
      'a form not approved',
      'FINANCIAL',
      (c) => c.status === 'SUBMITTED',
      { action: 'MARK_INVOICED', invoiceNumber: 'INV-1' },
      409,
      'ACTION_NOT_ALLOWED',
    ],
    [
      'another check than the financial one',
      'LEGITIMACY',
      (c) => c.status === 'APPROVED',
      { action: 'MARK_PAID' },
      409,
      'ACTION_NOT_ALLOWED',
    ],
  ])('refused: %s', async (_rule, type, pick, input, status, code) => {
    const check = demoCheck(type, pick);
    expect(await post(check.id, 'billing', { ...input, version: check.version })).toMatchObject({
      status,
      body: { code },
    });
    expect(check.version).toBe(1);
  });
});

describe('one world: what a reviewer decides is what the company sees', () => {
  it('corrections requested on the demo company’s check show in its answer; its resubmission in the queue', async () => {
    server.resetHandlers(...createMockHandlers({ delayMs: 0, db: context.db, now: () => NOW }));
    const company = context.db.users.find((user) => user.email === 'external@portal.test');
    const check = demoCheck('CONTRACTUAL', (c) => c.organisationId === company?.organisationId);
    const reason = 'The agreement is not signed on page 3.';
    const decided = await post(check.id, 'decisions', { action: 'REQUEST_CORRECTIONS', reason, version: 1 });
    expect(decided.status).toBe(200);
    const answer = await call<OnboardingAnswer>('/api/onboarding', {
      headers: { authorization: `Bearer ${mockToken('EXTERNAL')}` },
    });
    expect(answer.body.checks.CONTRACTUAL).toMatchObject({ status: 'CORRECTIONS_REQUESTED', reason });
    // The company submits again: the reviewers' queue holds its second attempt.
    const resubmitted = await call('/api/onboarding/contractual/submit', {
      method: 'POST',
      headers: { authorization: `Bearer ${mockToken('EXTERNAL')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version: answer.body.organisation.version }),
    });
    expect(resubmitted.status).toBe(200);
    const obpNumber = answer.body.organisation.obpNumber;
    expect((await queue('contractual', `search=${obpNumber}`)).body.items).toEqual([
      expect.objectContaining({ id: check.id, status: 'SUBMITTED', attempt: 2 }),
    ]);
  });
});
