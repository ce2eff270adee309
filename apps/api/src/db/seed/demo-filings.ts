import { feeFor } from '@portal/domain';
import type { Insertable, Transaction } from 'kysely';
import type { DB, OrganisationsTable } from '../schema.js';
import type { DemoInvoice, StagePlan } from './demo-checks.js';
import { SEED_AUDIT as audit } from './seed-defaults.js';

/** What a demo company filed for its contractual and financial checks, once it has submitted them. */
export async function seedFilings(
  trx: Transaction<DB>,
  company: {
    organisationId: string;
    plan: StagePlan;
    organisation: Insertable<OrganisationsTable>;
    legalName: string;
    domain: string;
    mahCount: number;
    invoice: DemoInvoice | null;
  },
): Promise<void> {
  const { organisationId, plan, organisation, legalName, domain, mahCount, invoice } = company;
  // The documents of the contractual and financial checks, once the company has filed them (the
  // files themselves are not seeded: the seed has no file store).
  if (plan.contractual !== 'NOT_SUBMITTED') {
    await trx
      .insertInto('participationAgreements')
      .values({
        organisationId,
        templateVersion: 1,
        acceptedTerms: true,
        confirmedAuthority: true,
        ...audit,
      })
      .execute();
  }
  if (plan.financial !== 'NOT_SUBMITTED') {
    await trx
      .insertInto('invoicingInformation')
      .values({
        organisationId,
        // The form declared the MAHs the company had then: all of them.
        declaredMahCount: mahCount,
        feeCents: feeFor(mahCount).amountCents,
        billing: JSON.stringify({
          name: legalName,
          vatNumber: organisation.vatNumber,
          email: `invoices@${domain}`,
          address: {
            street: organisation.street,
            city: organisation.city,
            country: organisation.country,
          },
        }),
        invoiceNumber: invoice?.number ?? null,
        invoicedAt: invoice?.invoicedAt ?? null,
        paidAt: invoice?.paidAt ?? null,
        ...audit,
      })
      .execute();
  }
}
