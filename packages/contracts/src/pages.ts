import type { CheckType } from '@portal/domain';
import { queueOfCheckType } from './queues.js';

// The SPA's page addresses the API names in its answers (a search result, a line of activity, the company
// page's links), kept free of zod like queues.ts so the SPA's router and the API read the same ones.

/** The company page (reviewers work on it, administrators read it). */
export const companyPagePath = (obpNumber: string) => `/emvo/companies/${encodeURIComponent(obpNumber)}`;

/** One check, in its queue: /emvo/legitimacy/{id}. */
export const checkPagePath = (type: CheckType, id: string) => `/emvo/${queueOfCheckType(type)}/${id}`;

/** Screens that list a kind of record without a page per record. */
export const LIST_PAGES = {
  sessionTokens: '/emvo/session-tokens',
  users: '/admin/users',
  gateways: '/admin/gateways',
  tooltips: '/admin/tooltips',
  disclaimerContents: '/admin/disclaimer-contents',
  storage: '/admin/storage',
  audit: '/admin/audit',
} as const;

/** A stored file's download (filesApi.download): the address a document's link opens. */
export const fileDownloadPath = (id: string) => `/api/files/${encodeURIComponent(id)}`;
