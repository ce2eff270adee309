import { QUEUE_SLUGS } from '@portal/contracts';
import { z } from 'zod';
import { listQuerySchema } from '../../list/list-schemas.js';

export const queueParams = z.object({ queue: z.enum(QUEUE_SLUGS) });
export const checkParams = z.object({ id: z.uuid() });

const flag = (description: string) => z.enum(['true', 'false']).optional().describe(description);

/**
 * A queue's query: the list language (spec §7, REVIEW_QUEUE_LIST) plus the two flags of reviews.ts
 * QUEUE_FLAGS, validated here and taken off before the list language reads the rest, which still
 * refuses any other unknown key.
 */
export const queueQuerySchema = listQuerySchema.extend({
  assignedToMe: flag('true: only the checks assigned to the caller'),
  overdue: flag('true: only the checks awaiting review past their SLA due date'),
});
