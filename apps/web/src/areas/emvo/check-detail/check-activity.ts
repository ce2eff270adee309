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

/**
 * The check's transitions as the activity renderer reads them (contracts activity-words.ts): who by name,
 * the action each was, the attempt it belonged to (a submission starts the next), the reason given.
 */
export function checkActivityOf(detail: CheckDetail): ActivityEvent[] {
  const { check, organisation, people } = detail;
  let attempt = 0;
  return detail.events.map((event) => {
    const action = checkActionOf(event);
    if (action === 'SUBMIT') attempt += 1;
    return {
      id: event.id,
      at: event.at,
      actor: event.actor,
      actorName: people[event.actor] ?? null,
      action: action ?? event.to,
      entity: 'check',
      entityId: check.id,
      entityName: null,
      obpNumber: organisation.obpNumber,
      checkType: check.type,
      attempt: Math.max(attempt, 1),
      environment: null,
      fileName: null,
      fromStage: null,
      toStage: null,
      assigneeName: null,
      reason: event.comment,
    };
  });
}
