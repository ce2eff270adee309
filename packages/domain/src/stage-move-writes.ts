import type { StageEventDraft } from './stages.js';

/**
 * What a stage move (`moveStage`'s event) writes besides the organisation's new stage, as the API stores
 * it: its stage event (the caller adds the organisation's id) and the audit row named after the move.
 */
export function stageMoveWrites(event: StageEventDraft) {
  const { move, from, to, actor, role, comment, at } = event;
  return {
    event: { move, fromStage: from, toStage: to, actor, role, comment, at },
    audit: {
      action: move,
      entity: 'organisation',
      diff: { stage: { from, to }, ...(comment ? { reason: comment } : {}) },
    },
  };
}
