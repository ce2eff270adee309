import {
  contractualDraftSchema,
  type FilePurpose,
  financialDraftSchema,
  mahRegisterSchema,
  type OnboardingAnswer,
  personAccessSchema,
  type StoredFileSummary,
  spocAssistantInvitationSchema,
  stepVersionSchema,
} from '@portal/contracts';
import {
  type CheckType,
  decide,
  missingForContractual,
  missingForFinancial,
  type OrganisationProgress,
  stageAfterChecks,
} from '@portal/domain';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { demoId } from './mock-data';
import { apiError, readBody, versionConflict } from './mock-http';
import { protectedHandler } from './mock-resource';
import {
  DEMO_REQUESTER_EMAIL,
  MOCK_TAKEN_EMAILS,
  type MockOnboardingState,
  withDerived,
} from './onboarding-data';
import type { applicationWrites } from './onboarding-handlers';
import { technicalHandlers } from './technical-handlers';

/*
 * The onboarding steps after legitimacy in mock mode (apps/api onboarding-steps-routes.ts): the contractual
 * and financial steps, the MAH register and the company's people, with the domain's rules.
 */

export const ONBOARDING_STEP_PATHS = {
  contractual: '/api/onboarding/contractual',
  signedAgreement: '/api/onboarding/contractual/signed-agreement',
  submitContractual: '/api/onboarding/contractual/submit',
  financial: '/api/onboarding/financial',
  invoicingForm: '/api/onboarding/financial/invoicing-form',
  submitFinancial: '/api/onboarding/financial/submit',
  mahs: '/api/onboarding/mahs',
  spocAssistant: '/api/onboarding/people/spoc-assistant',
  person: '/api/onboarding/people/:userId',
} as const;

type ApplicationWrites = ReturnType<typeof applicationWrites>;

/** What the legitimacy handlers share with these. */
export interface StepHelpers {
  writable: ApplicationWrites['writable'];
  versionedWrite: ApplicationWrites['versionedWrite'];
  storeUpload: (request: Request, purpose: FilePurpose) => Promise<StoredFileSummary | Response>;
  progressOf: (onboarding: OnboardingAnswer) => OrganisationProgress;
}

const answer = (state: MockOnboardingState) => HttpResponse.json(state.onboarding);
const bump = (onboarding: OnboardingAnswer) => ({
  ...onboarding.organisation,
  version: onboarding.organisation.version + 1,
});
const missingAnswer = (items: Array<{ field: string; message: string }>) =>
  HttpResponse.json(
    items.map((item) => ({ code: 'MISSING', ...item })),
    { status: 400 },
  );

export function onboardingStepsHandlers(
  delayMs: number,
  state: MockOnboardingState,
  { writable, versionedWrite, storeUpload, progressOf }: StepHelpers,
): HttpHandler[] {
  const store = (next: OnboardingAnswer) => {
    state.onboarding = withDerived(next);
    return answer(state);
  };
  const locked = (editable: boolean, step: string) =>
    editable ? undefined : apiError(409, 'STEP_LOCKED', `The ${step} step cannot be changed now`);
  const manager = () =>
    state.onboarding.canManagePeople
      ? undefined
      : apiError(403, 'ACTION_NOT_ALLOWED', 'Only the SPOC or the Initial Requester manages people');

  /** Submits a check with the domain's state machine; the stage follows (domain stageAfterChecks). */
  const submitCheck = (type: Exclude<CheckType, 'LEGITIMACY'>) => {
    const { onboarding } = state;
    const current = onboarding.checks[type];
    const result = decide(
      { type, status: current?.status ?? 'NOT_SUBMITTED', attempt: current?.attempt ?? 1 },
      'SUBMIT',
      { role: 'EXTERNAL', actor: DEMO_REQUESTER_EMAIL, now: new Date() },
    );
    if (!result.ok) return apiError(409, result.code, result.message);
    const { next } = result;
    const iso = (date: Date | null) => date?.toISOString() ?? null;
    const check = {
      status: next.status,
      attempt: next.attempt,
      submittedAt: iso(next.submittedAt),
      slaDueAt: iso(next.slaDueAt),
      reason: next.reason,
      decidedAt: iso(next.decidedAt),
    };
    const progress = progressOf(onboarding);
    const stage = stageAfterChecks({
      ...progress,
      ...(type === 'CONTRACTUAL' ? { contractualStatus: next.status } : { financialStatus: next.status }),
    });
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
    http.put(
      ONBOARDING_STEP_PATHS.contractual,
      versionedWrite(contractualDraftSchema, async (input) => {
        const { onboarding } = state;
        const isLocked = locked(onboarding.contractual.editable, 'contractual');
        if (isLocked) return isLocked;
        const { acceptedTerms, confirmedAuthority } = input;
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
    ),

    http.post(
      ONBOARDING_STEP_PATHS.signedAgreement,
      protectedHandler(delayMs, async (request) => {
        const refused = writable() ?? locked(state.onboarding.contractual.editable, 'contractual');
        if (refused) return refused;
        const template = state.onboarding.contractual.currentTemplate;
        if (!template)
          return apiError(409, 'NO_AGREEMENT_TEMPLATE', 'No agreement template is published yet');
        const stored = await storeUpload(request, 'SIGNED_AGREEMENT');
        if (stored instanceof Response) return stored;
        // As at the API, an upload does not change the organisation's version.
        const { contractual } = state.onboarding;
        const previous = contractual.agreement;
        const sameTemplate = previous?.templateVersion === template.version;
        state.onboarding = withDerived({
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
        return HttpResponse.json(stored, { status: 201 });
      }),
    ),

    http.post(
      ONBOARDING_STEP_PATHS.submitContractual,
      versionedWrite(stepVersionSchema, async (_input) => {
        const { onboarding } = state;
        const isLocked = locked(onboarding.contractual.editable, 'contractual');
        if (isLocked) return isLocked;
        const missing = missingForContractual(onboarding.contractual);
        if (missing.length > 0) return missingAnswer(missing);
        return submitCheck('CONTRACTUAL');
      }),
    ),

    http.put(
      ONBOARDING_STEP_PATHS.financial,
      versionedWrite(financialDraftSchema, async (input) => {
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
          billing: input.billing,
        };
        return store({
          ...onboarding,
          organisation: bump(onboarding),
          financial: { ...onboarding.financial, invoicing: { ...invoicing, billing: input.billing } },
        });
      }),
    ),

    http.post(
      ONBOARDING_STEP_PATHS.invoicingForm,
      protectedHandler(delayMs, async (request) => {
        const refused = writable() ?? locked(state.onboarding.financial.editable, 'financial');
        if (refused) return refused;
        const stored = await storeUpload(request, 'INVOICING_FORM');
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
        state.onboarding = withDerived({
          ...state.onboarding,
          financial: { ...financial, invoicing: { ...invoicing, form: stored } },
        });
        return HttpResponse.json(stored, { status: 201 });
      }),
    ),

    http.post(
      ONBOARDING_STEP_PATHS.submitFinancial,
      versionedWrite(stepVersionSchema, async (_input) => {
        const { onboarding } = state;
        const isLocked = locked(onboarding.financial.editable, 'financial');
        if (isLocked) return isLocked;
        const missing = missingForFinancial({
          activeMahCount: onboarding.financial.activeMahCount,
          billing: onboarding.financial.invoicing?.billing ?? null,
          form: onboarding.financial.invoicing?.form ?? null,
        });
        if (missing.length > 0) return missingAnswer(missing);
        return submitCheck('FINANCIAL');
      }),
    ),

    http.put(
      ONBOARDING_STEP_PATHS.mahs,
      versionedWrite(mahRegisterSchema, async (input) => {
        const { onboarding } = state;
        const isLocked = locked(onboarding.mahRegister.editable, 'MAH register');
        if (isLocked) return isLocked;
        const active = new Map(input.mahs.map((mah) => [mah.id, mah.active]));
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
          ...input.added.map((mah, index) => ({
            ...mah,
            id: demoId('b1', count + index + 1),
            active: true,
          })),
        ];
        return store({
          ...onboarding,
          organisation: bump(onboarding),
          mahs: mahs.filter((mah) => mah.active).map(({ id: _id, active: _active, ...mah }) => mah),
          mahRegister: { ...onboarding.mahRegister, mahs },
        });
      }),
    ),

    http.post(
      ONBOARDING_STEP_PATHS.spocAssistant,
      protectedHandler(delayMs, async (request) => {
        const refused = writable() ?? manager();
        if (refused) return refused;
        const input = await readBody(request, spocAssistantInvitationSchema);
        if (!input.ok) return input.response;
        const { onboarding } = state;
        if (input.value.version !== onboarding.organisation.version) return versionConflict();
        const email = input.value.email.toLowerCase();
        if (onboarding.people.some((person) => person.role === 'SPOC_ASSISTANT')) {
          return apiError(409, 'SPOC_ASSISTANT_EXISTS', 'The company has a SPOC Assistant already');
        }
        if (onboarding.people.some((person) => person.email.toLowerCase() === email)) {
          return apiError(409, 'ALREADY_A_PERSON', `${email} is one of the company's people already`);
        }
        if (onboarding.people.length >= 3) {
          return apiError(409, 'TOO_MANY_PEOPLE', 'At most three people per company');
        }
        const { version: _version, ...contact } = input.value;
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
    ),

    http.delete(
      ONBOARDING_STEP_PATHS.spocAssistant,
      protectedHandler(delayMs, async (request) => {
        const refused = writable() ?? manager();
        if (refused) return refused;
        const { onboarding } = state;
        const version = Number(new URL(request.url).searchParams.get('version'));
        if (version !== onboarding.organisation.version) return versionConflict();
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
    ),

    http.patch(
      ONBOARDING_STEP_PATHS.person,
      protectedHandler(delayMs, async (request, params) => {
        const refused = writable() ?? manager();
        if (refused) return refused;
        const input = await readBody(request, personAccessSchema);
        if (!input.ok) return input.response;
        const { onboarding } = state;
        if (input.value.version !== onboarding.organisation.version) return versionConflict();
        const person = onboarding.people.find((candidate) => candidate.id === String(params.userId));
        if (!person) return apiError(404, 'NOT_FOUND', 'No such person in your company');
        if (person.you) return apiError(409, 'OWN_ACCOUNT', 'You cannot change your own access');
        if (person.role !== 'SPOC_ASSISTANT') {
          return apiError(409, 'ACCESS_NOT_CHANGEABLE', "This person's access cannot be changed");
        }
        return store({
          ...onboarding,
          organisation: bump(onboarding),
          people: onboarding.people.map((candidate) =>
            candidate.id === person.id ? { ...candidate, access: input.value.access } : candidate,
          ),
        });
      }),
    ),

    ...technicalHandlers(delayMs, state, { writable, versionedWrite }),
  ];
}
