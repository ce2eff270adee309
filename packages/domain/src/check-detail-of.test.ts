import { describe, expect, it } from 'vitest';
import { checkDetailOf, checkEventsOf, checkFileIds } from './check-detail-of.js';
import { checkDetailView, type StoredCheck } from './check-view.js';

const now = new Date('2026-11-23T10:00:00Z');
const check: StoredCheck = {
  id: 'c1',
  type: 'LEGITIMACY',
  status: 'IN_REVIEW',
  attempt: 1,
  submittedAt: '2026-11-01T09:00:00Z',
  slaDueAt: null,
  assignee: 'rita@portal.test',
  decidedAt: null,
  decidedBy: null,
  reason: null,
  version: 3,
};
const event = (id: string, at: string, fromStatus: 'NOT_SUBMITTED' | 'SUBMITTED') => ({
  id,
  fromStatus,
  toStatus: fromStatus === 'NOT_SUBMITTED' ? ('SUBMITTED' as const) : ('IN_REVIEW' as const),
  actor: 'rita@portal.test',
  role: 'EMVO' as const,
  comment: null,
  at,
});
const file = (id: string) => ({
  id,
  purpose: 'COPY_OF_PROOF' as const,
  name: 'p.pdf',
  size: 3,
  mime: 'x',
  createdAt: now,
});
const application = { authorisedRepresentative: { copyOfProof: { id: 'f1' } }, mahs: [{}, {}] };

describe('checkEventsOf', () => {
  it('orders stored events by time, then id, with their statuses as from and to', () => {
    const events = checkEventsOf([
      event('e2', '2026-11-02T09:00:00.000Z', 'SUBMITTED'),
      event('e1', '2026-11-01T09:00:00.000Z', 'NOT_SUBMITTED'),
    ]);
    expect(events.map(({ id, from, to }) => [id, from, to])).toEqual([
      ['e1', 'NOT_SUBMITTED', 'SUBMITTED'],
      ['e2', 'SUBMITTED', 'IN_REVIEW'],
    ]);
  });
});

describe('checkDetailOf', () => {
  it("reads the check's documents among the files, its events in order and the MAHs active now", () => {
    const rows = { check, application, agreement: null, invoicing: null };
    expect(checkFileIds(rows)).toEqual(['f1']);
    const events = [
      event('e2', '2026-11-02T09:00:00.000Z', 'SUBMITTED'),
      event('e1', '2026-11-01T09:00:00.000Z', 'NOT_SUBMITTED'),
    ];
    const organisation = { id: 'o1', obpNumber: 'C00101', stage: 'INFORMATION' as const };
    const detail = checkDetailOf({
      ...rows,
      organisation,
      files: [file('f0'), file('f1')],
      events,
      testEnvironment: true,
      now,
    });
    expect(detail).toEqual(
      checkDetailView({
        check,
        organisation,
        application,
        documents: [file('f1')],
        events: checkEventsOf(events),
        invoicing: null,
        activeMahCount: 2,
        testEnvironment: true,
        now,
      }),
    );
    expect(detail.documents.map((document) => document.id)).toEqual(['f1']);
  });
});
