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
import { z } from 'zod/mini';
import {
  companyNameField,
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

const eeaCountry = z
  .string()
  .check(z.trim(), z.toUpperCase(), z.refine(isEeaCountry, 'Choose a country of the EEA'));
const countries = z.pipe(
  z._default(z.array(eeaCountry).check(z.maxLength(30)), []),
  z.transform((list) => [...new Set(list)]),
);

/**
 * The VAT number's shape depends on the country of the address beside it (packages/domain VAT_PATTERNS):
 * the company's, or the billing details'. The message says the country's format (packages/domain
 * vatNumberFormatMessage): the API answers it, and the SPA's form shows it as it is.
 */
export function checkVatNumber(
  value: { vatNumber: string | null; address: { country: string | null } },
  ctx: z.core.$RefinementCtx,
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
  street: optionalText(z.string().check(z.trim(), z.maxLength(100))),
  houseNumber: optionalText(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(10),
        z.regex(HOUSE_NUMBER_PATTERN, 'A house number is digits, then letters if any'),
      ),
  ),
  postalCode: optionalText(z.string().check(z.trim(), z.maxLength(12))),
  city: optionalText(z.string().check(z.trim(), z.maxLength(50))),
  country: z.pipe(
    z.nullish(eeaCountry),
    z.transform((value) => value ?? null),
  ),
});

export const companySchema = z
  .object({
    legalName: companyNameField,
    /** domain.md: locked after the first submission (the API refuses a change then). */
    orgType: z.enum(ORG_TYPES),
    registrationNumber: optionalText(z.string().check(z.trim(), z.maxLength(50))),
    vatNumber: optionalText(z.string().check(z.trim(), z.maxLength(20))),
    address: addressSchema,
    website: optionalText(urlField),
    phone: optionalText(telField),
    email: optionalText(emailField),
  })
  .check(z.superRefine(checkVatNumber));
export type CompanyInput = z.infer<typeof companySchema>;

/** A person of the company: the SPOC, the SPOC Assistant or the authorised representative. */
export const contactSchema = z.object({
  firstName: optionalText(personNameField),
  lastName: optionalText(personNameField),
  function: optionalText(z.string().check(z.trim(), z.maxLength(50))),
  email: optionalText(emailField),
  phone: optionalText(telField),
});
export type ContactInput = z.infer<typeof contactSchema>;

export const productSchema = z.object({
  name: optionalText(z.string().check(z.trim(), z.maxLength(100))),
  /** domain.md: a 14-digit GTIN or a 12-digit PPN, check digits verified. */
  productCode: optionalText(
    z.string().check(
      z.trim(),
      z.refine(isProductCode, {
        message: 'Enter a GTIN-14 or a PPN with valid check digits',
        params: { code: 'INVALID_PRODUCT_CODE' } satisfies RuleParams,
      }),
    ),
  ),
  countries,
});
export type ProductInput = z.infer<typeof productSchema>;

/** A marketing authorisation holder; PD companies give one to three licences. */
export const mahSchema = z.object({
  name: optionalText(z.string().check(z.trim(), z.maxLength(100))),
  country: z.pipe(
    z.nullish(eeaCountry),
    z.transform((value) => value ?? null),
  ),
  activeIn: countries,
  website: optionalText(urlField),
  phone: optionalText(telField),
  email: optionalText(emailField),
  licences: z._default(
    z
      .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(50)))
      .check(z.maxLength(3, 'At most three licences')),
    [],
  ),
  products: z._default(z.array(productSchema).check(z.maxLength(200)), []),
});
export type MahInput = z.infer<typeof mahSchema>;

/** PUT /api/onboarding/legitimacy: the whole step, saved as a draft at the version the editor read. */
export const legitimacyDraftSchema = z.object({
  version: z.int().check(z.minimum(1)),
  company: companySchema,
  spoc: contactSchema,
  // No SPOC Assistant here: people are invited and withdrawn through the people routes
  // alone (POST/DELETE /api/onboarding/people/spoc-assistant), where the manager check is.
  authorisedRepresentative: contactSchema,
  mahs: z._default(z.array(mahSchema).check(z.maxLength(50)), []),
});
export type LegitimacyDraft = z.infer<typeof legitimacyDraftSchema>;

/** POST /api/onboarding/legitimacy/submit: submits the saved draft at this version. */
export const submitLegitimacySchema = z.object({ version: z.int().check(z.minimum(1)) });

/** A stored file as the company's steps show it (an upload's answer). */
export const storedFileSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.int(),
  mime: z.string(),
});
export type StoredFileSummary = z.infer<typeof storedFileSummarySchema>;

const checkSummary = z.object({
  status: z.enum(CHECK_STATUSES),
  attempt: z.int(),
  submittedAt: z.nullable(isoDateTime),
  slaDueAt: z.nullable(isoDateTime),
  /** The reviewer's reason for corrections or a rejection. */
  reason: z.nullable(z.string()),
  decidedAt: z.nullable(isoDateTime),
});
export type CheckSummary = z.infer<typeof checkSummary>;

/** GET /api/onboarding: the caller's own application (never another company's). */
export const onboardingSchema = z.object({
  organisation: z.object({
    id: z.uuid(),
    obpNumber: z.string(),
    stage: z.enum(STAGES),
    version: z.int(),
    /** domain.md: the organisation type is locked after the first submission. */
    orgTypeLocked: z.boolean(),
  }),
  company: companySchema,
  spoc: contactSchema,
  spocAssistant: z.nullable(
    z.extend(contactSchema, { status: z.nullable(z.enum(['INVITED', 'ACTIVE', 'DISABLED'])) }),
  ),
  authorisedRepresentative: z.extend(contactSchema, { copyOfProof: z.nullable(storedFileSummarySchema) }),
  mahs: z.array(mahSchema),
  /** Each check type's state; null before its first submission. */
  checks: z.object(
    Object.fromEntries(CHECK_TYPES.map((type) => [type, z.nullable(checkSummary)])) as {
      [K in (typeof CHECK_TYPES)[number]]: z.ZodMiniNullable<typeof checkSummary>;
    },
  ),
  /** The caller's access: a READ_ONLY user sees every field disabled and no actions. */
  access: z.enum(['FULL', 'READ_ONLY']),
});
export type Onboarding = z.infer<typeof onboardingSchema>;
