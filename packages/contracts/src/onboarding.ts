import {
  CHECK_STATUSES,
  CHECK_TYPES,
  isEeaCountry,
  isProductCode,
  isVatNumberShape,
  ORG_TYPES,
  STAGES,
  vatNumberFormatMessage,
} from '@portal/domain';
import { z } from 'zod';
import {
  emailField,
  isoDateTime,
  optionalText,
  personNameField,
  type RuleParams,
  telField,
  urlField,
} from './fields.js';
import { HOUSE_NUMBER_PATTERN } from './patterns.js';

/**
 * domain.md /external/onboarding, the legitimacy step: what the company edits (a draft: any field may be
 * blank until it submits; a given value meets its rule) and what the API answers. The completeness a
 * submission needs is the domain's (packages/domain legitimacy.ts).
 */

const eeaCountry = z.string().trim().toUpperCase().refine(isEeaCountry, 'Choose a country of the EEA');
const countries = z
  .array(eeaCountry)
  .max(30)
  .default([])
  .transform((list) => [...new Set(list)]);

/**
 * The VAT number's shape depends on the country of the address beside it (packages/domain VAT_PATTERNS):
 * the company's, or the billing details'. The message says the country's format (packages/domain
 * vatNumberFormatMessage, issue 23 item 4): the API answers it, and the SPA's form shows it as it is.
 */
export function checkVatNumber(
  value: { vatNumber: string | null; address: { country: string | null } },
  ctx: z.RefinementCtx,
): void {
  const country = value.address.country;
  if (value.vatNumber && country && !isVatNumberShape(country, value.vatNumber)) {
    ctx.addIssue({
      code: 'custom',
      path: ['vatNumber'],
      message: vatNumberFormatMessage(country),
    });
  }
}

export const addressSchema = z.object({
  street: optionalText(z.string().trim().max(100)),
  houseNumber: optionalText(
    z.string().trim().max(10).regex(HOUSE_NUMBER_PATTERN, 'A house number is digits, then letters if any'),
  ),
  postalCode: optionalText(z.string().trim().max(12)),
  city: optionalText(z.string().trim().max(50)),
  country: eeaCountry.nullish().transform((value) => value ?? null),
});

export const companySchema = z
  .object({
    legalName: z.string().trim().min(2).max(100),
    /** domain.md: locked after the first submission (the API refuses a change then). */
    orgType: z.enum(ORG_TYPES),
    registrationNumber: optionalText(z.string().trim().max(50)),
    vatNumber: optionalText(z.string().trim().max(20)),
    address: addressSchema,
    website: optionalText(urlField),
    phone: optionalText(telField),
    email: optionalText(emailField),
  })
  .superRefine(checkVatNumber);
export type CompanyInput = z.infer<typeof companySchema>;

/** A person of the company: the SPOC, the SPOC Assistant or the authorised representative. */
export const contactSchema = z.object({
  firstName: optionalText(personNameField),
  lastName: optionalText(personNameField),
  function: optionalText(z.string().trim().max(50)),
  email: optionalText(emailField),
  phone: optionalText(telField),
});
export type ContactInput = z.infer<typeof contactSchema>;

export const productSchema = z.object({
  name: optionalText(z.string().trim().max(100)),
  /** domain.md: a 14-digit GTIN or a 12-digit PPN, check digits verified. */
  productCode: optionalText(
    z
      .string()
      .trim()
      .refine(isProductCode, {
        message: 'Enter a GTIN-14 or a PPN with valid check digits',
        params: { code: 'INVALID_PRODUCT_CODE' } satisfies RuleParams,
      }),
  ),
  countries,
});
export type ProductInput = z.infer<typeof productSchema>;

/** A marketing authorisation holder; PD companies give one to three licences. */
export const mahSchema = z.object({
  name: optionalText(z.string().trim().max(100)),
  country: eeaCountry.nullish().transform((value) => value ?? null),
  activeIn: countries,
  website: optionalText(urlField),
  phone: optionalText(telField),
  email: optionalText(emailField),
  licences: z.array(z.string().trim().min(1).max(50)).max(3, 'At most three licences').default([]),
  products: z.array(productSchema).max(200).default([]),
});
export type MahInput = z.infer<typeof mahSchema>;

/** PUT /api/onboarding/legitimacy: the whole step, saved as a draft at the version the editor read. */
export const legitimacyDraftSchema = z.object({
  version: z.number().int().min(1),
  company: companySchema,
  spoc: contactSchema,
  // issue 21 item 2: no SPOC Assistant here: people are invited and withdrawn through the people routes
  // alone (POST/DELETE /api/onboarding/people/spoc-assistant), where the manager check is.
  authorisedRepresentative: contactSchema,
  mahs: z.array(mahSchema).max(50).default([]),
});
export type LegitimacyDraft = z.infer<typeof legitimacyDraftSchema>;

/** POST /api/onboarding/legitimacy/submit: submits the saved draft at this version. */
export const submitLegitimacySchema = z.object({ version: z.number().int().min(1) });

/** A stored file as the company's steps show it (an upload's answer). */
export const storedFileSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
});
export type StoredFileSummary = z.infer<typeof storedFileSummarySchema>;

const checkSummary = z.object({
  status: z.enum(CHECK_STATUSES),
  attempt: z.number().int(),
  submittedAt: isoDateTime.nullable(),
  slaDueAt: isoDateTime.nullable(),
  /** The reviewer's reason for corrections or a rejection. */
  reason: z.string().nullable(),
  decidedAt: isoDateTime.nullable(),
});
export type CheckSummary = z.infer<typeof checkSummary>;

/** GET /api/onboarding: the caller's own application (never another company's). */
export const onboardingSchema = z.object({
  organisation: z.object({
    id: z.uuid(),
    obpNumber: z.string(),
    stage: z.enum(STAGES),
    version: z.number().int(),
    /** domain.md: the organisation type is locked after the first submission. */
    orgTypeLocked: z.boolean(),
  }),
  company: companySchema,
  spoc: contactSchema,
  spocAssistant: contactSchema
    .extend({ status: z.enum(['INVITED', 'ACTIVE', 'DISABLED']).nullable() })
    .nullable(),
  authorisedRepresentative: contactSchema.extend({ copyOfProof: storedFileSummarySchema.nullable() }),
  mahs: z.array(mahSchema),
  /** Each check type's state; null before its first submission. */
  checks: z.object(
    Object.fromEntries(CHECK_TYPES.map((type) => [type, checkSummary.nullable()])) as {
      [K in (typeof CHECK_TYPES)[number]]: z.ZodNullable<typeof checkSummary>;
    },
  ),
  /** The caller's access: a READ_ONLY user sees every field disabled and no actions. */
  access: z.enum(['FULL', 'READ_ONLY']),
});
export type Onboarding = z.infer<typeof onboardingSchema>;
