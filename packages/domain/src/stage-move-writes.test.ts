import { describe, expect, it } from 'vitest';
import { stageMoveWrites } from './stage-move-writes.js';
import { moveStage } from './stages.js';

const NOW = new Date('2026-03-02T09:30:00.000Z');

describe('stageMoveWrites', () => {
  it("writes the move's stage event and its audit row, with the reason when there is one", () => {
    const moved = moveStage('TECHNICAL_IQE', 'MOVE_TO_PRODUCTION', { role: 'EMVO', actor: 'rita', now: NOW });
    if (!moved.ok) throw new Error(moved.message);
    expect(stageMoveWrites(moved.event)).toEqual({
      event: {
        move: 'MOVE_TO_PRODUCTION',
        fromStage: 'TECHNICAL_IQE',
        toStage: 'TECHNICAL_PRD',
        actor: 'rita',
        role: 'EMVO',
        comment: null,
        at: NOW,
      },
      audit: {
        action: 'MOVE_TO_PRODUCTION',
        entity: 'organisation',
        diff: { stage: { from: 'TECHNICAL_IQE', to: 'TECHNICAL_PRD' } },
      },
    });
    const event = { ...moved.event, comment: 'Live since Monday' };
    expect(stageMoveWrites(event).audit.diff).toEqual({
      stage: { from: 'TECHNICAL_IQE', to: 'TECHNICAL_PRD' },
      reason: 'Live since Monday',
    });
  });
});
