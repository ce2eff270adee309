import { MAX_PEOPLE_PER_COMPANY, type OnboardingAnswer, onboardingApi } from '@portal/contracts';
import type { BillingDetails } from '@portal/demo-data';
import {
  decide,
  feeFor,
  mahRegisterLockedMessage,
  mahRegisterRefusal,
  managesPeople,
  missingForContractual,
  missingForFinancial,
  NOT_PEOPLE_MANAGER,
  progressOf,
  submittedInvoicing,
} from '@portal/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import { applyCheckTransition, checkRecordOf } from './check-transition';
import { apiError, type MockContext } from './mock-http';
import { checksOf, contactsOf, currentTemplateOf, mahsOf, publishedOf } from './onboarding-answer';
import {
  type Company,
  companyRoute,
  insertMahs,
  stepLocked,
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
    stepLocked(context, company, 'CONTRACTUAL') ??
    (currentTemplateOf(db)
      ? undefined
      : apiError(409, 'NO_AGREEMENT_TEMPLATE', 'The participation agreement template is not published yet'));
  /** The company's invoicing information; the first one declares the MAHs active now until it submits. */
  const invoicingOf = (company: Company) => {
    const active = activeMahs(company);
    const address = { street: null, houseNumber: null, postalCode: null, city: null, country: null };
    const none = { vatNumber: null, purchaseOrderNumber: null, billingEmail: null };
    const billing = { legalEntity: null, address, ...none };
    return (
      ours(db.invoicingInformation, company)[0] ??
      company.insert('invoicingInformation', {
        ...{ organisationId: company.organisation.id, declaredMahCount: active, invoicedBeforeCents: 0 },
        ...{ feeCents: feeFor(active).amountCents, billing: billing as unknown as BillingDetails },
        ...{ formFileId: null, invoiceNumber: null, invoicedAt: null, paidAt: null },
      })
    );
  };
  /** apps/api people.ts: only who manages the people (domain managesPeople) changes them. */
  const notManager = ({ user }: Company) =>
    managesPeople(user) ? undefined : apiError(403, 'FORBIDDEN', NOT_PEOPLE_MANAGER);

  return [
    companyRoute(context, onboardingApi.saveContractual, ({ body }, company) => {
      const refused = agreementClosed(company);
      if (refused) return refused;
      const { version: _version, ...ticks } = body;
      const existing = ours(db.participationAgreements, company)[0];
      const ticked = { ...ticks, tickBoxesDisclaimerId: tickBoxesId() };
      if (existing) company.update(existing, ticked);
      else {
        const templateVersion = currentTemplateOf(db)?.version ?? 1;
        const agreement = { organisationId: company.organisation.id, templateVersion, signedFileId: null };
        company.insert('participationAgreements', { ...agreement, ...ticked });
      }
      company.touch({}, ['SAVE_CONTRACTUAL_DRAFT', 'organisation', company.organisation.id, ticked]);
    }),

    // A file signed on a newer template clears the ticks, which were given on the old one.
    companyRoute(context, onboardingApi.uploadSignedAgreement, async ({ body }, company) => {
      const template = currentTemplateOf(db);
      const stored = agreementClosed(company) ?? (await storeUpload(company, body, 'SIGNED_AGREEMENT'));
      if (stored instanceof Response || !template) return stored;
      const untick = { acceptedTerms: false, confirmedAuthority: false, tickBoxesDisclaimerId: null };
      const { version: templateVersion } = template;
      const row =
        ours(db.participationAgreements, company)[0] ??
        company.insert('participationAgreements', {
          ...{ organisationId: company.organisation.id, templateVersion, signedFileId: null },
          ...untick,
        });
      const changes = { templateVersion, ...(row.templateVersion !== templateVersion && untick) };
      const audit: [string, string] = ['UPLOAD_SIGNED_AGREEMENT', 'participationAgreement'];
      return company.attach(stored, row, 'signedFileId', audit, changes);
    }),

    // With the submission, the caller accepts the tick boxes' text (domain.md DisclaimerAcceptance).
    companyRoute(context, onboardingApi.submitContractual, ({ request }, company) => {
      const missing = ({ contractual }: OnboardingAnswer) => missingForContractual(contractual);
      return submitStep(context, request, company, 'CONTRACTUAL', missing, () => {
        const acceptance = { userId: company.user.id, disclaimerContentId: tickBoxesId() ?? '' };
        const same = (row: typeof acceptance) =>
          row.userId === acceptance.userId && row.disclaimerContentId === acceptance.disclaimerContentId;
        if (!acceptance.disclaimerContentId || db.disclaimerAcceptances.some(same)) return;
        const id = context.newId();
        db.disclaimerAcceptances.push({ id, ...acceptance, at: context.now().toISOString() });
        company.audit('CREATE', 'disclaimerAcceptance', id, acceptance);
      });
    }),

    companyRoute(context, onboardingApi.saveFinancial, ({ body }, company) => {
      const refused = stepLocked(context, company, 'FINANCIAL');
      if (refused) return refused;
      const invoicing = invoicingOf(company);
      const diff = { billing: { from: invoicing.billing, to: body.billing } };
      company.update(invoicing, { billing: body.billing as BillingDetails });
      company.touch({}, ['SAVE_FINANCIAL_DRAFT', 'invoicingInformation', invoicing.id, diff]);
    }),

    companyRoute(context, onboardingApi.uploadInvoicingForm, async ({ body }, company) => {
      const stored =
        stepLocked(context, company, 'FINANCIAL') ?? (await storeUpload(company, body, 'INVOICING_FORM'));
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
      const locked = mahRegisterLockedMessage(progressOf(organisation, checks));
      if (locked) return apiError(409, 'STEP_LOCKED', locked);
      const refused = mahRegisterRefusal(body, mahsOf(db, organisation.id), organisation.orgType);
      if (refused) return HttpResponse.json(refused.entries, { status: refused.status });
      const activeBefore = activeMahs(company);
      const wanted = new Map(body.mahs.map((mah) => [mah.id, mah.active]));
      for (const mah of ours(db.mahs, company)) {
        if (wanted.get(mah.id) === !mah.active) company.update(mah, { active: !mah.active });
      }
      insertMahs(context, company, body.added);
      const active = activeMahs(company);
      const added = body.added.map((mah) => mah.name);
      const diff = { added, activeMahCount: { from: activeBefore, to: active } };
      company.touch({ mahCount: active }, ['UPDATE_MAH_REGISTER', 'organisation', organisation.id, diff]);
      // domain.md: more active MAHs than the approved form declares sends it back to rejected (a top-up).
      const check = checks.FINANCIAL;
      const declared = ours(db.invoicingInformation, company)[0]?.declaredMahCount ?? active;
      if (check?.status !== 'APPROVED') return;
      const rules = { actor: company.user.email, now: context.now(), mahCounts: { declared, active } };
      const decision = decide(checkRecordOf(check), 'TOP_UP_REQUIRED', { role: 'SYSTEM', ...rules });
      const transition = { organisation, check, type: 'FINANCIAL' as const };
      if (decision.ok) applyCheckTransition(context, request, { ...transition, ...decision });
    }),

    // apps/api people.ts and spoc-assistant-invitation.ts: an INVITED user, their link mailed, the contact.
    companyRoute(context, onboardingApi.inviteSpocAssistant, ({ body }, company) => {
      const { organisation } = company;
      const current = contactsOf(db, organisation.id).SPOC_ASSISTANT;
      const { version: _version, ...person } = body;
      const existing = db.users.find((row) => row.email.toLowerCase() === person.email.trim().toLowerCase());
      const elsewhere = existing && existing.organisationId !== organisation.id;
      const people = peopleOf(company).length;
      const refused = notManager(company);
      if (refused) return refused;
      const assistant = `The company's SPOC Assistant is ${current?.email}: remove them first`;
      if (current?.email.trim()) return apiError(409, 'SPOC_ASSISTANT_EXISTS', assistant);
      const already = `${person.email} is one of the company's people already`;
      const kept = existing?.status !== 'DISABLED';
      if (existing && !elsewhere && kept) return apiError(409, 'ALREADY_A_PERSON', already);
      const full = `A company has at most ${MAX_PEOPLE_PER_COMPANY} people in the portal; it has ${people} already`;
      if (!elsewhere && people >= MAX_PEOPLE_PER_COMPANY) return apiError(409, 'TOO_MANY_PEOPLE', full);
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
      const columns = { ...person, function: person.function ?? null, phone: person.phone ?? null };
      const kind = 'SPOC_ASSISTANT' as const;
      const created = { organisationId, kind, ...columns, copyOfProofFileId: null };
      const contact = current ? company.update(current, columns) : company.insert('contacts', created);
      company.touch({}, [current ? 'UPDATE' : 'CREATE', 'contact', contact.id, { kind, ...columns }]);
    }),

    // One who never accepted is withdrawn; one who did is DISABLED and REVOKED (kept for the audit trail).
    companyRoute(context, onboardingApi.removeSpocAssistant, (_input, company) => {
      const contact = contactsOf(db, company.organisation.id).SPOC_ASSISTANT;
      const assistants = peopleOf(company).filter((row) => row.obpRole === 'SPOC_ASSISTANT');
      const refused = notManager(company);
      if (refused) return refused;
      const none = 'The company has no SPOC Assistant';
      if (!contact && assistants.length === 0) return apiError(404, 'NOT_FOUND', none);
      if (assistants.some((row) => row.id === company.user.id)) {
        return apiError(409, 'OWN_ACCOUNT', 'You cannot remove yourself');
      }
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
      const refused = notManager(company);
      if (refused) return refused;
      if (!person) return apiError(404, 'NOT_FOUND', `No person ${params.userId} in your company`);
      const own = 'You cannot change your own access';
      if (person.id === company.user.id) return apiError(409, 'OWN_ACCOUNT', own);
      const message = "Only an invited person's (the SPOC Assistant's) access is set here";
      if (person.obpRole !== 'SPOC_ASSISTANT') return apiError(409, 'ACCESS_NOT_CHANGEABLE', message);
      const diff = { email: person.email, access: { from: person.access, to: body.access } };
      if (person.access !== body.access) company.update(person, { access: body.access });
      company.touch({}, ['SET_ACCESS', 'user', person.id, diff]);
    }),
  ];
}
