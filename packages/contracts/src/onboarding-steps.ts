import {
  CERTIFICATE_REQUEST_STATUSES,
  FEE_TIERS,
  SESSION_TOKEN_STATUSES,
  TECHNICAL_ENVIRONMENTS,
  TEST_RESULTS,
} from '@portal/domain';
import { z } from 'zod/mini';
import { endpoint, roles } from './endpoint.js';
import { emailField, isoDateTime, optionalText, personNameField } from './fields.js';
import { FIRST_SCREEN_ADDRESSES } from './first-screen-addresses.js';
import {
  addressSchema,
  checkVatNumber,
  contactSchema,
  legitimacyDraftSchema,
  mahSchema,
  onboardingSchema,
  storedFileSummarySchema,
  submitLegitimacySchema,
} from './onboarding.js';

/**
 * domain.md /external/onboarding after the legitimacy step: the contractual step (the signed
 * participation agreement and its two tick boxes), the financial step (billing details and the invoicing
 * form, the fee following the active MAH count), the company's MAH register once its legitimacy is
 * approved, and the company's people. What the company sends is a draft where it may be (any field blank
 * until it submits); the completeness a submission needs is the domain's (packages/domain
 * participation-agreement.ts, invoicing-form.ts).
 */

const version = z.int().check(z.minimum(1));

/** Every write names the organisation version the editor read (domain.md: a stale version answers 409). */
export const stepVersionSchema = z.object({ version });
/** The same for DELETE, in the query: `?version=7`. */
export const stepVersionQuerySchema = z.object({ version: z.coerce.number().check(z.int(), z.minimum(1)) });

// ---- The contractual step -------------------------------------------------------------------------------

/** PUT /api/onboarding/contractual: the two tick boxes, saved as a draft. */
export const contractualDraftSchema = z.object({
  version,
  acceptedTerms: z.boolean(),
  confirmedAuthority: z.boolean(),
});
export type ContractualDraft = z.infer<typeof contractualDraftSchema>;

export const contractualStepSchema = z.object({
  /** The step may be changed and submitted now (packages/domain canSubmit); else it is read-only. */
  editable: z.boolean(),
  /** The template to download and sign: the highest published version; null before any is published. */
  currentTemplate: z.nullable(z.object({ version, file: storedFileSummarySchema, publishedAt: isoDateTime })),
  /** What the company gave so far; null before its first save or upload. */
  agreement: z.nullable(
    z.object({
      /** The template version the signed file is signed on. */
      templateVersion: version,
      signedFile: z.nullable(storedFileSummarySchema),
      /** Ticked on the tick boxes' current texts (a box ticked on an older text reads false). */
      acceptedTerms: z.boolean(),
      confirmedAuthority: z.boolean(),
    }),
  ),
  /** The published PA_TICKBOX disclaimer: its version and its two statements (null: none published). */
  tickBoxes: z.nullable(
    z.object({ disclaimerVersion: version, title: z.string(), texts: z.tuple([z.string(), z.string()]) }),
  ),
  /** Why the company must sign again (a newer template was published), else null. */
  resignReason: z.nullable(z.string()),
});
export type ContractualStep = z.infer<typeof contractualStepSchema>;

// ---- The financial step ---------------------------------------------------------------------------------

/** Where and to whom the onboarding fee is invoiced; a draft may leave any field blank. */
export const billingDetailsSchema = z
  .object({
    legalEntity: optionalText(z.string().check(z.trim(), z.minLength(2), z.maxLength(100))),
    address: addressSchema,
    vatNumber: optionalText(z.string().check(z.trim(), z.maxLength(20))),
    purchaseOrderNumber: optionalText(z.string().check(z.trim(), z.maxLength(50))),
    billingEmail: optionalText(emailField),
  })
  // The VAT number's shape depends on the billing address's country, as the company's does.
  .check(z.superRefine(checkVatNumber));
export type BillingDetailsInput = z.infer<typeof billingDetailsSchema>;

/** PUT /api/onboarding/financial: the billing details, saved as a draft. */
export const financialDraftSchema = z.object({ version, billing: billingDetailsSchema });
export type FinancialDraft = z.infer<typeof financialDraftSchema>;

const feeSchema = z.object({ tier: z.nullable(z.enum(FEE_TIERS)), amountCents: z.int() });

export const financialStepSchema = z.object({
  /** The step may be changed and submitted now (packages/domain canSubmit); else it is read-only. */
  editable: z.boolean(),
  /** The MAHs active now, and the fee they put the company in (packages/domain feeFor). */
  activeMahCount: z.int(),
  fee: feeSchema,
  /** The company's invoicing information; null before its first save or upload. */
  invoicing: z.nullable(
    z.object({
      /** The active MAHs when the form was last submitted, and their fee (EUR cents). */
      declaredMahCount: z.int(),
      feeCents: z.int(),
      /** What is left to invoice: the fee less what earlier forms were invoiced (after a top-up). */
      amountDueCents: z.int(),
      billing: billingDetailsSchema,
      form: z.nullable(storedFileSummarySchema),
      invoiceNumber: z.nullable(z.string()),
      invoicedAt: z.nullable(isoDateTime),
      paidAt: z.nullable(isoDateTime),
    }),
  ),
  /** While the form stands rejected for more active MAHs than it declared: what to pay on top. */
  topUp: z.nullable(z.object({ amountCents: z.int(), declared: z.int(), active: z.int() })),
});
export type FinancialStep = z.infer<typeof financialStepSchema>;

// ---- The MAH register -----------------------------------------------------------------------------------

/**
 * PUT /api/onboarding/mahs, once the legitimacy is approved: `mahs` lists every MAH of the register with
 * its active flag (one left out would be deleted: refused), `added` the new ones (active, complete).
 */
export const mahRegisterSchema = z.object({
  version,
  mahs: z.array(z.object({ id: z.uuid(), active: z.boolean() })).check(z.maxLength(200)),
  added: z._default(z.array(mahSchema).check(z.maxLength(50)), []),
});
export type MahRegisterInput = z.infer<typeof mahRegisterSchema>;

export const mahRegisterAnswerSchema = z.object({
  /** The company may add and deactivate MAHs now (packages/domain canEditMahRegister). */
  editable: z.boolean(),
  /** Every MAH, active or not, in the order the company entered them. */
  mahs: z.array(z.extend(mahSchema, { id: z.uuid(), active: z.boolean() })),
});
export type MahRegister = z.infer<typeof mahRegisterAnswerSchema>;

// ---- People ---------------------------------------------------------------------------------------------

/** domain.md People: the roles a company's users hold. */
export const OBP_ROLES = ['INITIAL_REQUESTER', 'SPOC', 'SPOC_ASSISTANT'] as const;
export type ObpRole = (typeof OBP_ROLES)[number];
/** domain.md People: "At most three per company". */
export const MAX_PEOPLE_PER_COMPANY = 3;

export const personSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.nullable(z.enum(OBP_ROLES)),
  access: z.enum(['FULL', 'READ_ONLY', 'REVOKED']),
  status: z.enum(['INVITED', 'ACTIVE', 'DISABLED']),
  /** The caller. */
  you: z.boolean(),
  /**
   * The portal (an administrator) withdrew this person's access (packages/domain withdrawnByPortal): the
   * company sees it and cannot undo it (409 ACCESS_WITHDRAWN_BY_PORTAL).
   */
  withdrawnByPortal: z.boolean(),
});
export type Person = z.infer<typeof personSchema>;

/** POST /api/onboarding/people/spoc-assistant: the person to invite (an email and a name required). */
export const spocAssistantInvitationSchema = z.extend(contactSchema, {
  version,
  firstName: personNameField,
  lastName: personNameField,
  email: emailField,
});
export type SpocAssistantInvitation = z.infer<typeof spocAssistantInvitationSchema>;

/** PATCH /api/onboarding/people/{userId}: an invited person's access. */
export const personAccessSchema = z.object({ version, access: z.enum(['FULL', 'READ_ONLY']) });
export type PersonAccessInput = z.infer<typeof personAccessSchema>;

// ---- The technical step ---------------------------------------------------------------------------------

/** The environments of the technical step, as route parameters: /api/onboarding/technical/{IQE|PRD}/…. */
export const technicalEnvironmentSchema = z.enum(TECHNICAL_ENVIRONMENTS);
export const technicalEnvironmentParamsSchema = z.object({ environment: technicalEnvironmentSchema });

/** PUT /api/onboarding/technical/{environment}/gateway: an active, certified gateway offering it. */
export const technicalGatewayInputSchema = z.object({ version, gatewayId: z.uuid() });
export type TechnicalGatewayInput = z.infer<typeof technicalGatewayInputSchema>;

const gatewayRefSchema = z.object({ id: z.uuid(), name: z.string() });

export const technicalEnvironmentStepSchema = z.object({
  environment: technicalEnvironmentSchema,
  /** IQE from stage TECHNICAL_IQE, PRD from TECHNICAL_PRD (packages/domain isTechnicalOpen). */
  open: z.boolean(),
  /** The company's gateway when it offers this environment, else null (one gateway for both). */
  gateway: z.nullable(gatewayRefSchema),
  /** The CSR files uploaded for this environment, newest first. */
  csrs: z.array(
    z.object({
      id: z.uuid(),
      file: storedFileSummarySchema,
      status: z.enum(CERTIFICATE_REQUEST_STATUSES),
      uploadedAt: isoDateTime,
    }),
  ),
  /** The session tokens of this environment, newest first; an issued token past expiry reads EXPIRED. */
  tokens: z.array(
    z.object({
      id: z.uuid(),
      status: z.enum(SESSION_TOKEN_STATUSES),
      requestedAt: isoDateTime,
      issuedAt: z.nullable(isoDateTime),
      expiresAt: z.nullable(isoDateTime),
      /** The value can be revealed (once): issued, unexpired, not shown yet. */
      valueAvailable: z.boolean(),
    }),
  ),
  /** The company's test runs in this environment, newest first. */
  testRuns: z.array(
    z.object({
      scenario: z.string(),
      result: z.enum(TEST_RESULTS),
      errorCode: z.nullable(z.string()),
      executedAt: isoDateTime,
    }),
  ),
  /** The gateways the company may choose here: active, certified, offering this environment, by name. */
  gateways: z.array(gatewayRefSchema),
});
export type TechnicalEnvironmentStep = z.infer<typeof technicalEnvironmentStepSchema>;

export const technicalStepSchema = z.object({
  /** Stage TECHNICAL_IQE or later (not SUSPENDED or WITHDRAWN): the step is shown and may be used. */
  open: z.boolean(),
  /** The caller may change it (open, and FULL access). */
  editable: z.boolean(),
  environments: z.object({ IQE: technicalEnvironmentStepSchema, PRD: technicalEnvironmentStepSchema }),
});
export type TechnicalStep = z.infer<typeof technicalStepSchema>;

/** POST /api/onboarding/technical/session-tokens/{tokenId}/reveal: the issued value, answered once. */
export const revealedSessionTokenSchema = z.object({
  id: z.uuid(),
  environment: technicalEnvironmentSchema,
  value: z.string(),
  expiresAt: isoDateTime,
});
export type RevealedSessionToken = z.infer<typeof revealedSessionTokenSchema>;

// ---- The whole answer -----------------------------------------------------------------------------------

/**
 * GET /api/onboarding (and every onboarding write): the legitimacy step's answer (onboardingSchema,
 * unchanged) with the later steps, the MAH register and the company's people.
 */
export const onboardingAnswerSchema = z.extend(onboardingSchema, {
  contractual: contractualStepSchema,
  financial: financialStepSchema,
  mahRegister: mahRegisterAnswerSchema,
  /**
   * The company's people who count towards the three (not disabled; its pending invitations among them, as
   * invited people), and those whose access the portal withdrew, oldest first.
   */
  people: z.array(personSchema),
  /** The caller may invite, remove and set the access of people (the SPOC or the Initial Requester). */
  canManagePeople: z.boolean(),
  /** The technical step: gateway, CSR files, session tokens and test runs per environment. */
  technical: technicalStepSchema,
});
export type OnboardingAnswer = z.infer<typeof onboardingAnswerSchema>;

/** POST /api/onboarding/technical/{environment}/csr: the stored CSR file and its request. */
export const uploadedCsrSchema = z.object({
  id: z.uuid(),
  environment: technicalEnvironmentSchema,
  file: storedFileSummarySchema,
  status: z.enum(CERTIFICATE_REQUEST_STATUSES),
});
export type UploadedCsr = z.infer<typeof uploadedCsrSchema>;

// ---- The endpoints --------------------------------------------------------------------------------------

const personParams = z.object({ userId: z.uuid() });
const tokenParams = z.object({ tokenId: z.uuid() });

/**
 * domain.md /external/onboarding: the caller's own application and its steps. Every route is EXTERNAL
 * only and acts on the caller's own organisation, found from the token, never from the request; the
 * writes refuse a READ_ONLY user (403) and check the organisation's version (409 when stale). The JSON
 * writes answer the whole onboarding answer, as GET /api/onboarding does; uploads answer the stored file.
 */
const access = roles('EXTERNAL');
export const onboardingApi = {
  answer: endpoint({
    ...FIRST_SCREEN_ADDRESSES.onboardingAnswer,
    summary: "The caller's own onboarding application",
    response: onboardingAnswerSchema,
  }),
  // The legitimacy step.
  saveLegitimacy: endpoint({
    method: 'PUT',
    path: '/api/onboarding/legitimacy',
    access,
    summary: 'Saves the legitimacy step as a draft at the organisation version (409 when stale)',
    body: legitimacyDraftSchema,
    response: onboardingAnswerSchema,
  }),
  uploadCopyOfProof: endpoint({
    method: 'POST',
    path: '/api/onboarding/legitimacy/copy-of-proof',
    access,
    summary: "Uploads the authorised representative's copy of proof (multipart: one file, pdf/jpg/png)",
    body: 'multipart',
    response: storedFileSummarySchema,
    status: 201,
  }),
  submitLegitimacy: endpoint({
    method: 'POST',
    path: '/api/onboarding/legitimacy/submit',
    access,
    summary: 'Submits the saved legitimacy step for review at the organisation version',
    body: submitLegitimacySchema,
    response: onboardingAnswerSchema,
  }),
  // The contractual step.
  saveContractual: endpoint({
    method: 'PUT',
    path: '/api/onboarding/contractual',
    access,
    summary: 'Saves the two tick boxes of the participation agreement as a draft (409 when stale)',
    body: contractualDraftSchema,
    response: onboardingAnswerSchema,
  }),
  uploadSignedAgreement: endpoint({
    method: 'POST',
    path: '/api/onboarding/contractual/signed-agreement',
    access,
    summary: 'Uploads the signed participation agreement (multipart: one pdf) on the current template',
    body: 'multipart',
    response: storedFileSummarySchema,
    status: 201,
  }),
  submitContractual: endpoint({
    method: 'POST',
    path: '/api/onboarding/contractual/submit',
    access,
    summary: 'Submits the participation agreement for review (400 MISSING names every missing item)',
    body: stepVersionSchema,
    response: onboardingAnswerSchema,
  }),
  // The financial step.
  saveFinancial: endpoint({
    method: 'PUT',
    path: '/api/onboarding/financial',
    access,
    summary: 'Saves the billing details as a draft (409 when stale)',
    body: financialDraftSchema,
    response: onboardingAnswerSchema,
  }),
  uploadInvoicingForm: endpoint({
    method: 'POST',
    path: '/api/onboarding/financial/invoicing-form',
    access,
    summary: 'Uploads the invoicing form (multipart: one pdf, doc, docx, xls or xlsx)',
    body: 'multipart',
    response: storedFileSummarySchema,
    status: 201,
  }),
  submitFinancial: endpoint({
    method: 'POST',
    path: '/api/onboarding/financial/submit',
    access,
    summary: 'Submits the invoicing information for review, declaring the MAHs active now',
    body: stepVersionSchema,
    response: onboardingAnswerSchema,
  }),
  // The MAH register, once the legitimacy is approved.
  saveMahs: endpoint({
    method: 'PUT',
    path: '/api/onboarding/mahs',
    access,
    summary:
      'Activates, deactivates and adds MAHs once the legitimacy is approved (never deletes); an approved invoicing form declaring fewer MAHs than are active is rejected for a top-up',
    body: mahRegisterSchema,
    response: onboardingAnswerSchema,
  }),
  // The company's people (the SPOC or the Initial Requester manages them).
  inviteSpocAssistant: endpoint({
    method: 'POST',
    path: '/api/onboarding/people/spoc-assistant',
    access,
    summary: 'Invites the SPOC Assistant (the SPOC or the Initial Requester; at most three people)',
    body: spocAssistantInvitationSchema,
    response: onboardingAnswerSchema,
  }),
  removeSpocAssistant: endpoint({
    method: 'DELETE',
    path: '/api/onboarding/people/spoc-assistant',
    access,
    summary: 'Removes the SPOC Assistant (the SPOC or the Initial Requester), at ?version=',
    query: stepVersionQuerySchema,
    response: onboardingAnswerSchema,
  }),
  setPersonAccess: endpoint({
    method: 'PATCH',
    path: '/api/onboarding/people/:userId',
    access,
    summary: "Sets an invited person's access to FULL or READ_ONLY (the SPOC or the Initial Requester)",
    params: personParams,
    body: personAccessSchema,
    response: onboardingAnswerSchema,
  }),
  // The technical step, per environment (IQE from TECHNICAL_IQE, PRD from TECHNICAL_PRD).
  chooseGateway: endpoint({
    method: 'PUT',
    path: '/api/onboarding/technical/:environment/gateway',
    access,
    summary:
      "Chooses the company's gateway: active, certified and offering the environment (one gateway for both)",
    params: technicalEnvironmentParamsSchema,
    body: technicalGatewayInputSchema,
    response: onboardingAnswerSchema,
  }),
  uploadCsr: endpoint({
    method: 'POST',
    path: '/api/onboarding/technical/:environment/csr',
    access,
    summary: 'Uploads a CSR file for the environment (multipart: one .csr, a PEM certificate request)',
    params: technicalEnvironmentParamsSchema,
    body: 'multipart',
    response: uploadedCsrSchema,
    status: 201,
  }),
  requestSessionToken: endpoint({
    method: 'POST',
    path: '/api/onboarding/technical/:environment/session-token',
    access,
    summary: 'Requests a session token for the environment (one open request at a time)',
    params: technicalEnvironmentParamsSchema,
    body: stepVersionSchema,
    response: onboardingAnswerSchema,
  }),
  revealSessionToken: endpoint({
    method: 'POST',
    path: '/api/onboarding/technical/session-tokens/:tokenId/reveal',
    access,
    summary: 'Answers an issued session token value once (then 409 TOKEN_ALREADY_SHOWN)',
    params: tokenParams,
    response: revealedSessionTokenSchema,
  }),
};
