import { ACTIVITY_SENTENCES, type ActivityEvent, activityLine } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../test/test-i18n';
import { activityText } from './activity-text';

const t = createTestI18n().t;

const event = (overrides: Partial<ActivityEvent>): ActivityEvent => ({
  id: '1',
  at: '2026-03-05T12:00:00.000Z',
  actor: 'rita@emvo.test',
  actorName: 'Rita Reviewer',
  action: 'APPROVE',
  entity: 'check',
  entityId: 'c1',
  entityName: null,
  obpNumber: 'C00042',
  checkType: 'LEGITIMACY',
  attempt: 2,
  environment: null,
  fileName: null,
  fromStage: null,
  toStage: null,
  assigneeName: null,
  reason: null,
  ...overrides,
});

describe('activity in the UI’s words', () => {
  it('holds every sentence of the renderer, the same in English', () => {
    for (const [sentence, template] of Object.entries(ACTIVITY_SENTENCES)) {
      expect(t(`activity.${sentence}`, { interpolation: { skipOnVariables: true } }), sentence).toBe(
        template.replace(/\{\{\w+\}\}/g, (name) => name),
      );
    }
  });

  it.each([
    [event({}), 'Rita Reviewer approved the legitimacy check (attempt 2)'],
    [
      event({ action: 'RESUME', entity: 'organisation', toStage: 'TECHNICAL_IQE', checkType: null }),
      'Rita Reviewer resumed the company at Testing (IQE)',
    ],
    [
      event({ action: 'ISSUE_SESSION_TOKEN', entity: 'sessionToken', environment: 'PRD', checkType: null }),
      'Rita Reviewer issued the session token for PRD',
    ],
    [
      event({
        action: 'UPLOAD_COPY_OF_PROOF',
        entity: 'storedFile',
        fileName: 'kbis.pdf',
        actorName: 'Anna Keller',
      }),
      'Anna Keller uploaded copy of proof kbis.pdf',
    ],
  ])('says %# as the renderer does, its codes in words', (one, text) => {
    expect(activityText(t, activityLine(one))).toBe(text);
  });
});
