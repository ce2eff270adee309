import type { ActivityEvent, CheckDetail } from '@portal/contracts';
import { CHECK_ACTIONS, type CheckAction, statusesBefore, targetStatus } from '@portal/domain';

/** The action a transition was: the one whose statuses it went from and to (domain checks.ts TRANSITIONS). */
export function checkActionOf(event: Pick<CheckDetail['events'][number], 'from' | 'to'>): CheckAction | null {
  return (
    CHECK_ACTIONS.find(
      (action) =>
        targetStatus(action) === event.to &&
        event.from !== null &&
        statusesBefore(action).includes(event.from),
    ) ?? null
  );
}

/** An event of the check as the renderer reads it, its check's facts filled in. */
function checkEvent(
  detail: CheckDetail,
  event: Pick<ActivityEvent, 'id' | 'at' | 'actor' | 'action' | 'attempt' | 'reason'> &
    Partial<Pick<ActivityEvent, 'assigneeName' | 'noteId'>>,
): ActivityEvent {
  const { check, organisation, people } = detail;
  return {
    actorName: people[event.actor] ?? null,
    entity: 'check',
    entityId: check.id,
    entityName: null,
    obpNumber: organisation.obpNumber,
    checkType: check.type,
    environment: null,
    fileName: null,
    fromStage: null,
    toStage: null,
    assigneeName: null,
    noteId: null,
    ...event,
  };
}

/**
 * The check's story as the activity renderer reads it (contracts activity-words.ts), oldest first: its
 * transitions (who by name, the action each was, the attempt it belonged to, a submission starting the
 * next, the reason given) and the reviewers' work on it (an assignment and to whom, a note written,
 * leading to the note), each in its place in time.
 */
export function checkActivityOf(detail: CheckDetail): ActivityEvent[] {
  let attempt = 0;
  const transitions = detail.events.map((event) => {
    const action = checkActionOf(event);
    if (action === 'SUBMIT') attempt += 1;
    return checkEvent(detail, {
      id: event.id,
      at: event.at,
      actor: event.actor,
      action: action ?? event.to,
      attempt: Math.max(attempt, 1),
      reason: event.comment,
    });
  });
  const teamwork = detail.teamwork.map((work) =>
    checkEvent(detail, {
      id: `teamwork-${work.id}`,
      at: work.at,
      actor: work.actor,
      action: work.action,
      attempt: work.attempt,
      reason: null,
      assigneeName: work.assignee ? (detail.people[work.assignee] ?? work.assignee) : null,
      noteId: work.noteId,
    }),
  );
  // Both lists are oldest first: a stable sort keeps a transition before the work of the same instant.
  return [...transitions, ...teamwork].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
