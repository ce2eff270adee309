import { ACTIVE_STAGES, isActiveStage, isLegitimacyCleared, type OrganisationProgress } from './stages.js';

/**
 * domain.md Financial: "the fee tier follows the active MAH count" and "More active MAHs than the approved
 * form declares sends it back to rejected". Once the legitimacy is approved (or temporarily approved), the
 * company keeps its MAH register itself, from APPROVALS on: it adds MAHs or deactivates them, never
 * deletes them (the reviewers approved them). Not while SUSPENDED or WITHDRAWN; before that, the MAHs are
 * part of the legitimacy step.
 */
export function canEditMahRegister(progress: OrganisationProgress): boolean {
  const { stage } = progress;
  return (
    isActiveStage(stage) &&
    ACTIVE_STAGES.indexOf(stage) >= ACTIVE_STAGES.indexOf('APPROVALS') &&
    isLegitimacyCleared(progress.legitimacyStatus)
  );
}
