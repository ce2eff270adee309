import { CHECK_TYPES, type CheckType, STAGES, type Stage, SYSTEM_ACTOR, words } from '@portal/domain';
import type { AuditRow } from './audit.js';
import { checkPagePath, companyPagePath, fileDownloadPath, LIST_PAGES } from './pages.js';

/*
 * What happened, in words, once: the one renderer of the portal's events (an audit row, a check's
 * transition, a stage move), used by the company page's activity, a check's timeline and the audit trail.
 * Free of zod, so the SPA bundles it alone.
 *
 * Each line is an i18n key with its values, and the English sentence the same template gives: the SPA
 * translates `key` with `values` (its locale holds ACTIVITY_SENTENCES' keys under `activity`), after
 * translating the codes it finds in `codes` (a check type, a stage, an environment) into the words of its
 * language; the API and the tests read `text`.
 */

/** One event, as the renderer reads it: an audit row with the facts its sentence needs already read out. */
export interface ActivityEvent {
  /** The audit row's id (or the event's): the line's key in a list. */
  id: string;
  at: string;
  /** Who acted, as stored (the token's email, else its subject; SYSTEM for the portal itself). */
  actor: string;
  /** Their display name when they are a user of the directory; null otherwise. */
  actorName: string | null;
  /** The audit row's action (contracts AUDIT_ACTIONS, a check's action, a stage move). */
  action: string;
  /** The kind of record (contracts AUDIT_ENTITIES) and its id. */
  entity: string;
  entityId: string;
  /** The record's name: its current one, or the one it had when the row was written (deleted since). */
  entityName: string | null;
  /** The company the record belongs to, when it belongs to one. */
  obpNumber: string | null;
  /** A check's type and attempt (a check's rows). */
  checkType: CheckType | null;
  attempt: number | null;
  /** A session token's, a CSR's or a test run's environment. */
  environment: string | null;
  /** An upload's file name. */
  fileName: string | null;
  /** A stage move's stages. */
  fromStage: Stage | null;
  toStage: Stage | null;
  /** The assignee a check was given (ASSIGN_CHECK), by name. */
  assigneeName: string | null;
  /** The reason given (a decision, a stage move), shown under the sentence. */
  reason: string | null;
  /** The internal note an ADD_NOTE wrote (never its text): its line leads to it on the check's page. */
  noteId?: string | null;
}

/** Where a line leads: the page of its record, a download, or the list that holds it. */
export interface ActivityLink {
  kind: 'check' | 'company' | 'file' | 'list';
  path: string;
}

export interface ActivityLine {
  /** The i18n key: `activity.<sentence>` (ACTIVITY_SENTENCES). */
  key: string;
  /** The values of the template, in English words (a code is given in `codes` too, to translate it). */
  values: Record<string, string | number>;
  /** Values that are codes, by the same names, for the SPA to translate before it fills the template. */
  codes: Record<string, string>;
  /** The sentence in English. */
  text: string;
  /** The reason or comment, shown under the sentence; null when none. */
  detail: string | null;
  link: ActivityLink | null;
}

/**
 * The sentences, by the last part of their i18n key. `{{name}}` is a value (i18next's syntax, the SPA's).
 * Every action the trail writes has one; another action (an older code) reads as ACTION with its words.
 */
export const ACTIVITY_SENTENCES = {
  // A check's transitions, billing steps and the reviewers' work on it.
  'check.SUBMIT': '{{actor}} submitted the {{check}} check (attempt {{attempt}})',
  'check.START': '{{actor}} started the review of the {{check}} check (attempt {{attempt}})',
  'check.APPROVE': '{{actor}} approved the {{check}} check (attempt {{attempt}})',
  'check.APPROVE_TEMPORARILY': '{{actor}} approved the {{check}} check temporarily (attempt {{attempt}})',
  'check.REQUEST_CORRECTIONS': '{{actor}} requested corrections to the {{check}} check (attempt {{attempt}})',
  'check.REJECT': '{{actor}} rejected the {{check}} check (attempt {{attempt}})',
  'check.TOP_UP_REQUIRED': '{{actor}} asked for a top-up on the {{check}} check',
  'check.TEMPLATE_CHANGED': '{{actor}} reopened the {{check}} check for a new agreement template',
  'check.MARK_INVOICED': '{{actor}} marked the {{check}} check invoiced',
  'check.MARK_PAID': '{{actor}} marked the {{check}} check paid',
  'check.MARK_REFUNDED': '{{actor}} marked the {{check}} check refunded',
  'check.ASSIGN_CHECK': '{{actor}} assigned the {{check}} check to {{assignee}}',
  'check.TAKE_CHECK': '{{actor}} took the {{check}} check',
  'check.UNASSIGN_CHECK': '{{actor}} unassigned the {{check}} check',
  'check.ADD_NOTE': '{{actor}} added an internal note to the {{check}} check',
  // The company's uploads.
  'upload.UPLOAD_COPY_OF_PROOF': '{{actor}} uploaded copy of proof {{file}}',
  'upload.UPLOAD_SIGNED_AGREEMENT': '{{actor}} uploaded the signed agreement {{file}}',
  'upload.UPLOAD_INVOICING_FORM': '{{actor}} uploaded the invoicing form {{file}}',
  'upload.UPLOAD_CSR': '{{actor}} uploaded the certificate signing request {{file}} for {{environment}}',
  // The company's stage, moved by hand.
  'stage.MOVE_TO_PRODUCTION': '{{actor}} moved the company to production',
  'stage.MOVE_TO_MAINTENANCE': '{{actor}} moved the company to maintenance',
  'stage.SUSPEND': '{{actor}} suspended the company',
  'stage.RESUME': '{{actor}} resumed the company at {{to}}',
  'stage.WITHDRAW': '{{actor}} withdrew the company',
  // Session tokens (never their values).
  'sessionToken.REQUEST_SESSION_TOKEN': '{{actor}} requested a session token for {{environment}}',
  'sessionToken.ISSUE_SESSION_TOKEN': '{{actor}} issued the session token for {{environment}}',
  'sessionToken.REVEAL_SESSION_TOKEN': '{{actor}} revealed the session token for {{environment}}',
  'sessionToken.CANCEL_SESSION_TOKEN': '{{actor}} cancelled the session token for {{environment}}',
  // The company's application, saved without a check transition.
  'application.SAVE_LEGITIMACY_DRAFT': '{{actor}} saved the legitimacy draft',
  'application.SAVE_CONTRACTUAL_DRAFT': '{{actor}} saved the agreement draft',
  'application.SAVE_FINANCIAL_DRAFT': '{{actor}} saved the invoicing draft',
  'application.UPDATE_MAH_REGISTER': '{{actor}} changed the MAH register',
  'application.SUBMIT_INVOICING_INFORMATION': '{{actor}} submitted the invoicing information',
  'application.CHOOSE_GATEWAY': '{{actor}} chose a gateway',
  'application.SEND_INVITATION': '{{actor}} sent an invitation to join the company',
  // Test runs.
  'testRun.CREATE': '{{actor}} added a test run in {{environment}}',
  'testRun.IMPORT': '{{actor}} imported test runs',
  // People and accounts.
  'person.INVITE': '{{actor}} invited {{subject}}',
  'person.WITHDRAW_INVITATION': '{{actor}} withdrew the invitation of {{subject}}',
  'person.DISABLE': '{{actor}} disabled {{subject}}',
  'person.ENABLE': '{{actor}} enabled {{subject}}',
  'person.SET_ACCESS': '{{actor}} changed the access of {{subject}}',
  'person.ACTIVATE': '{{actor}} activated the account of {{subject}}',
  'person.LINK_ACCOUNT': '{{actor}} linked the sign-in account of {{subject}}',
  // The local provider's reset: the person chooses it themselves, through the mailed link.
  'person.PASSWORD_RESET': '{{actor}} chose a new password',
  'person.REMOVE_PERSON': '{{actor}} removed {{subject}}',
  'person.CONFIRM': '{{actor}} confirmed the registration of {{subject}}',
  'person.COMPLETE': '{{actor}} completed the registration of {{subject}}',
  'person.RESEND_CONFIRMATION': '{{actor}} sent the confirmation to {{subject}} again',
  'person.JOIN_COMPANY': '{{actor}} joined the company',
  // Any record: created, changed, deleted, published, archived; and any other action.
  'record.CREATE': '{{actor}} created {{kind}} {{subject}}',
  'record.UPDATE': '{{actor}} changed {{kind}} {{subject}}',
  'record.DELETE': '{{actor}} deleted {{kind}} {{subject}}',
  'record.PUBLISH': '{{actor}} published {{kind}} {{subject}}',
  'record.PUBLISH_AGREEMENT_TEMPLATE': '{{actor}} published a new agreement template',
  'record.ARCHIVE': '{{actor}} archived {{kind}} {{subject}}',
  'record.DEACTIVATE': '{{actor}} deactivated {{kind}} {{subject}}',
  'record.ACTION': '{{actor}}: {{action}} on {{kind}} {{subject}}',
} as const;
export type ActivitySentence = keyof typeof ACTIVITY_SENTENCES;

/** How a sentence names a kind of record (`{{kind}}`), by audit entity. */
export const ACTIVITY_KINDS: Readonly<Record<string, string>> = {
  organisation: 'the company',
  user: 'the user',
  contact: 'the contact',
  check: 'the check',
  registration: 'the registration',
  disclaimerAcceptance: 'the acceptance of a disclaimer',
  participationAgreement: 'the participation agreement',
  invoicingInformation: 'the invoicing information',
  certificateRequest: 'the certificate signing request',
  sessionToken: 'the session token',
  TestRun: 'the test run',
  TestRunImport: 'the test run import',
  storedFile: 'the file',
  gateway: 'the gateway',
  tooltip: 'the tooltip',
  disclaimerContent: 'the disclaimer',
  link: 'the link',
  agreementTemplate: 'the agreement template',
  settings: 'the settings',
};

/** The environments as a sentence says them (ITE, IQE, PRD are their names, kept as they are). */
const environmentWords = (environment: string | null) => environment ?? 'an environment';

/** How a sentence names who acted: their name, the portal itself, or the actor as stored. */
export function actorWords(event: Pick<ActivityEvent, 'actor' | 'actorName'>): string {
  if (event.actorName) return event.actorName;
  return event.actor === SYSTEM_ACTOR ? 'The portal' : event.actor;
}

const STAGE_MOVE_ACTIONS = new Set([
  'MOVE_TO_PRODUCTION',
  'MOVE_TO_MAINTENANCE',
  'SUSPEND',
  'RESUME',
  'WITHDRAW',
]);
const PERSON_ENTITIES = new Set(['user', 'contact', 'registration']);

/** The sentence an event reads as (its key without the `activity.` prefix). */
export function activitySentenceOf(event: Pick<ActivityEvent, 'action' | 'entity'>): ActivitySentence {
  const { action, entity } = event;
  const candidates: string[] = [];
  if (entity === 'check') candidates.push(`check.${action}`);
  if (action.startsWith('UPLOAD_')) candidates.push(`upload.${action}`);
  if (entity === 'organisation' && STAGE_MOVE_ACTIONS.has(action)) candidates.push(`stage.${action}`);
  if (entity === 'sessionToken') candidates.push(`sessionToken.${action}`);
  if (entity === 'TestRun' || entity === 'TestRunImport') candidates.push(`testRun.${action}`);
  if (PERSON_ENTITIES.has(entity)) candidates.push(`person.${action}`);
  candidates.push(`application.${action}`, `record.${action}`);
  const found = candidates.find(
    (candidate): candidate is ActivitySentence => candidate in ACTIVITY_SENTENCES,
  );
  return found ?? 'record.ACTION';
}

/** A note's place on its check's page: the notes list's item of that id (check-notes.tsx). */
export const notePath = (checkPath: string, noteId: string) => `${checkPath}#note-${noteId}`;

/** Where the event's line leads: its check, its file, its company, or the list holding its record. */
export function activityLinkOf(event: ActivityEvent): ActivityLink | null {
  const { entity, entityId, obpNumber } = event;
  if (entity === 'check' && event.checkType) {
    const check = checkPagePath(event.checkType, entityId);
    // A note is a record of its own, shown on its check's page.
    if (event.action === 'ADD_NOTE' && event.noteId)
      return { kind: 'check', path: notePath(check, event.noteId) };
    return { kind: 'check', path: check };
  }
  if (entity === 'storedFile') return { kind: 'file', path: fileDownloadPath(entityId) };
  const list: Partial<Record<string, string>> = {
    gateway: LIST_PAGES.gateways,
    tooltip: LIST_PAGES.tooltips,
    disclaimerContent: LIST_PAGES.disclaimerContents,
    agreementTemplate: LIST_PAGES.storage,
  };
  const listPath = list[entity];
  if (listPath) return { kind: 'list', path: listPath };
  if (obpNumber) return { kind: 'company', path: companyPagePath(obpNumber) };
  if (entity === 'user') return { kind: 'list', path: LIST_PAGES.users };
  return null;
}

/** Fills `{{name}}` with its value. */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));

/** The event as a line of activity: its key, values, English sentence, detail and link. */
export function activityLine(event: ActivityEvent): ActivityLine {
  const sentence = activitySentenceOf(event);
  const values: Record<string, string | number> = {
    actor: actorWords(event),
    subject: event.entityName ?? (event.entity === 'check' ? 'a check' : 'a record that no longer exists'),
    kind: ACTIVITY_KINDS[event.entity] ?? words(event.entity),
    action: words(event.action),
  };
  const codes: Record<string, string> = {};
  if (event.checkType) {
    values.check = words(event.checkType);
    codes.check = event.checkType;
  }
  if (event.entity === 'check') values.attempt = event.attempt ?? 1;
  if (event.assigneeName) values.assignee = event.assigneeName;
  values.file = event.fileName ?? 'a file';
  values.environment = environmentWords(event.environment);
  if (event.environment) codes.environment = event.environment;
  if (event.toStage) {
    values.to = words(event.toStage);
    codes.to = event.toStage;
  }
  if (event.fromStage) {
    values.from = words(event.fromStage);
    codes.from = event.fromStage;
  }
  return {
    key: `activity.${sentence}`,
    values,
    codes,
    text: fill(ACTIVITY_SENTENCES[sentence], values),
    detail: event.reason,
    link: activityLinkOf(event),
  };
}

/** An audit row's diff, as the renderer reads its facts. */
type Diff = Record<string, unknown> | null | undefined;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const toOf = (value: unknown): unknown =>
  value !== null && typeof value === 'object' && 'to' in value ? (value as { to: unknown }).to : value;
const fromOf = (value: unknown): unknown =>
  value !== null && typeof value === 'object' && 'from' in value ? (value as { from: unknown }).from : null;

/**
 * The facts a sentence needs, read from an audit row's diff as the API writes it (a check's type and
 * attempt, an upload's file, a stage move's stages, a token's environment, a reason, a note's id): what the audit page
 * and the company page both hand the renderer. A fact the diff lacks stays null; the API may supply it
 * from the record (the company page does for a check's type and a token's environment).
 */
export function activityFactsOf(
  diff: unknown,
): Pick<
  ActivityEvent,
  'checkType' | 'attempt' | 'environment' | 'fileName' | 'fromStage' | 'toStage' | 'reason' | 'noteId'
> {
  const d: Diff = diff !== null && typeof diff === 'object' && !Array.isArray(diff) ? (diff as Diff) : null;
  const file = d?.file;
  const stage = d?.stage;
  const attempt = d?.attempt;
  const checkType = CHECK_TYPES.find((type) => type === d?.type) ?? null;
  const stageOf = (value: unknown) => STAGES.find((one) => one === value) ?? null;
  return {
    checkType,
    attempt: typeof attempt === 'number' ? attempt : null,
    environment: text(d?.environment),
    fileName: file !== null && typeof file === 'object' ? text((file as { name?: unknown }).name) : null,
    fromStage: stageOf(fromOf(stage)),
    toStage: stageOf(toOf(stage)),
    reason: text(d?.reason),
    noteId: text(d?.noteId),
  };
}

/**
 * An audit row (/admin/audit) as the renderer reads it: its facts from its diff, completed by what the
 * trail looked up for it (a check's type, a token's environment, an assignee's name).
 */
export function auditActivityOf(row: AuditRow): ActivityEvent {
  const facts = activityFactsOf(row.diff);
  const assignee = (row.diff as { assignee?: { to?: unknown } } | null)?.assignee?.to;
  return {
    id: row.id,
    at: row.at,
    actor: row.actor,
    actorName: row.actorName,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    entityName: row.entityName,
    obpNumber: row.obpNumber,
    ...facts,
    checkType: facts.checkType ?? row.checkType,
    environment: facts.environment ?? row.environment,
    assigneeName: row.assigneeName ?? (typeof assignee === 'string' ? assignee : null),
  };
}
