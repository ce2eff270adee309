import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_SENTENCES,
  type ActivityEvent,
  activityFactsOf,
  activityLine,
  activitySentenceOf,
} from './activity-words.js';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from './audit.js';
import { pathOf } from './endpoint.js';
import { filesApi } from './files.js';
import { fileDownloadPath } from './pages.js';

const CHECK_ID = '5f7ddfa3-1111-4111-8111-111111111111';

/** An event with every fact empty: each test gives what its kind has. */
const event = (overrides: Partial<ActivityEvent>): ActivityEvent => ({
  id: '1',
  at: '2026-03-02T09:00:00.000Z',
  actor: 'rita@emvo.test',
  actorName: 'Rita Reviewer',
  action: 'APPROVE',
  entity: 'check',
  entityId: CHECK_ID,
  entityName: null,
  obpNumber: 'C00123',
  checkType: null,
  attempt: null,
  environment: null,
  fileName: null,
  fromStage: null,
  toStage: null,
  assigneeName: null,
  reason: null,
  ...overrides,
});

describe('what happened, in words', () => {
  it('names the reviewer, the check and its attempt, and links to the check page', () => {
    const line = activityLine(event({ checkType: 'LEGITIMACY', attempt: 2 }));
    expect(line.text).toBe('Rita Reviewer approved the legitimacy check (attempt 2)');
    expect(line.key).toBe('activity.check.APPROVE');
    expect(line.values).toMatchObject({ actor: 'Rita Reviewer', check: 'legitimacy', attempt: 2 });
    expect(line.codes).toEqual({ check: 'LEGITIMACY' });
    expect(line.link).toEqual({ kind: 'check', path: `/emvo/legitimacy/${CHECK_ID}` });
  });

  it.each([
    ['SUBMIT', 'Anna Keller submitted the financial check (attempt 1)'],
    ['START', 'Anna Keller started the review of the financial check (attempt 1)'],
    ['APPROVE_TEMPORARILY', 'Anna Keller approved the financial check temporarily (attempt 1)'],
    ['REQUEST_CORRECTIONS', 'Anna Keller requested corrections to the financial check (attempt 1)'],
    ['REJECT', 'Anna Keller rejected the financial check (attempt 1)'],
    ['MARK_INVOICED', 'Anna Keller marked the financial check invoiced'],
    ['MARK_PAID', 'Anna Keller marked the financial check paid'],
    ['TAKE_CHECK', 'Anna Keller took the financial check'],
    ['UNASSIGN_CHECK', 'Anna Keller unassigned the financial check'],
    ['ADD_NOTE', 'Anna Keller added an internal note to the financial check'],
  ])('says a check’s %s in words', (action, text) => {
    const line = activityLine(
      event({ action, actorName: 'Anna Keller', checkType: 'FINANCIAL', attempt: 1 }),
    );
    expect(line.text).toBe(text);
  });

  it('leads a note’s line to the note on its check’s page, an assignment’s to the check', () => {
    const note = event({ action: 'ADD_NOTE', checkType: 'LEGITIMACY', noteId: 'n1' });
    expect(activityLine(note).link).toEqual({ kind: 'check', path: `/emvo/legitimacy/${CHECK_ID}#note-n1` });
    const taken = event({ action: 'TAKE_CHECK', checkType: 'LEGITIMACY' });
    expect(activityLine(taken).link).toEqual({ kind: 'check', path: `/emvo/legitimacy/${CHECK_ID}` });
  });

  it('reads a note’s id from its audit row, never its text', () => {
    const facts = activityFactsOf({ type: 'FINANCIAL', attempt: 2, noteId: 'n1', body: 'Called the SPOC' });
    expect(facts).toMatchObject({ checkType: 'FINANCIAL', attempt: 2, noteId: 'n1', reason: null });
    expect(JSON.stringify(facts)).not.toContain('Called the SPOC');
  });

  it('names the colleague a check was handed to, and gives the decision’s reason as its detail', () => {
    const assigned = event({ action: 'ASSIGN_CHECK', checkType: 'CONTRACTUAL', assigneeName: 'Lena Lead' });
    expect(activityLine(assigned).text).toBe('Rita Reviewer assigned the contractual check to Lena Lead');
    const corrected = event({
      action: 'REQUEST_CORRECTIONS',
      checkType: 'LEGITIMACY',
      reason: 'Blurred scan',
    });
    expect(activityLine(corrected).detail).toBe('Blurred scan');
  });

  it('names the file of an upload', () => {
    const line = activityLine(
      event({
        action: 'UPLOAD_COPY_OF_PROOF',
        entity: 'contact',
        actor: 'anna@helvetia.test',
        actorName: 'Anna Keller',
        fileName: 'kbis.pdf',
      }),
    );
    expect(line.text).toBe('Anna Keller uploaded copy of proof kbis.pdf');
    expect(line.link).toEqual({ kind: 'company', path: '/emvo/companies/C00123' });
    expect(
      activityLine(
        event({
          action: 'UPLOAD_CSR',
          entity: 'certificateRequest',
          fileName: 'iqe.csr',
          environment: 'IQE',
        }),
      ).text,
    ).toBe('Rita Reviewer uploaded the certificate signing request iqe.csr for IQE');
  });

  it('says a stage move in words, its stages as codes to translate', () => {
    const production = event({
      action: 'MOVE_TO_PRODUCTION',
      entity: 'organisation',
      actorName: 'Lena Lead',
      fromStage: 'TECHNICAL_IQE',
      toStage: 'TECHNICAL_PRD',
    });
    const line = activityLine(production);
    expect(line.text).toBe('Lena Lead moved the company to production');
    expect(line.codes).toEqual({ from: 'TECHNICAL_IQE', to: 'TECHNICAL_PRD' });
    expect(line.text).not.toMatch(/TECHNICAL_/);
    expect(activityLine(event({ action: 'RESUME', entity: 'organisation', toStage: 'APPROVALS' })).text).toBe(
      'Rita Reviewer resumed the company at approvals',
    );
  });

  it('says a session token’s life by its environment, never by its value', () => {
    expect(
      activityLine(event({ action: 'ISSUE_SESSION_TOKEN', entity: 'sessionToken', environment: 'PRD' })).text,
    ).toBe('Rita Reviewer issued the session token for PRD');
    expect(
      activityLine(event({ action: 'CANCEL_SESSION_TOKEN', entity: 'sessionToken', environment: 'IQE' }))
        .text,
    ).toBe('Rita Reviewer cancelled the session token for IQE');
  });

  it('names a deleted gateway or link by the name the row kept, and links to its list', () => {
    const gateway = event({
      action: 'DELETE',
      entity: 'gateway',
      actorName: 'Adam Admin',
      entityName: 'Acme Gateway',
      obpNumber: null,
    });
    expect(activityLine(gateway).text).toBe('Adam Admin deleted the gateway Acme Gateway');
    expect(activityLine(gateway).link).toEqual({ kind: 'list', path: '/admin/gateways' });
    expect(activityLine({ ...gateway, entity: 'link', entityName: 'Privacy' }).text).toBe(
      'Adam Admin deleted the link Privacy',
    );
  });

  it('names people, the portal itself and the actor no user is', () => {
    expect(activityLine(event({ action: 'INVITE', entity: 'user', entityName: 'Sam Spoc' })).text).toBe(
      'Rita Reviewer invited Sam Spoc',
    );
    expect(
      activityLine(
        event({ action: 'TOP_UP_REQUIRED', actor: 'SYSTEM', actorName: null, checkType: 'FINANCIAL' }),
      ).text,
    ).toBe('The portal asked for a top-up on the financial check');
    expect(
      activityLine(event({ action: 'SUBMIT', actor: 'seed', actorName: null, checkType: 'LEGITIMACY' })).text,
    ).toBe('seed submitted the legitimacy check (attempt 1)');
  });

  it('says the test runs and the company’s drafts in words', () => {
    expect(activityLine(event({ action: 'CREATE', entity: 'TestRun', environment: 'ITE' })).text).toBe(
      'Rita Reviewer added a test run in ITE',
    );
    expect(activityLine(event({ action: 'IMPORT', entity: 'TestRunImport' })).text).toBe(
      'Rita Reviewer imported test runs',
    );
    expect(activityLine(event({ action: 'SAVE_LEGITIMACY_DRAFT', entity: 'organisation' })).text).toBe(
      'Rita Reviewer saved the legitimacy draft',
    );
  });

  it('says an action it has no sentence for in words, never as a code', () => {
    // An older row's code, which the API no longer writes.
    const line = activityLine(event({ action: 'ROTATE_KEYS', entity: 'user', entityName: 'Sam Spoc' }));
    expect(line.key).toBe('activity.record.ACTION');
    expect(line.text).toBe('Rita Reviewer: rotate keys on the user Sam Spoc');
  });

  it('has a sentence of its own for every action the trail writes, for some kind of record', () => {
    const unsaid = AUDIT_ACTIONS.filter((action) =>
      AUDIT_ENTITIES.every((entity) => activitySentenceOf({ action, entity }) === 'record.ACTION'),
    );
    // The demo data's bulk approval only: it still reads in words ("approve all").
    expect(unsaid).toEqual(['APPROVE_ALL']);
    for (const template of Object.values(ACTIVITY_SENTENCES)) expect(template).toMatch(/^\{\{actor\}\}/);
  });
});

describe('the facts of an audit row’s diff', () => {
  it('reads a check transition’s type, attempt, stages and reason', () => {
    expect(
      activityFactsOf({
        type: 'LEGITIMACY',
        attempt: 2,
        status: { from: 'IN_REVIEW', to: 'APPROVED' },
        stage: { from: 'INFORMATION', to: 'APPROVALS' },
        reason: null,
      }),
    ).toEqual({
      checkType: 'LEGITIMACY',
      attempt: 2,
      environment: null,
      fileName: null,
      fromStage: 'INFORMATION',
      toStage: 'APPROVALS',
      reason: null,
      noteId: null,
    });
  });

  it('reads an upload’s file name and a token’s environment, and leaves what is not its kind', () => {
    expect(activityFactsOf({ environment: 'IQE', file: { id: 'x', name: 'iqe.csr' } })).toMatchObject({
      environment: 'IQE',
      fileName: 'iqe.csr',
    });
    expect(activityFactsOf({ type: 'NOT_A_CHECK', stage: { to: 'NOWHERE' } })).toMatchObject({
      checkType: null,
      toStage: null,
    });
    expect(activityFactsOf(null)).toMatchObject({ checkType: null, attempt: null });
    expect(activityFactsOf(['a'])).toMatchObject({ checkType: null });
  });

  it('links a file to the files API’s download', () => {
    expect(fileDownloadPath(CHECK_ID)).toBe(pathOf(filesApi.download, { id: CHECK_ID }));
  });
});
