import {
  checksApi,
  gatewaysApi,
  metricsApi,
  onboardingApi,
  organisationsApi,
  reviewQueuesApi,
  sessionTokensApi,
} from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { apiKey } from '../http/api-call';
import { invalidateChange } from './change-queries';
import { changeEvent } from './test-event-source';

const ORGANISATION = 'b1000000-0000-4000-8000-000000000001';
const OTHER_COMPANY = 'b1000000-0000-4000-8000-000000000002';
const CHECK = 'c1000000-0000-4000-8000-000000000001';
const SAME_COMPANY_CHECK = 'c1000000-0000-4000-8000-000000000002';
const OTHER_COMPANY_CHECK = 'c1000000-0000-4000-8000-000000000003';
const TOKEN = 'd1000000-0000-4000-8000-000000000001';

const list: ListQuery = { page: 1, limit: 20, order: [], where: {}, whereMulti: {} };
const listed = { query: { list } };

/** The queries a reviewer's and a company's screens hold, keyed as their hooks key them (http/api-hooks.ts). */
const CACHE = {
  legitimacyQueue: [apiKey(reviewQueuesApi.queue, { params: { queue: 'legitimacy' }, ...listed }), {}],
  legitimacyScroll: [
    [...apiKey(reviewQueuesApi.queue, { params: { queue: 'legitimacy' } }), 'scroll', {}, { limit: '10' }],
    {},
  ],
  contractualQueue: [apiKey(reviewQueuesApi.queue, { params: { queue: 'contractual' }, ...listed }), {}],
  queueSummary: [apiKey(reviewQueuesApi.summary, {}), {}],
  check: [
    apiKey(checksApi.check, { params: { id: CHECK } }),
    { check: { version: 2 }, organisation: { id: ORGANISATION } },
  ],
  checkNotes: [apiKey(checksApi.notes, { params: { id: CHECK } }), { notes: [] }],
  sameCompanyCheck: [
    apiKey(checksApi.check, { params: { id: SAME_COMPANY_CHECK } }),
    { check: { version: 7 }, organisation: { id: ORGANISATION } },
  ],
  otherCompanyCheck: [
    apiKey(checksApi.check, { params: { id: OTHER_COMPANY_CHECK } }),
    { check: { version: 1 }, organisation: { id: OTHER_COMPANY } },
  ],
  onboarding: [apiKey(onboardingApi.answer, {}), { organisation: { id: ORGANISATION, version: 5 } }],
  metricsFigures: [apiKey(metricsApi.figures, {}), {}],
  metricsCompanies: [apiKey(metricsApi.companies, listed), {}],
  organisations: [apiKey(organisationsApi.list, listed), {}],
  sessionTokens: [apiKey(sessionTokensApi.list, listed), {}],
  gateways: [apiKey(gatewaysApi.list, listed), {}],
} satisfies Record<string, [unknown[], unknown]>;
type Cached = keyof typeof CACHE;

/** Which of the cached queries the change invalidates. */
async function invalidatedBy(change: Parameters<typeof changeEvent>[0]): Promise<Cached[]> {
  const queryClient = new QueryClient();
  for (const [key, data] of Object.values(CACHE)) queryClient.setQueryData(key, data);
  await invalidateChange(queryClient, changeEvent(change));
  return (Object.keys(CACHE) as Cached[]).filter(
    (name) => queryClient.getQueryState(CACHE[name][0])?.isInvalidated,
  );
}

const check = { kind: 'check', entityId: CHECK, organisationId: ORGANISATION } as const;
const application = { kind: 'application', entityId: ORGANISATION, organisationId: ORGANISATION } as const;

describe('a change invalidates exactly the queries it touches', () => {
  it.each<[string, Parameters<typeof changeEvent>[0], Cached[]]>([
    [
      'a reviewer starts a legitimacy check: its queue, the summary, the check, the company’s application',
      { ...check, action: 'START', version: 3 },
      ['legitimacyQueue', 'legitimacyScroll', 'queueSummary', 'check', 'onboarding'],
    ],
    [
      'the same, already held at its version (the reviewer’s own start): the check is not read again',
      { ...check, action: 'START', version: 2 },
      ['legitimacyQueue', 'legitimacyScroll', 'queueSummary', 'onboarding'],
    ],
    [
      'a decision may move the stage: the metrics and the organisations list too',
      { ...check, action: 'APPROVE', version: 4 },
      [
        'legitimacyQueue',
        'legitimacyScroll',
        'queueSummary',
        'check',
        'onboarding',
        'metricsFigures',
        'metricsCompanies',
        'organisations',
      ],
    ],
    [
      'a colleague takes the check: its queue, the summary, the check; no stage moves',
      { ...check, action: 'TAKE_CHECK', version: 3 },
      ['legitimacyQueue', 'legitimacyScroll', 'queueSummary', 'check', 'onboarding'],
    ],
    [
      'a colleague writes a note (no version): the check and its notes are read again',
      { ...check, action: 'ADD_NOTE', version: null },
      ['legitimacyQueue', 'legitimacyScroll', 'queueSummary', 'check', 'checkNotes', 'onboarding'],
    ],
    [
      'a billing step moves no stage',
      { ...check, action: 'MARK_PAID', checkType: 'FINANCIAL', version: 9 },
      ['queueSummary', 'check', 'onboarding'],
    ],
    [
      'a check of no given type: every queue',
      { ...check, action: 'START', checkType: null, version: 3 },
      ['legitimacyQueue', 'legitimacyScroll', 'contractualQueue', 'queueSummary', 'check', 'onboarding'],
    ],
    [
      'a company saves its application: what shows it, the company’s checks and not another’s',
      { ...application, action: 'SAVE_LEGITIMACY_DRAFT', checkType: null, version: 6 },
      [
        'legitimacyQueue',
        'legitimacyScroll',
        'contractualQueue',
        'check',
        'sameCompanyCheck',
        'onboarding',
        'metricsCompanies',
        'organisations',
      ],
    ],
    [
      'its own save, held at that version already: the application is not read again',
      { ...application, action: 'UPDATE_MAH_REGISTER', checkType: null, version: 5 },
      [
        'legitimacyQueue',
        'legitimacyScroll',
        'contractualQueue',
        'check',
        'sameCompanyCheck',
        'metricsCompanies',
        'organisations',
      ],
    ],
    [
      'a reviewer issues a session token: the token queue, the company’s application, the open requests figure',
      { kind: 'sessionToken', action: 'ISSUE', entityId: TOKEN, checkType: null, version: 2 },
      ['onboarding', 'metricsFigures', 'sessionTokens'],
    ],
    [
      'the company reveals its token: no figure moves',
      { kind: 'sessionToken', action: 'REVEAL', entityId: TOKEN, checkType: null, version: 3 },
      ['onboarding', 'sessionTokens'],
    ],
    [
      'a test run: the metrics and the company’s application',
      { kind: 'testRun', action: 'ADD', entityId: TOKEN, checkType: null, version: null },
      ['onboarding', 'metricsFigures', 'metricsCompanies'],
    ],
    [
      'a stage move: the metrics, the application, the company’s checks, the organisations list',
      { kind: 'stage', action: 'MOVE_TO_PRODUCTION', entityId: ORGANISATION, checkType: null, version: 8 },
      ['check', 'sameCompanyCheck', 'onboarding', 'metricsFigures', 'metricsCompanies', 'organisations'],
    ],
  ])('%s', async (_, change, expected) => {
    expect(await invalidatedBy(change)).toEqual(expected);
  });
});
