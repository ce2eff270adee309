import {
  billingOf,
  contactColumns,
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
  firstInvoicing,
  invitationRefusal,
  mahRegisterLockedMessage,
  mahRegisterRefusal,
  managesPeople,
  missingForContractual,
  missingForFinancial,
  NO_AGREEMENT_TEMPLATE,
  NO_TICKS,
  NOT_PEOPLE_MANAGER,
  progressOf,
  registerDiff,
  removalRefusal,
  signedAgreementChanges,
  submittedInvoicing,
  toggledMahs,
  tooManyPeople,
  topUpDecision,
} from '@portal/domain';
import type { HttpHandler } from 'msw';
import { applyCheckTransition } from './check-transition';
import { acceptDisclaimer } from './disclaimer-contents-handlers';
import { userByEmail } from './mock-db';
import { apiError, errorList, type MockContext, refused, stepLocked } from './mock-http';
import { checksOf, contactsOf, currentTemplateOf, publishedOf } from './onboarding-answer';
import {
  type Company,
  companyRoute,
  insertMahs,
  lockedStep,
  storeUpload,
  submitStep,
} from './onboarding-writes';
import { issueAccountToken, sendMail } from './registration-handlers';

/*
 * The steps after legitimacy in mock mode (apps/api onboarding-steps-routes.ts) over the store: the
 * participation agreement, the invoicing information, the MAH register and the company's people.
 */
export function onboardingStepsHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  const ours = <Row extends { organisationId: string | null }>(rows: Row[], { organisation }: Company) =>
    rows.filter((row) => row.organisationId === organisation.id);
  const activeMahs = (company: Company) => ours(db.mahs, company).filter((mah) => mah.active).length;
  const peopleOf = (company: Company) => ours(db.users, company).filter((row) => row.status !== 'DISABLED');
  const tickBoxesId = () => publishedOf(db, 'PA_TICKBOX')?.id ?? null;
  /** The contractual step locked, or no template to sign (409). */
  const agreementClosed = (company: Company) =>
    lockedStep(context, company, 'CONTRACTUAL') ??
    refused(currentTemplateOf(db) ? null : NO_AGREEMENT_TEMPLATE);
  /** The company's invoicing information; the first one declares the MAHs active now until it submits. */
  const invoicingOf = (company: Company) =>
    ours(db.invoicingInformation, company)[0] ??
    company.insert('invoicingInformation', {
      ...{ organisationId: company.organisation.id, ...firstInvoicing(activeMahs(company)) },
      billing: billingOf({}) as BillingDetails, // every field blank, as the API reads its '{}'
    });
  /** apps/api people.ts: only who manages the people (domain managesPeople) changes them. */
  const notManager = ({ user }: Company) =>
    managesPeople(user) ? undefined : apiError(403, 'FORBIDDEN', NOT_PEOPLE_MANAGER);

  return [
    companyRoute(context, onboardingApi.saveContractual, ({ body }, company) => {
      const closed = agreementClosed(company);
      if (closed) return closed;
      const existing = ours(db.participationAgreements, company)[0];
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
      const existing = ours(db.participationAgreements, company)[0];
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
      return submitStep(context, request, company, 'CONTRACTUAL', missing, () => {
        const disclaimerContentId = tickBoxesId();
        if (disclaimerContentId)
          acceptDisclaimer(context, request, { userId: company.user.id, disclaimerContentId });
      });
    }),

    companyRoute(context, onboardingApi.saveFinancial, ({ body }, company) => {
      const locked = lockedStep(context, company, 'FINANCIAL');
      if (locked) return locked;
      const invoicing = invoicingOf(company);
      const diff = { billing: { from: invoicing.billing, to: body.billing } };
      company.update(invoicing, { billing: body.billing as BillingDetails });
      company.touch({}, ['SAVE_FINANCIAL_DRAFT', 'invoicingInformation', invoicing.id, diff]);
    }),

    companyRoute(context, onboardingApi.uploadInvoicingForm, async ({ body }, company) => {
      const stored =
        lockedStep(context, company, 'FINANCIAL') ?? (await storeUpload(company, body, 'INVOICING_FORM'));
      if (stored instanceof Response) return stored;
      const audit: [string, string] = ['UPLOAD_INVOICING_FORM', 'invoicingInformation'];
      return company.attach(stored, invoicingOf(company), 'formFileId', audit);
    }),

    // The form declares the MAHs active now (domain submittedInvoicing).
    companyRoute(context, onboardingApi.submitFinancial, ({ request }, company) => {
      const missing = ({ financial: { activeMahCount, invoicing } }: OnboardingAnswer) =>
        missingForFinancial({ activeMahCount, billing: invoicing?.billing ?? null, form: invoicing?.form });
      return submitStep(context, request, company, 'FINANCIAL', missing, () => {
        const invoicing = invoicingOf(company);
        const changes = submittedInvoicing(invoicing, activeMahs(company));
        const diff = { declaredMahCount: { from: invoicing.declaredMahCount, to: changes.declaredMahCount } };
        company.update(invoicing, changes);
        company.audit('SUBMIT_INVOICING_INFORMATION', 'invoicingInformation', invoicing.id, diff);
      });
    }),

    // apps/api mah-register.ts: MAHs activated, deactivated or added, never deleted; a top-up when due.
    companyRoute(context, onboardingApi.saveMahs, ({ body, request }, company) => {
      const { organisation } = company;
      const checks = checksOf(db, organisation.id);
      const locked = stepLocked(mahRegisterLockedMessage(progressOf(organisation, checks)));
      if (locked) return locked;
      const register = registerOf(ours(db.mahs, company), db.mahProducts);
      const invalid = mahRegisterRefusal(body, register, organisation.orgType);
      if (invalid) return errorList(invalid.entries, invalid.status);
      const activeBefore = activeMahs(company);
      const toggled = toggledMahs(register, body.mahs);
      for (const { id, active } of toggled)
        company.update(db.mahs.find((mah) => mah.id === id) as MahRow, { active: !active });
      insertMahs(context, company, body.added);
      const active = activeMahs(company);
      const diff = registerDiff(toggled, body.added, { from: activeBefore, to: active });
      company.touch({ mahCount: active }, ['UPDATE_MAH_REGISTER', 'organisation', organisation.id, diff]);
      const check = checks.FINANCIAL;
      const declared = ours(db.invoicingInformation, company)[0]?.declaredMahCount;
      const at = { actor: company.user.email, now: context.now() };
      const decision = check && topUpDecision(checkRecordOf(check), declared, active, at);
      if (decision)
        applyCheckTransition(context, request, { organisation, check, type: 'FINANCIAL', ...decision });
    }),

    // apps/api people.ts and spoc-assistant-invitation.ts: an INVITED user, their link mailed, the contact.
    companyRoute(context, onboardingApi.inviteSpocAssistant, ({ body }, company) => {
      const { organisation } = company;
      const current = contactsOf(db, organisation.id).SPOC_ASSISTANT;
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
      const mail = (subject: string, link: string | null) => sendMail(context, { to: email, subject, link });
      if (elsewhere) mail('You already have an account', null);
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
        mail(`You are invited to ${organisation.legalName}`, issueAccountToken(context, owner));
        company.audit('INVITE', 'user', user.id, { email, organisationId });
      }
      const columns = contactColumns(person);
      const kind = 'SPOC_ASSISTANT' as const;
      const created = { organisationId, kind, ...columns, copyOfProofFileId: null };
      const contact = current ? company.update(current, columns) : company.insert('contacts', created);
      company.touch({}, [current ? 'UPDATE' : 'CREATE', 'contact', contact.id, { kind, ...columns }]);
    }),

    // One who never accepted is withdrawn; one who did is DISABLED and REVOKED (kept for the audit trail).
    companyRoute(context, onboardingApi.removeSpocAssistant, (_input, company) => {
      const contact = contactsOf(db, company.organisation.id).SPOC_ASSISTANT;
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
      const person = peopleOf(company).find((row) => row.id === params.userId);
      const refusal = accessRefusal(person, params.userId, company.user.id);
      const notAllowed = notManager(company) ?? refused(refusal);
      if (notAllowed || !person) return notAllowed;
      const diff = { email: person.email, access: { from: person.access, to: body.access } };
      if (person.access !== body.access) company.update(person, { access: body.access });
      company.touch({}, ['SET_ACCESS', 'user', person.id, diff]);
    }),
  ];
}
