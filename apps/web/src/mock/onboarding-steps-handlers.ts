import { type OnboardingAnswer, onboardingApi } from '@portal/contracts';
import { type CheckType, missingForContractual, missingForFinancial } from '@portal/domain';
import type { HttpHandler } from 'msw';
import { demoId } from './mock-data';
import { apiError, type MockContext } from './mock-http';
import { MOCK_TAKEN_EMAILS, type MockOnboardingState } from './onboarding-data';
import { bump, companyWrites, missingAnswer, submitCheck } from './onboarding-writes';

/*
 * The onboarding steps after legitimacy in mock mode (apps/api onboarding-steps-routes.ts): the contractual
 * and financial steps, the MAH register and the company's people, with the domain's rules.
 */

export function onboardingStepsHandlers(context: MockContext, state: MockOnboardingState): HttpHandler[] {
  const { write, versionedWrite, store, storeUpload } = companyWrites(context, state);
  const locked = (editable: boolean, step: string) =>
    editable ? undefined : apiError(409, 'STEP_LOCKED', `The ${step} step cannot be changed now`);
  const manager = () =>
    state.onboarding.canManagePeople
      ? undefined
      : apiError(403, 'ACTION_NOT_ALLOWED', 'Only the SPOC or the Initial Requester manages people');

  /** Submits a check (onboarding-writes submitCheck); a financial one takes the fee as it is now. */
  const submitStep = (type: Exclude<CheckType, 'LEGITIMACY'>): OnboardingAnswer | Response => {
    const { onboarding } = state;
    const submitted = submitCheck(onboarding, type);
    if (submitted instanceof Response) return submitted;
    const { check, stage } = submitted;
    const financial =
      type === 'FINANCIAL' && onboarding.financial.invoicing
        ? {
            ...onboarding.financial,
            topUp: null,
            invoicing: {
              ...onboarding.financial.invoicing,
              declaredMahCount: onboarding.financial.activeMahCount,
              feeCents: onboarding.financial.fee.amountCents,
              amountDueCents: onboarding.financial.fee.amountCents,
            },
          }
        : onboarding.financial;
    return store({
      ...onboarding,
      organisation: { ...bump(onboarding), stage },
      checks: { ...onboarding.checks, [type]: check },
      financial,
    });
  };

  return [
    versionedWrite(onboardingApi.saveContractual, async ({ body }) => {
      const { onboarding } = state;
      const isLocked = locked(onboarding.contractual.editable, 'contractual');
      if (isLocked) return isLocked;
      const { acceptedTerms, confirmedAuthority } = body;
      const agreement = onboarding.contractual.agreement ?? {
        templateVersion: onboarding.contractual.currentTemplate?.version ?? 1,
        signedFile: null,
        acceptedTerms: false,
        confirmedAuthority: false,
      };
      return store({
        ...onboarding,
        organisation: bump(onboarding),
        contractual: {
          ...onboarding.contractual,
          agreement: { ...agreement, acceptedTerms, confirmedAuthority },
        },
      });
    }),

    write(onboardingApi.uploadSignedAgreement, async ({ body }) => {
      const refused = locked(state.onboarding.contractual.editable, 'contractual');
      if (refused) return refused;
      const template = state.onboarding.contractual.currentTemplate;
      if (!template) return apiError(409, 'NO_AGREEMENT_TEMPLATE', 'No agreement template is published yet');
      const stored = await storeUpload(body, 'SIGNED_AGREEMENT');
      if (stored instanceof Response) return stored;
      // As at the API, an upload does not change the organisation's version.
      const { contractual } = state.onboarding;
      const previous = contractual.agreement;
      const sameTemplate = previous?.templateVersion === template.version;
      store({
        ...state.onboarding,
        contractual: {
          ...contractual,
          resignReason: null,
          agreement: {
            templateVersion: template.version,
            signedFile: stored,
            acceptedTerms: sameTemplate ? previous.acceptedTerms : false,
            confirmedAuthority: sameTemplate ? previous.confirmedAuthority : false,
          },
        },
      });
      return stored;
    }),

    versionedWrite(onboardingApi.submitContractual, async () => {
      const { onboarding } = state;
      const isLocked = locked(onboarding.contractual.editable, 'contractual');
      if (isLocked) return isLocked;
      const missing = missingForContractual(onboarding.contractual);
      if (missing.length > 0) return missingAnswer(missing);
      return submitStep('CONTRACTUAL');
    }),

    versionedWrite(onboardingApi.saveFinancial, async ({ body }) => {
      const { onboarding } = state;
      const isLocked = locked(onboarding.financial.editable, 'financial');
      if (isLocked) return isLocked;
      const invoicing = onboarding.financial.invoicing ?? {
        declaredMahCount: 0,
        feeCents: 0,
        amountDueCents: 0,
        form: null,
        invoiceNumber: null,
        invoicedAt: null,
        paidAt: null,
        billing: body.billing,
      };
      return store({
        ...onboarding,
        organisation: bump(onboarding),
        financial: { ...onboarding.financial, invoicing: { ...invoicing, billing: body.billing } },
      });
    }),

    write(onboardingApi.uploadInvoicingForm, async ({ body }) => {
      const refused = locked(state.onboarding.financial.editable, 'financial');
      if (refused) return refused;
      const stored = await storeUpload(body, 'INVOICING_FORM');
      if (stored instanceof Response) return stored;
      const { financial } = state.onboarding;
      const empty = { street: null, houseNumber: null, postalCode: null, city: null, country: null };
      const invoicing = financial.invoicing ?? {
        declaredMahCount: 0,
        feeCents: 0,
        amountDueCents: 0,
        invoiceNumber: null,
        invoicedAt: null,
        paidAt: null,
        form: null,
        billing: {
          legalEntity: null,
          address: empty,
          vatNumber: null,
          purchaseOrderNumber: null,
          billingEmail: null,
        },
      };
      store({ ...state.onboarding, financial: { ...financial, invoicing: { ...invoicing, form: stored } } });
      return stored;
    }),

    versionedWrite(onboardingApi.submitFinancial, async () => {
      const { onboarding } = state;
      const isLocked = locked(onboarding.financial.editable, 'financial');
      if (isLocked) return isLocked;
      const missing = missingForFinancial({
        activeMahCount: onboarding.financial.activeMahCount,
        billing: onboarding.financial.invoicing?.billing ?? null,
        form: onboarding.financial.invoicing?.form ?? null,
      });
      if (missing.length > 0) return missingAnswer(missing);
      return submitStep('FINANCIAL');
    }),

    versionedWrite(onboardingApi.saveMahs, async ({ body }) => {
      const { onboarding } = state;
      const isLocked = locked(onboarding.mahRegister.editable, 'MAH register');
      if (isLocked) return isLocked;
      const active = new Map(body.mahs.map((mah) => [mah.id, mah.active]));
      if (onboarding.mahRegister.mahs.some((mah) => !active.has(mah.id))) {
        return apiError(
          409,
          'MAH_DELETION_NOT_ALLOWED',
          'A MAH of the register cannot be deleted, only deactivated',
        );
      }
      const count = onboarding.mahRegister.mahs.length;
      const mahs = [
        ...onboarding.mahRegister.mahs.map((mah) => ({ ...mah, active: active.get(mah.id) ?? mah.active })),
        ...body.added.map((mah, index) => ({ ...mah, id: demoId('b1', count + index + 1), active: true })),
      ];
      return store({
        ...onboarding,
        organisation: bump(onboarding),
        mahs: mahs.filter((mah) => mah.active).map(({ id: _id, active: _active, ...mah }) => mah),
        mahRegister: { ...onboarding.mahRegister, mahs },
      });
    }),

    versionedWrite(onboardingApi.inviteSpocAssistant, async ({ body }) => {
      const refused = manager();
      if (refused) return refused;
      const { onboarding } = state;
      const email = body.email.toLowerCase();
      if (onboarding.people.some((person) => person.role === 'SPOC_ASSISTANT')) {
        return apiError(409, 'SPOC_ASSISTANT_EXISTS', 'The company has a SPOC Assistant already');
      }
      if (onboarding.people.some((person) => person.email.toLowerCase() === email)) {
        return apiError(409, 'ALREADY_A_PERSON', `${email} is one of the company's people already`);
      }
      if (onboarding.people.length >= 3) {
        return apiError(409, 'TOO_MANY_PEOPLE', 'At most three people per company');
      }
      const { version: _version, ...contact } = body;
      // As the API (issue 21 item 4): an address with an account answers as an invitation does; its owner
      // gets a mail instead, and nobody joins the company.
      if (MOCK_TAKEN_EMAILS.includes(email)) {
        return store({
          ...onboarding,
          organisation: bump(onboarding),
          spocAssistant: { ...contact, status: null },
        });
      }
      state.users.push({ email, status: 'INVITED' });
      return store({
        ...onboarding,
        organisation: bump(onboarding),
        spocAssistant: { ...contact, status: 'INVITED' },
        people: [
          ...onboarding.people,
          {
            id: demoId('a1', 10 + state.users.length),
            name: `${contact.firstName} ${contact.lastName}`,
            email,
            role: 'SPOC_ASSISTANT',
            access: 'FULL',
            status: 'INVITED',
            you: false,
          },
        ],
      });
    }),

    versionedWrite(onboardingApi.removeSpocAssistant, async () => {
      const refused = manager();
      if (refused) return refused;
      const { onboarding } = state;
      const assistant = onboarding.people.find((person) => person.role === 'SPOC_ASSISTANT');
      if (!assistant) return apiError(404, 'NOT_FOUND', 'The company has no SPOC Assistant');
      if (assistant.you) return apiError(409, 'OWN_ACCOUNT', 'You cannot remove yourself');
      state.users = state.users.filter((user) => user.email.toLowerCase() !== assistant.email);
      return store({
        ...onboarding,
        organisation: bump(onboarding),
        spocAssistant: null,
        people: onboarding.people.filter((person) => person.id !== assistant.id),
      });
    }),

    versionedWrite(onboardingApi.setPersonAccess, async ({ params, body }) => {
      const refused = manager();
      if (refused) return refused;
      const { onboarding } = state;
      const person = onboarding.people.find((candidate) => candidate.id === params.userId);
      if (!person) return apiError(404, 'NOT_FOUND', 'No such person in your company');
      if (person.you) return apiError(409, 'OWN_ACCOUNT', 'You cannot change your own access');
      if (person.role !== 'SPOC_ASSISTANT') {
        return apiError(409, 'ACCESS_NOT_CHANGEABLE', "This person's access cannot be changed");
      }
      return store({
        ...onboarding,
        organisation: bump(onboarding),
        people: onboarding.people.map((candidate) =>
          candidate.id === person.id ? { ...candidate, access: body.access } : candidate,
        ),
      });
    }),
  ];
}
