import { onboardingApi } from '@portal/contracts';
import {
  dateOf,
  environmentLockedMessage,
  gatewayNotAvailable,
  isChoosableGateway,
  revealRefusal,
  type TechnicalEnvironment,
  tokenAlreadyRequested,
} from '@portal/domain';
import type { HttpHandler } from 'msw';
import { apiError, type MockContext, refused, stepLocked } from './mock-http';
import { type Company, companyRoute, storeUpload } from './onboarding-writes';

/*
 * The company's technical step in mock mode (apps/api technical-step.ts) over the store: its gateway, CSR
 * files, session token requests (which the reviewers' queue issues) and the reveal of an issued value.
 */

/** 409 STEP_LOCKED while the environment is not open for the company (domain environmentLockedMessage). */
const closed = ({ organisation }: Company, environment: TechnicalEnvironment) =>
  stepLocked(environmentLockedMessage(organisation.stage, environment));

export function technicalHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  return [
    // One gateway for both environments: chosen for one, it must offer that one.
    companyRoute(context, onboardingApi.chooseGateway, ({ params: { environment }, body }, company) => {
      const { organisation } = company;
      const gateway = db.gateways.find(
        (row) => row.id === body.gatewayId && isChoosableGateway(row, environment),
      );
      const refusal =
        closed(company, environment) ?? refused(gateway ? null : gatewayNotAvailable(environment));
      if (refusal || !gateway) return refusal;
      const diff = { environment, gatewayId: { from: organisation.gatewayId, to: gateway.id } };
      company.touch({ gatewayId: gateway.id }, ['CHOOSE_GATEWAY', 'organisation', organisation.id, diff]);
    }),

    // As for the other uploads, the organisation's version stays.
    companyRoute(context, onboardingApi.uploadCsr, async ({ params: { environment }, body }, company) => {
      const file = closed(company, environment) ?? (await storeUpload(company, body, 'CSR'));
      if (file instanceof Response) return file;
      // The table's audited columns, as the API's certificate_requests.
      const { id, ...audited } = company.row();
      const csr = { id, ...audited, organisationId: company.organisation.id, environment, fileId: file.id };
      db.certificateRequests.push({ ...csr, status: 'UPLOADED' });
      company.audit('UPLOAD_CSR', 'certificateRequest', id, { environment, fileId: file.id, file });
      return { id, environment, file, status: 'UPLOADED' as const };
    }),

    // At most one open request per environment; EMVO issues it from the reviewers' queue.
    companyRoute(context, onboardingApi.requestSessionToken, ({ params: { environment } }, company) => {
      const organisationId = company.organisation.id;
      const open = (row: (typeof db.sessionTokens)[number]) =>
        row.organisationId === organisationId &&
        row.environment === environment &&
        row.status === 'REQUESTED';
      const requested = db.sessionTokens.some(open) ? tokenAlreadyRequested(environment) : null;
      const refusal = closed(company, environment) ?? refused(requested);
      if (refusal) return refusal;
      const row = company.row();
      db.sessionTokens.push({
        ...{ ...row, organisationId, environment, status: 'REQUESTED', requestedBy: row.createdBy },
        ...{ requestedAt: row.createdAt, issuedBy: null, issuedAt: null, expiresAt: null, shownAt: null },
        ...{ cancelledBy: null, cancelledAt: null, cancelReason: null },
      });
      const diff = { environment, status: 'REQUESTED' };
      company.touch({}, ['REQUEST_SESSION_TOKEN', 'sessionToken', row.id, diff]);
    }),

    // An issued, unexpired value is shown once (domain revealRefusal).
    companyRoute(context, onboardingApi.revealSessionToken, ({ params: { tokenId } }, company) => {
      const token = db.sessionTokens.find(
        (row) => row.id === tokenId && row.organisationId === company.organisation.id,
      );
      if (!token) return apiError(404, 'NOT_FOUND', `No session token ${tokenId}`);
      const now = context.now();
      const dates = { ...token, expiresAt: dateOf(token.expiresAt), shownAt: dateOf(token.shownAt) };
      const refusal = revealRefusal(dates, now);
      const refusedNow =
        closed(company, token.environment) ?? refused(refusal && { status: 409, ...refusal });
      if (refusedNow || !token.expiresAt) return refusedNow;
      company.update(token, { shownAt: now.toISOString() });
      company.audit('REVEAL_SESSION_TOKEN', 'sessionToken', token.id, { shownAt: now.toISOString() });
      // The value EMVO issued (session-token-handlers.ts); a token issued without one has a made-up one.
      const value = token.value ?? `mock-session-token-${token.id.slice(-6)}`;
      return { id: token.id, environment: token.environment, value, expiresAt: token.expiresAt };
    }),
  ];
}
