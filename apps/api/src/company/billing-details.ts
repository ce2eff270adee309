// The company's billing details as stored (invoicing_information.billing, jsonb): read by the company's
// financial step (modules/onboarding) and the reviewer's financial check (modules/reviews):
// contracts billingOf, one reading for both.
export { billingOf } from '@portal/contracts';
