import { CHECK_TYPES, type CheckStatus, type Role } from './enums.js';
import { isMahCount, topUp } from './fees.js';
import { cleanReason, type Failure, fail, isValidDate } from './result.js';
import { words } from './words.js';
import { slaDueAt } from './working-days.js';

export type CheckType = (typeof CHECK_TYPES)[number];

/**
 * domain.md: a legitimacy check has an SLA (15 working days from its submission); the other checks have
 * none, so their queues have no SLA column.
 */
export const hasSla = (type: CheckType): boolean => type === 'LEGITIMACY';

/**
 * Who acts on a check: a role of spec §3, or the portal itself (SYSTEM) for the rules no person triggers
 * (the financial top-up, a new agreement template).
 */
export type CheckActorRole = Role | 'SYSTEM';

/**
 * The latest time an action may carry: the end of year 9999, the last ISO 8601 four-digit year. Later
 * times are no real clock's, and near the end of JavaScript's dates (year 275760) the SLA's due date
 * would fall out of range (found by the property test "never throws").
 */
const LATEST_ACTION_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** What the portal records as actor and decidedBy when SYSTEM acts. */
export const SYSTEM_ACTOR = 'SYSTEM';

export const CHECK_ACTIONS = [
  'SUBMIT',
  'START',
  'APPROVE',
  'APPROVE_TEMPORARILY',
  'REQUEST_CORRECTIONS',
  'REJECT',
  'TOP_UP_REQUIRED',
  'TEMPLATE_CHANGED',
] as const;
export type CheckAction = (typeof CHECK_ACTIONS)[number];

/** The reviewer's decisions of domain.md, the ones the shared decision modal offers. */
export const CHECK_DECISIONS = [
  'APPROVE',
  'APPROVE_TEMPORARILY',
  'REQUEST_CORRECTIONS',
  'REJECT',
] as const satisfies readonly CheckAction[];

/** A check as stored (domain.md Check), the fields the rules read and write. */
export interface CheckRecord {
  type: CheckType;
  status: CheckStatus;
  /** 1 for the first submission, +1 for each resubmission. */
  attempt: number;
  assignee: string | null;
  submittedAt: Date | null;
  slaDueAt: Date | null;
  decidedAt: Date | null;
  decidedBy: string | null;
  reason: string | null;
}

/** What the rules need of a check: its type, status and attempt; the other fields default to null. */
export type CheckInput = Pick<CheckRecord, 'type' | 'status' | 'attempt'> &
  Partial<Omit<CheckRecord, 'type' | 'status' | 'attempt'>>;

/** The environment-dependent facts that decide whether an action is open. */
export interface CheckRules {
  /** domain.md: "Approve temporarily (test environments only)". Absent means production: refused. */
  testEnvironment?: boolean;
  /** For TOP_UP_REQUIRED: the approved form's declared MAH count and the MAHs active now. */
  mahCounts?: { declared: number; active: number };
}

export interface DecisionContext extends CheckRules {
  role: CheckActorRole;
  /** The acting user's id; ignored for SYSTEM, which always acts as SYSTEM_ACTOR. */
  actor: string;
  /** Required (non-blank) for every decision but APPROVE; kept as the event's comment. */
  reason?: string | null;
  now: Date;
  /** 'YYYY-MM-DD' holidays skipped by the legitimacy SLA (working-days.ts). */
  holidays?: readonly string[];
}

/** A CheckEvent row to append (domain.md: every transition writes one); the caller adds checkId. */
export interface CheckEventDraft {
  action: CheckAction;
  from: CheckStatus;
  to: CheckStatus;
  actor: string;
  role: CheckActorRole;
  comment: string | null;
  at: Date;
}

export type DecisionResult = { ok: true; next: CheckRecord; event: CheckEventDraft } | Failure;

interface Transition {
  role: CheckActorRole;
  types: readonly CheckType[];
  from: readonly CheckStatus[];
  to: CheckStatus;
  reason: 'required' | 'optional' | 'generated';
}

/**
 * The whole state machine, one row per action. Choices domain.md leaves open, decided here:
 * - REQUEST_CORRECTIONS applies to all three checks. domain.md names it for legitimacy only, but a
 *   rejection is final, so without it an agreement signed on the wrong page or an invoicing form with a
 *   typo would end the application; the reviewer sends the document back instead, with a reason.
 * - APPROVE_TEMPORARILY is legitimacy only (domain.md), and its finalisation (APPROVE or REJECT straight
 *   from TEMPORARILY_APPROVED) therefore too: only a legitimacy check can be temporarily approved.
 * - Any reviewer may decide a check in review, not only its assignee: a colleague can take over (saying
 *   so: check-assignment.ts needsTakeOver), and the row's version (domain.md: a stale version answers 409)
 *   stops two decisions on the same check.
 * - REJECTED is final: the company may not resubmit (read-only). The one exception is the system's
 *   TOP_UP_REQUIRED, which rejects an approved invoicing form so that the company files a new one
 *   (domain.md: "sends it back to rejected, with the top-up amount shown"); it is told apart by
 *   decidedBy = SYSTEM_ACTOR.
 * - TEMPLATE_CHANGED (domain.md: "A new template version asks every company to sign again") returns a
 *   contractual check that is pending or approved to NOT_SUBMITTED; a rejected one stays rejected.
 */
const TRANSITIONS: Readonly<Record<CheckAction, Transition>> = {
  SUBMIT: {
    role: 'EXTERNAL',
    types: CHECK_TYPES,
    from: ['NOT_SUBMITTED', 'CORRECTIONS_REQUESTED', 'REJECTED'],
    to: 'SUBMITTED',
    reason: 'optional',
  },
  START: { role: 'EMVO', types: CHECK_TYPES, from: ['SUBMITTED'], to: 'IN_REVIEW', reason: 'optional' },
  APPROVE: {
    role: 'EMVO',
    types: CHECK_TYPES,
    from: ['IN_REVIEW', 'TEMPORARILY_APPROVED'],
    to: 'APPROVED',
    reason: 'optional',
  },
  APPROVE_TEMPORARILY: {
    role: 'EMVO',
    types: ['LEGITIMACY'],
    from: ['IN_REVIEW'],
    to: 'TEMPORARILY_APPROVED',
    reason: 'required',
  },
  REQUEST_CORRECTIONS: {
    role: 'EMVO',
    types: CHECK_TYPES,
    from: ['IN_REVIEW'],
    to: 'CORRECTIONS_REQUESTED',
    reason: 'required',
  },
  REJECT: {
    role: 'EMVO',
    types: CHECK_TYPES,
    from: ['IN_REVIEW', 'TEMPORARILY_APPROVED'],
    to: 'REJECTED',
    reason: 'required',
  },
  TOP_UP_REQUIRED: {
    role: 'SYSTEM',
    types: ['FINANCIAL'],
    from: ['APPROVED'],
    to: 'REJECTED',
    reason: 'generated',
  },
  TEMPLATE_CHANGED: {
    role: 'SYSTEM',
    types: ['CONTRACTUAL'],
    from: ['SUBMITTED', 'IN_REVIEW', 'CORRECTIONS_REQUESTED', 'APPROVED'],
    to: 'NOT_SUBMITTED',
    reason: 'generated',
  },
};

/** The statuses an action applies to: a new agreement template selects the checks TEMPLATE_CHANGED sends back. */
export const statusesBefore = (action: CheckAction): readonly CheckStatus[] => TRANSITIONS[action].from;

/** The status an action leads to (the same for every check type it applies to). */
export const targetStatus = (action: CheckAction): CheckStatus => TRANSITIONS[action].to;

/** domain.md: "A reason is required for all but Approve" (submitting and starting are no decisions). */
export const isReasonRequired = (action: CheckAction): boolean => TRANSITIONS[action].reason === 'required';

/** A fresh check: not submitted, attempt 1 (the database's default). */
export const initialCheck = (type: CheckType): CheckRecord => ({
  type,
  status: 'NOT_SUBMITTED',
  attempt: 1,
  assignee: null,
  submittedAt: null,
  slaDueAt: null,
  decidedAt: null,
  decidedBy: null,
  reason: null,
});

/** The exception to "a rejection is final": the system rejected an approved invoicing form for a top-up. */
export const isTopUpRejection = (check: CheckInput): boolean =>
  check.type === 'FINANCIAL' && check.status === 'REJECTED' && check.decidedBy === SYSTEM_ACTOR;

/** Why `role` may not take `action` on `check` now, or null when it may (the reason and actor aside). */
function refusal(
  check: CheckInput,
  action: CheckAction,
  role: CheckActorRole,
  rules: CheckRules,
): Failure | null {
  const t = TRANSITIONS[action];
  if (role !== t.role) {
    return fail('ROLE_NOT_ALLOWED', `Only ${t.role} may ${words(action)} a check, not ${role}`);
  }
  if (!t.types.includes(check.type)) {
    return fail('ACTION_NOT_ALLOWED', `${words(action)} does not apply to the ${words(check.type)} check`);
  }
  if (!t.from.includes(check.status)) {
    return fail('ACTION_NOT_ALLOWED', `Cannot ${words(action)} a check that is ${words(check.status)}`);
  }
  if (action === 'SUBMIT' && check.status === 'REJECTED' && !isTopUpRejection(check)) {
    return fail('ACTION_NOT_ALLOWED', 'A rejected check is final: it cannot be submitted again');
  }
  if (action === 'APPROVE_TEMPORARILY' && rules.testEnvironment !== true) {
    return fail('TEST_ENVIRONMENT_ONLY', 'A temporary approval is only given in a test environment');
  }
  if (action === 'TOP_UP_REQUIRED') {
    const counts = rules.mahCounts;
    if (!counts || !isMahCount(counts.declared) || !isMahCount(counts.active)) {
      return fail('INVALID_MAH_COUNT', 'A top-up needs the declared and the active MAH counts');
    }
    if (!topUp(counts.declared, counts.active).backToRejected) {
      return fail('TOP_UP_NOT_REQUIRED', 'No more MAHs are active than the approved form declares');
    }
  }
  return null;
}

/** What `role` may do with the check now: the SPA shows exactly these buttons, `decide` accepts exactly these. */
export function allowedActions(
  check: CheckInput,
  role: CheckActorRole,
  rules: CheckRules = {},
): CheckAction[] {
  return CHECK_ACTIONS.filter((action) => refusal(check, action, role, rules) === null);
}

function generatedReason(action: CheckAction, rules: CheckRules): string {
  if (action === 'TOP_UP_REQUIRED' && rules.mahCounts) {
    const { declared, active } = rules.mahCounts;
    const due = topUp(declared, active).amountCents;
    return `${active} MAHs are active but the approved form declares ${declared}: top-up of ${due} EUR cents`;
  }
  return 'A new agreement template version must be signed';
}

/**
 * Applies an action to a check. Never throws: a refusal comes back as `{ ok: false, code, message }`.
 * On success, `next` is the whole check after the action and `event` the CheckEvent to append with it.
 */
export function decide(check: CheckInput, action: CheckAction, context: DecisionContext): DecisionResult {
  const refused = refusal(check, action, context.role, context);
  if (refused) return refused;
  const t = TRANSITIONS[action];
  const actor = context.role === 'SYSTEM' ? SYSTEM_ACTOR : context.actor.trim();
  if (actor === '') return fail('ACTOR_REQUIRED', 'The acting user is required');
  if (!isValidDate(context.now) || context.now.getTime() > LATEST_ACTION_TIME) {
    return fail('INVALID_DATE', 'The time of the action is not a valid date');
  }
  const given = cleanReason(context.reason);
  if (t.reason === 'required' && given === null) {
    return fail('REASON_REQUIRED', `A reason is required to ${words(action)}`);
  }
  const reason = t.reason === 'generated' ? (given ?? generatedReason(action, context)) : given;
  const now = context.now;

  const current: CheckRecord = { ...initialCheck(check.type), ...check };
  let next: CheckRecord;
  switch (action) {
    case 'SUBMIT':
      // domain.md: "Resubmission after corrections restarts the SLA" (legitimacy is the only check with one).
      next = {
        ...current,
        status: t.to,
        attempt: check.status === 'NOT_SUBMITTED' ? 1 : check.attempt + 1,
        submittedAt: now,
        slaDueAt: hasSla(check.type) ? slaDueAt(now, context.holidays) : null,
        decidedAt: null,
        decidedBy: null,
        reason: null,
      };
      break;
    case 'START':
      next = { ...current, status: t.to, assignee: actor };
      break;
    case 'TEMPLATE_CHANGED':
      next = {
        ...current,
        status: t.to,
        assignee: null,
        submittedAt: null,
        slaDueAt: null,
        decidedAt: null,
        decidedBy: null,
        reason,
      };
      break;
    default:
      next = { ...current, status: t.to, decidedAt: now, decidedBy: actor, reason };
  }
  return {
    ok: true,
    next,
    event: { action, from: check.status, to: t.to, actor, role: context.role, comment: reason, at: now },
  };
}
