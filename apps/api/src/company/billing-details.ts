import { type BillingDetailsInput, billingDetailsSchema } from '@portal/contracts';
import { eeaCountryOf } from './application-columns.js';

// The company's billing details as stored (invoicing_information.billing, jsonb): read by the company's
// financial step (modules/onboarding) and the reviewer's financial check (modules/reviews, issue 23 item 10).

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/**
 * The stored billing details as the contract types them. What the step saved parses as it is; anything
 * else (a row written before the details had this shape) is read field by field, what is no text left
 * blank, so the company sees what there is and fills in the rest.
 */
export function billingOf(stored: unknown): BillingDetailsInput {
  const parsed = billingDetailsSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const value = record(stored);
  const address = record(value.address);
  return {
    legalEntity: text(value.legalEntity),
    address: {
      street: text(address.street),
      houseNumber: text(address.houseNumber),
      postalCode: text(address.postalCode),
      city: text(address.city),
      country: eeaCountryOf(text(address.country)),
    },
    vatNumber: text(value.vatNumber),
    purchaseOrderNumber: text(value.purchaseOrderNumber),
    billingEmail: text(value.billingEmail),
  };
}
