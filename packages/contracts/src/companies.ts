import {
  CHECK_STATUSES,
  CHECK_TYPES,
  OBP_NUMBER_PATTERN,
  ORG_TYPES,
  SESSION_TOKEN_STATUSES,
  STAGES,
  TECHNICAL_ENVIRONMENTS,
  TEST_RESULTS,
  TEST_RUN_ENVIRONMENTS,
} from '@portal/domain';
import { z } from 'zod/mini';
import { endpoint } from './endpoint.js';
import { isoDateTime } from './fields.js';
import { FIRST_SCREEN_ADDRESSES } from './first-screen-addresses.js';
import { billingDetailsSchema } from './onboarding-steps.js';
import { checkDocumentSchema } from './reviews.js';

/**
 * One company, one page (/emvo/companies/:obpNumber, contracts pages.ts companyPagePath): its whole story
 * answered by one request, and the top bar's search that reaches it (and its people and checks) from
 * anywhere. Reviewers work on the page, administrators read it; the company never reads it (its internal
 * notes, its reviewers' names and its activity are the portal's own).
 */

/** The OBP number in a path: C and five digits (400 INVALID_FIELD otherwise; 404 UNKNOWN_COMPANY for none). */
export const obpNumberParams = z.object({ obpNumber: z.string().check(z.regex(OBP_NUMBER_PATTERN)) });

const person = z.object({
  firstName: z.string(),
  lastName: z.string(),
  function: z.nullable(z.string()),
  email: z.string(),
  phone: z.nullable(z.string()),
});

/** One check of the company, as its list on the page shows it; `path` opens its check page. */
export const companyCheckSchema = z.object({
  id: z.uuid(),
  type: z.enum(CHECK_TYPES),
  status: z.enum(CHECK_STATUSES),
  attempt: z.int(),
  submittedAt: z.nullable(isoDateTime),
  slaDueAt: z.nullable(isoDateTime),
  overdue: z.boolean(),
  /** Who works on it (as stored: email, else subject) and their display name; null: nobody. */
  assignee: z.nullable(z.string()),
  assigneeName: z.nullable(z.string()),
  decidedAt: z.nullable(isoDateTime),
  version: z.int(),
  path: z.string(),
});
export type CompanyCheck = z.infer<typeof companyCheckSchema>;

/** One document the company uploaded; `downloadPath` is the files API's download (filesApi.download). */
export const companyDocumentSchema = z.extend(checkDocumentSchema, { downloadPath: z.string() });
export type CompanyDocument = z.infer<typeof companyDocumentSchema>;

/** One session token: its state and dates, never its value. `status` is as of the answer (EXPIRED). */
export const companySessionTokenSchema = z.object({
  id: z.uuid(),
  environment: z.enum(TECHNICAL_ENVIRONMENTS),
  status: z.enum(SESSION_TOKEN_STATUSES),
  requestedAt: isoDateTime,
  issuedAt: z.nullable(isoDateTime),
  expiresAt: z.nullable(isoDateTime),
  shownAt: z.nullable(isoDateTime),
  cancelledAt: z.nullable(isoDateTime),
  cancelReason: z.nullable(z.string()),
});
export type CompanySessionToken = z.infer<typeof companySessionTokenSchema>;

/** The company's test runs in one environment: how many, how many passed, the pass rate (null: none yet). */
export const companyTestEnvironmentSchema = z.object({
  environment: z.enum(TEST_RUN_ENVIRONMENTS),
  runs: z.int(),
  passed: z.int(),
  /** Passed runs over all runs in whole percent, as the metrics show it; null without runs. */
  passRate: z.nullable(z.int()),
  lastRunAt: z.nullable(isoDateTime),
});

/** One recent test run. */
export const companyTestRunSchema = z.object({
  id: z.uuid(),
  environment: z.enum(TEST_RUN_ENVIRONMENTS),
  scenario: z.string(),
  result: z.enum(TEST_RESULTS),
  errorCode: z.nullable(z.string()),
  executedAt: isoDateTime,
});

/** How many of the latest test runs the page lists (the pass rates count them all). */
export const COMPANY_PAGE_TEST_RUNS = 10;
/** How many of the latest activity lines the page shows (the audit trail, filtered by company, has them all). */
export const COMPANY_PAGE_ACTIVITY = 50;

/** One of the company's people: a user of the portal. */
export const companyPersonSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  obpRole: z.nullable(z.enum(['INITIAL_REQUESTER', 'SPOC', 'SPOC_ASSISTANT'])),
  access: z.enum(['FULL', 'READ_ONLY', 'REVOKED']),
  status: z.enum(['INVITED', 'ACTIVE', 'DISABLED']),
  lastSignInAt: z.nullable(isoDateTime),
});

/** The company's billing details and its invoicing, as its financial step left them; null before it. */
export const companyBillingSchema = z.object({
  details: z.nullable(billingDetailsSchema),
  declaredMahCount: z.int(),
  feeCents: z.int(),
  invoiceNumber: z.nullable(z.string()),
  invoicedAt: z.nullable(isoDateTime),
  paidAt: z.nullable(isoDateTime),
});

/**
 * One event of the company's history, as contracts activity-words.ts `activityLine` turns it into a
 * sentence with a link (the SPA renders it; the same renderer serves a check's timeline and the audit).
 */
export const activityEventSchema = z.object({
  id: z.string(),
  at: isoDateTime,
  actor: z.string(),
  actorName: z.nullable(z.string()),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  entityName: z.nullable(z.string()),
  obpNumber: z.nullable(z.string()),
  checkType: z.nullable(z.enum(CHECK_TYPES)),
  attempt: z.nullable(z.int()),
  environment: z.nullable(z.string()),
  fileName: z.nullable(z.string()),
  fromStage: z.nullable(z.enum(STAGES)),
  toStage: z.nullable(z.enum(STAGES)),
  assigneeName: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  /** An ADD_NOTE's note (its line leads to it), never its text. */
  noteId: z.optional(z.nullable(z.string())),
});

/** GET /api/companies/{obpNumber}: the company page, in one answer. */
export const companyPageSchema = z.object({
  company: z.object({
    id: z.uuid(),
    obpNumber: z.string(),
    legalName: z.string(),
    stage: z.enum(STAGES),
    orgType: z.enum(ORG_TYPES),
    country: z.nullable(z.string()),
    city: z.nullable(z.string()),
    registrationNumber: z.nullable(z.string()),
    vatNumber: z.nullable(z.string()),
    website: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    email: z.nullable(z.string()),
    mahCount: z.int(),
    submittedAt: z.nullable(isoDateTime),
    /** The gateway the company chose, by name; null: none yet. */
    gatewayName: z.nullable(z.string()),
    version: z.int(),
  }),
  /** The company's single point of contact and their assistant, with their contacts; null: none named. */
  spoc: z.nullable(person),
  spocAssistant: z.nullable(person),
  /**
   * What is next on the reviewers' side: the check waiting on them (submitted or in review) whose SLA
   * falls first, and who is on it; null when no check waits on them (the company's turn, or all done).
   */
  next: z.nullable(companyCheckSchema),
  /** Its checks, in the order of the onboarding (legitimacy, contractual, financial); those not started are absent. */
  checks: z.array(companyCheckSchema),
  /** Its documents (copy of proof, signed agreement, invoicing form, CSRs…), newest first. */
  documents: z.array(companyDocumentSchema),
  sessionTokens: z.array(companySessionTokenSchema),
  testRuns: z.object({
    /** One entry per environment (ITE, IQE, PRD), with or without runs. */
    environments: z.array(companyTestEnvironmentSchema),
    /** The latest COMPANY_PAGE_TEST_RUNS runs, newest first. */
    latest: z.array(companyTestRunSchema),
  }),
  people: z.array(companyPersonSchema),
  billing: z.nullable(companyBillingSchema),
  /** The latest COMPANY_PAGE_ACTIVITY events of its history, newest first (activity-words.ts renders them). */
  activity: z.array(activityEventSchema),
});
export type CompanyPage = z.infer<typeof companyPageSchema>;

// ---- The top bar's search ------------------------------------------------------------------------------

/**
 * How the search matches (migration 0022 says it in its indexes): the text is trimmed and compared
 * without case. From SEARCH_FRAGMENT_MIN characters on, a fragment anywhere in a company's legal name or
 * OBP number, a person's name or email (trigram indexes); shorter, the start of those only (prefix
 * indexes). Checks are those of the companies found.
 */
export const SEARCH_FRAGMENT_MIN = 3;
/** The results of each kind the search answers at most. */
export const SEARCH_LIMIT = 5;
export const SEARCH_QUERY_MAX = 100;

export const searchQuerySchema = z.object({
  q: z.string().check(z.trim(), z.minLength(1), z.maxLength(SEARCH_QUERY_MAX)),
});

export const searchResultsSchema = z.object({
  companies: z.array(
    z.object({
      obpNumber: z.string(),
      legalName: z.string(),
      stage: z.enum(STAGES),
      country: z.nullable(z.string()),
      path: z.string(),
    }),
  ),
  /**
   * People by name or email: a company's people open their company's page, the portal's own staff the
   * users list (their `obpNumber` and `companyName` null).
   */
  people: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      email: z.string(),
      obpNumber: z.nullable(z.string()),
      companyName: z.nullable(z.string()),
      path: z.string(),
    }),
  ),
  /** The checks of the companies found, those waiting on the reviewers first. */
  checks: z.array(
    z.object({
      id: z.uuid(),
      type: z.enum(CHECK_TYPES),
      status: z.enum(CHECK_STATUSES),
      obpNumber: z.string(),
      legalName: z.string(),
      assigneeName: z.nullable(z.string()),
      path: z.string(),
    }),
  ),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

export const companiesApi = {
  page: endpoint({
    ...FIRST_SCREEN_ADDRESSES.companyPage,
    summary:
      'The company page in one answer: header, what is next, checks, documents, session tokens, test runs, people, billing and activity',
    params: obpNumberParams,
    response: companyPageSchema,
  }),
  search: endpoint({
    ...FIRST_SCREEN_ADDRESSES.search,
    summary:
      'The top bar search: companies by name or OBP number, people by name or email, checks by company',
    query: searchQuerySchema,
    response: searchResultsSchema,
  }),
};
