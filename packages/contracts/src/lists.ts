import { isAwaitingReview } from '@portal/domain';
import type { ListResource } from '@portal/list-query';
import { CHECK_STATUSES, GATEWAY_ENVIRONMENTS, GATEWAY_TYPES, ORG_TYPES, STAGES } from './enums.js';

/**
 * Each list's declaration, written once: what may be filtered, sorted and searched. The API builds its SQL
 * from it (apps/api list-sql.ts; `column` names a column when it differs from the field); field names are
 * the paths of the rows the API answers.
 */

/** The admins' list of gateways (/admin/gateways). */
export const GATEWAYS_LIST: ListResource = {
  fields: {
    name: { type: 'text' },
    type: { type: 'enum', values: GATEWAY_TYPES },
    // environments=IQE: the gateway offers IQE; environments=IQE,PRD: it offers both.
    environments: { type: 'textArray', values: GATEWAY_ENVIRONMENTS },
    certified: { type: 'boolean' },
    active: { type: 'boolean' },
    certifiedAt: { type: 'date' },
    createdAt: { type: 'date' },
    updatedAt: { type: 'date' },
    website: { type: 'text' },
    contactEmail: { type: 'text' },
  },
  searchFields: ['name', 'website', 'contactEmail'],
  defaultOrder: ['name'],
  tieBreaker: 'id',
  maxLimit: 100,
};

/** The admins' list of tooltips (/admin/tooltips). */
export const TOOLTIPS_LIST: ListResource = {
  fields: {
    key: { type: 'text' },
    screen: { type: 'text' },
    text: { type: 'text' },
    active: { type: 'boolean' },
    updatedAt: { type: 'date' },
  },
  searchFields: ['key', 'text'],
  defaultOrder: ['key'],
  tieBreaker: 'id',
  maxLimit: 100,
};

/** The reviewers' list of organisations (domain.md: free text searches name, number and email). */
export const ORGANISATIONS_LIST: ListResource = {
  fields: {
    obpNumber: { type: 'text' },
    legalName: { type: 'text' },
    orgType: { type: 'enum', values: ORG_TYPES },
    email: { type: 'text' },
    'address.city': { type: 'text', column: 'city' },
    'address.country': { type: 'text', column: 'country' },
    stage: { type: 'enum', values: STAGES },
    legitimacyStatus: { type: 'enum', values: CHECK_STATUSES },
    contractualStatus: { type: 'enum', values: CHECK_STATUSES },
    financialStatus: { type: 'enum', values: CHECK_STATUSES },
    mahCount: { type: 'integer' },
    submittedAt: { type: 'date' },
    createdAt: { type: 'date' },
  },
  searchFields: ['legalName', 'obpNumber', 'email'],
  defaultOrder: ['-createdAt'],
  tieBreaker: 'id',
  maxLimit: 100,
};

/**
 * A reviewer's queue of checks of one type (/emvo/legitimacy, /emvo/contractual, /emvo/financial;
 * domain.md: oldest first; free text over name, number and email). Checks never submitted are not in it.
 * `assignedToMe` and `overdue` are the queue's flags outside the list language (queues.ts QUEUE_FLAGS).
 * Unless the caller filters by status, it holds the open checks (submitted or in review: domain
 * isAwaitingReview), so a new submission is on its first page; the decided ones are a status filter away
 *.
 */
export const REVIEW_QUEUE_LIST: ListResource = {
  fields: {
    obpNumber: { type: 'text' },
    legalName: { type: 'text' },
    orgType: { type: 'enum', values: ORG_TYPES },
    country: { type: 'text' },
    email: { type: 'text' },
    mahCount: { type: 'integer' },
    submittedAt: { type: 'date' },
    slaDueAt: { type: 'date' },
    attempt: { type: 'integer' },
    status: { type: 'enum', values: CHECK_STATUSES },
    assignee: { type: 'text' },
  },
  searchFields: ['legalName', 'obpNumber', 'email'],
  defaultOrder: ['submittedAt'],
  defaultWhere: { status: { type: 'equal', value: CHECK_STATUSES.filter(isAwaitingReview) } },
  tieBreaker: 'id',
  maxLimit: 100,
};
