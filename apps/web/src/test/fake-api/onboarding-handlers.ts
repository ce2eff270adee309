import {
  billingOf,
  contactColumns,
  legitimacyDraftChanges,
  MAX_PEOPLE_PER_COMPANY,
  type OnboardingAnswer,
  onboardingApi,
  registerOf,
} from '@portal/contracts';
import type { BillingDetails, MahRow } from '@portal/demo-data';
import {
  accessRefusal,
  checkRecordOf,
  contractualTicks,
  dateOf,
  environmentLockedMessage,
  firstInvoicing,
  gatewayNotAvailable,
  invitationRefusal,
  isChoosableGateway,
  mahRegisterLockedMessage,
  mahRegisterRefusal,
  managesPeople,
  missingForContractual,
  missingForFinancial,
  missingForLegitimacy,
  NO_AGREEMENT_TEMPLATE,
  NO_TICKS,
  NOT_PEOPLE_MANAGER,
  orgTypeRefusal,
  progressOf,
  registerDiff,
  removalRefusal,
  revealRefusal,
  signedAgreementChanges,
  submittedInvoicing,
  type TechnicalEnvironment,
  toggledMahs,
  tokenAlreadyRequested,
  tooManyPeople,
  topUpDecision,
} from '@portal/domain';
import type { HttpHandler } from 'msw';
import { acceptDisclaimer } from './disclaimer-contents-handlers';
import { byId, publishedOf, userByEmail } from './mock-db';
import { apiError, errorList, type MockContext, refused, stepLocked } from './mock-http';
import {
  type Company,
  companyRoute,
  currentTemplateOf,
  insertMahs,
  lockedStep,
  storeUpload,
  submitStep,
} from './onboarding-company';
import { mailAccountExists, mailAccountLink } from './users-handlers';

/*
 * /api/onboarding in mock mode (apps/api modules/onboarding): the signed-in company user's application, read
 * from and written to the store's rows of their organisation (onboarding-company.ts), so what the company
 * submits is what the reviewers' queue shows: the legitimacy step, the steps after it (apps/api
 * onboarding-steps-routes.ts: the participation agreement, the invoicing information, the MAH register and
 * the company's people) and the technical step (apps/api technical-step.ts: its gateway, CSR files,
 * session token requests, which the reviewers' queue issues, and the reveal of an issued value).
 */

/** A contact with every field blank (a representative's row made for its copy of proof). */
const NO_CONTACT = { firstName: null, lastName: null, function: null, email: null, phone: null };

/** 409 STEP_LOCKED while the environment is not open for the company (domain environmentLockedMessage). */
const closed = ({ organisation }: Company, environment: TechnicalEnvironment) =>
  stepLocked(environmentLockedMessage(organisation.stage, environment));

export function onboardingHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  /** Keeps the rows `keep` accepts, in place (the table stays the store's array). */
  const prune = <Row>(rows: Row[], keep: (row: Row) => boolean) =>
    rows.splice(0, rows.length, ...rows.filter(keep));
  const activeMahs = (company: Company) => company.ours(db.mahs).filter((mah) => mah.active).length;
  const peopleOf = (company: Company) => company.ours(db.users).filter((row) => row.status !== 'DISABLED');
  const tickBoxesId = () => publishedOf(db, 'PA_TICKBOX')?.id ?? null;
  /** The contractual step locked, or no template to sign (409). */
  const agreementClosed = (company: Company) =>
    lockedStep(company, 'CONTRACTUAL') ?? refused(currentTemplateOf(db) ? null : NO_AGREEMENT_TEMPLATE);
  /** The company's invoicing information; the first one declares the MAHs active now until it submits. */
  const invoicingOf = (company: Company) =>
    company.ours(db.invoicingInformation)[0] ??
    company.insert('invoicingInformation', {
      ...{ organisationId: company.organisation.id, ...firstInvoicing(activeMahs(company)) },
      billing: billingOf({}) as BillingDetails, // every field blank, as the API reads its '{}'
    });
  /** apps/api people.ts: only who manages the people (domain managesPeople) changes them. */
  const notManager = ({ user }: Company) =>
    managesPeople(user) ? undefined : apiError(403, 'FORBIDDEN', NOT_PEOPLE_MANAGER);

  return [
    companyRoute(context, onboardingApi.answer, () => undefined),

    // apps/api legitimacy-draft.ts: the company columns, the SPOC and the representative, the MAHs; no people.
    companyRoute(context, onboardingApi.saveLegitimacy, ({ body }, company) => {
      const { organisation } = company;
      const { LEGITIMACY } = company.checks();
      const typeLocked = orgTypeRefusal(LEGITIMACY, organisation.orgType, body.company.orgType);
      const refusal = lockedStep(company, 'LEGITIMACY') ?? refused(typeLocked);
      if (refusal) return refusal;
      company.saveContact('SPOC', contactColumns(body.spoc));
      company.saveContact('AUTHORISED_REPRESENTATIVE', contactColumns(body.authorisedRepresentative));
      // The draft's MAHs replace the active ones; their products go with them.
      const replaced = new Set(company.ours(db.mahs).flatMap((mah) => (mah.active ? [mah.id] : [])));
      prune(db.mahs, (mah) => !replaced.has(mah.id));
      prune(db.mahProducts, (product) => !replaced.has(product.mahId));
      insertMahs(context, company, body.mahs);
      const { changes, diff } = legitimacyDraftChanges(organisation, body);
      company.touch(changes, ['SAVE_LEGITIMACY_DRAFT', 'organisation', organisation.id, diff]);
    }),

    // apps/api copy-of-proof.ts: the representative points at the new file; the one it replaces goes.
    companyRoute(context, onboardingApi.uploadCopyOfProof, async ({ body }, company) => {
      const stored = lockedStep(company, 'LEGITIMACY') ?? (await storeUpload(company, body, 'COPY_OF_PROOF'));
      if (stored instanceof Response) return stored;
      const row =
        company.contacts().AUTHORISED_REPRESENTATIVE ??
        company.saveContact('AUTHORISED_REPRESENTATIVE', contactColumns(NO_CONTACT));
      return company.attach(stored, row, 'copyOfProofFileId', ['UPLOAD_COPY_OF_PROOF', 'contact']);
    }),

    companyRoute(context, onboardingApi.submitLegitimacy, (_input, company) =>
      submitStep(context, company, 'LEGITIMACY', missingForLegitimacy),
    ),

    // The steps after legitimacy.
    companyRoute(context, onboardingApi.saveContractual, ({ body }, company) => {
      const closed = agreementClosed(company);
      if (closed) return closed;
      const existing = company.ours(db.participationAgreements)[0];
      const { ticks, diff } = contractualTicks(existing, body, tickBoxesId());
      const templateVersion = currentTemplateOf(db)?.version ?? 1;
      const agreement = { organisationId: company.organisation.id, templateVersion, signedFileId: null };
      if (existing) company.update(existing, ticks);
      else company.insert('participationAgreements', { ...agreement, ...ticks });
      company.touch({}, ['SAVE_CONTRACTUAL_DRAFT', 'organisation', company.organisation.id, diff]);
    }),

    // A file signed on a newer template clears the ticks, which were given on the old one.
    companyRoute(context, onboardingApi.uploadSignedAgreement, async ({ body }, company) => {
      const template = currentTemplateOf(db);
      const stored = agreementClosed(company) ?? (await storeUpload(company, body, 'SIGNED_AGREEMENT'));
      if (stored instanceof Response || !template) return stored;
      const existing = company.ours(db.participationAgreements)[0];
      const changes = signedAgreementChanges(existing, template.version);
      const row =
        existing ??
        company.insert('participationAgreements', {
          ...{ organisationId: company.organisation.id, signedFileId: null, ...changes, ...NO_TICKS },
        });
      const audit: [string, string] = ['UPLOAD_SIGNED_AGREEMENT', 'participationAgreement'];
      return company.attach(stored, row, 'signedFileId', audit, changes);
    }),

    // With the submission, the caller accepts the tick boxes' text (domain.md DisclaimerAcceptance).
    companyRoute(context, onboardingApi.submitContractual, ({ request }, company) => {
      const missing = ({ contractual }: OnboardingAnswer) => missingForContractual(contractual);
      return submitStep(context, company, 'CONTRACTUAL', missing, () => {
        const disclaimerContentId = tickBoxesId();
        if (disclaimerContentId)
          acceptDisclaimer(context, request, { userId: company.user.id, disclaimerContentId });
      });
    }),

    companyRoute(context, onboardingApi.saveFinancial, ({ body }, company) => {
      const locked = lockedStep(company, 'FINANCIAL');
      if (locked) return locked;
      const invoicing = invoicingOf(company);
      const diff = { billing: { from: invoicing.billing, to: body.billing } };
      company.update(invoicing, { billing: body.billing as BillingDetails });
      company.touch({}, ['SAVE_FINANCIAL_DRAFT', 'invoicingInformation', invoicing.id, diff]);
    }),

    companyRoute(context, onboardingApi.uploadInvoicingForm, async ({ body }, company) => {
      const stored = lockedStep(company, 'FINANCIAL') ?? (await storeUpload(company, body, 'INVOICING_FORM'));
      if (stored instanceof Response) return stored;
      const audit: [string, string] = ['UPLOAD_INVOICING_FORM', 'invoicingInformation'];
      return company.attach(stored, invoicingOf(company), 'formFileId', audit);
    }),

    // The form declares the MAHs active now (domain submittedInvoicing).
    companyRoute(context, onboardingApi.submitFinancial, (_input, company) => {
      const missing = ({ financial: { activeMahCount, invoicing } }: OnboardingAnswer) =>
        missingForFinancial({ activeMahCount, billing: invoicing?.billing ?? null, form: invoicing?.form });
      return submitStep(context, company, 'FINANCIAL', missing, () => {
        const invoicing = invoicingOf(company);
        const changes = submittedInvoicing(invoicing, activeMahs(company));
        const diff = { declaredMahCount: { from: invoicing.declaredMahCount, to: changes.declaredMahCount } };
        company.update(invoicing, changes);
        company.audit('SUBMIT_INVOICING_INFORMATION', 'invoicingInformation', invoicing.id, diff);
      });
    }),

    // apps/api mah-register.ts: MAHs activated, deactivated or added, never deleted; a top-up when due.
    companyRoute(context, onboardingApi.saveMahs, ({ body }, company) => {
      const { organisation } = company;
      const checks = company.checks();
      const locked = stepLocked(mahRegisterLockedMessage(progressOf(organisation, checks)));
      if (locked) return locked;
      const register = registerOf(company.ours(db.mahs), db.mahProducts);
      const invalid = mahRegisterRefusal(body, register, organisation.orgType);
      if (invalid) return errorList(invalid.entries, invalid.status);
      const activeBefore = activeMahs(company);
      const toggled = toggledMahs(register, body.mahs);
      for (const { id, active } of toggled) company.update(byId(db.mahs, id) as MahRow, { active: !active });
      insertMahs(context, company, body.added);
      const active = activeMahs(company);
      const diff = registerDiff(toggled, body.added, { from: activeBefore, to: active });
      company.touch({ mahCount: active }, ['UPDATE_MAH_REGISTER', 'organisation', organisation.id, diff]);
      const check = checks.FINANCIAL;
      const declared = company.ours(db.invoicingInformation)[0]?.declaredMahCount;
      const at = { actor: company.user.email, now: context.now() };
      const decision = check && topUpDecision(checkRecordOf(check), declared, active, at);
      if (decision) company.transition(check, { type: 'FINANCIAL', ...decision });
    }),

    // apps/api people.ts and spoc-assistant-invitation.ts: an INVITED user, their link mailed, the contact.
    companyRoute(context, onboardingApi.inviteSpocAssistant, ({ body }, company) => {
      const { organisation } = company;
      const current = company.contacts().SPOC_ASSISTANT;
      const { version: _version, ...person } = body;
      const existing = userByEmail(db, person.email);
      const elsewhere = existing && existing.organisationId !== organisation.id;
      const full = elsewhere ? null : tooManyPeople(peopleOf(company).length, MAX_PEOPLE_PER_COMPANY);
      const refusal = invitationRefusal(current, elsewhere ? undefined : existing, person.email) ?? full;
      const notAllowed = notManager(company) ?? refused(refusal);
      if (notAllowed) return notAllowed;
      // issue 21 item 4: another's address answers alike, and its owner is mailed instead; nobody joins.
      const { email } = person;
      const organisationId = organisation.id;
      if (elsewhere) mailAccountExists(context, email);
      else {
        const displayName = `${person.firstName} ${person.lastName}`;
        const invited = {
          displayName,
          obpRole: 'SPOC_ASSISTANT',
          status: 'INVITED',
          access: 'FULL',
        } as const;
        const created = { email, roles: ['EXTERNAL' as const], organisationId, ...invited };
        const user = existing ? company.update(existing, invited) : company.insert('users', created);
        const owner = { purpose: 'INVITATION', registrationId: null, userId: user.id } as const;
        mailAccountLink(context, owner, email, `You are invited to ${organisation.legalName}`);
        company.audit('INVITE', 'user', user.id, { email, organisationId });
      }
      const columns = contactColumns(person);
      const contact = company.saveContact('SPOC_ASSISTANT', columns);
      const diff = { kind: 'SPOC_ASSISTANT', ...columns };
      company.touch({}, [current ? 'UPDATE' : 'CREATE', 'contact', contact.id, diff]);
    }),

    // One who never accepted is withdrawn; one who did is DISABLED and REVOKED (kept for the audit trail).
    companyRoute(context, onboardingApi.removeSpocAssistant, (_input, company) => {
      const contact = company.contacts().SPOC_ASSISTANT;
      const assistants = peopleOf(company).filter((row) => row.obpRole === 'SPOC_ASSISTANT');
      const notAllowed = notManager(company) ?? refused(removalRefusal(contact, assistants, company.user.id));
      if (notAllowed) return notAllowed;
      for (const user of assistants) {
        const diff = { email: user.email, organisationId: company.organisation.id };
        const action = user.status === 'INVITED' ? 'WITHDRAW_INVITATION' : 'REMOVE_PERSON';
        company.audit(action, 'user', user.id, diff);
        if (user.status === 'INVITED') db.users.splice(db.users.indexOf(user), 1);
        else company.update(user, { status: 'DISABLED', access: 'REVOKED' });
      }
      if (contact) {
        db.contacts.splice(db.contacts.indexOf(contact), 1);
        company.audit('DELETE', 'contact', contact.id, { kind: 'SPOC_ASSISTANT', email: contact.email });
      }
      company.touch();
    }),

    companyRoute(context, onboardingApi.setPersonAccess, ({ params, body }, company) => {
      const person = byId(peopleOf(company), params.userId);
      const refusal = accessRefusal(person, params.userId, company.user.id);
      const notAllowed = notManager(company) ?? refused(refusal);
      if (notAllowed || !person) return notAllowed;
      const diff = { email: person.email, access: { from: person.access, to: body.access } };
      if (person.access !== body.access) company.update(person, { access: body.access });
      company.touch({}, ['SET_ACCESS', 'user', person.id, diff]);
    }),

    // The technical step.
    // One gateway for both environments: chosen for one, it must offer that one.
    companyRoute(context, onboardingApi.chooseGateway, ({ params: { environment }, body }, company) => {
      const { organisation } = company;
      const gateway = byId(db.gateways, body.gatewayId);
      const choosable = gateway && isChoosableGateway(gateway, environment);
      const refusal =
        closed(company, environment) ?? refused(choosable ? null : gatewayNotAvailable(environment));
      if (refusal || !gateway) return refusal;
      const diff = { environment, gatewayId: { from: organisation.gatewayId, to: gateway.id } };
      company.touch({ gatewayId: gateway.id }, ['CHOOSE_GATEWAY', 'organisation', organisation.id, diff]);
    }),

    // As for the other uploads, the organisation's version stays.
    companyRoute(context, onboardingApi.uploadCsr, async ({ params: { environment }, body }, company) => {
      const file = closed(company, environment) ?? (await storeUpload(company, body, 'CSR'));
      if (file instanceof Response) return file;
      const id = context.newId();
      const at = { createdAt: context.now().toISOString(), version: 1 };
      const csr = { id, organisationId: company.organisation.id, environment, fileId: file.id, ...at };
      db.certificateRequests.push({ ...csr, status: 'UPLOADED' });
      company.audit('UPLOAD_CSR', 'certificateRequest', id, { environment, fileId: file.id, file });
      return { id, environment, file, status: 'UPLOADED' as const };
    }),

    // At most one open request per environment; EMVO issues it from the reviewers' queue.
    companyRoute(context, onboardingApi.requestSessionToken, ({ params: { environment } }, company) => {
      const open = company
        .ours(db.sessionTokens)
        .some((row) => row.environment === environment && row.status === 'REQUESTED');
      const refusal =
        closed(company, environment) ?? refused(open ? tokenAlreadyRequested(environment) : null);
      if (refusal) return refusal;
      const requested = { requestedBy: company.user.email, requestedAt: context.now().toISOString() };
      const row = company.insert('sessionTokens', {
        ...{ organisationId: company.organisation.id, environment, status: 'REQUESTED', ...requested },
        ...{ issuedBy: null, issuedAt: null, expiresAt: null, shownAt: null },
        ...{ cancelledBy: null, cancelledAt: null, cancelReason: null },
      });
      const diff = { environment, status: 'REQUESTED' };
      company.touch({}, ['REQUEST_SESSION_TOKEN', 'sessionToken', row.id, diff]);
    }),

    // An issued, unexpired value is shown once (domain revealRefusal).
    companyRoute(context, onboardingApi.revealSessionToken, ({ params: { tokenId } }, company) => {
      const token = byId(company.ours(db.sessionTokens), tokenId);
      if (!token) return apiError(404, 'NOT_FOUND', `No session token ${tokenId}`);
      const now = context.now();
      const dates = { ...token, expiresAt: dateOf(token.expiresAt), shownAt: dateOf(token.shownAt) };
      const refusal = revealRefusal(dates, now);
      const refusedNow =
        closed(company, token.environment) ?? refused(refusal && { status: 409, ...refusal });
      if (refusedNow || !token.expiresAt) return refusedNow;
      company.update(token, { shownAt: now.toISOString() });
      company.audit('REVEAL_SESSION_TOKEN', 'sessionToken', token.id, { shownAt: now.toISOString() });
      // The value EMVO issued (review-handlers.ts sessionTokenHandlers); a token issued without one has a made-up one.
      const value = token.value ?? `mock-session-token-${token.id.slice(-6)}`;
      return { id: token.id, environment: token.environment, value, expiresAt: token.expiresAt };
    }),
  ];
}
