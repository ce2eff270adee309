import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FilePurpose } from '@portal/contracts';
import { tickBoxStatements } from '@portal/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Config } from '../../config.js';
import { createFileStorage, type FileStorage } from '../../storage/file-storage.js';
import type { DB } from '../schema.js';
import { DAY, EPOCH, SEED_ACTOR } from './seed-defaults.js';

const PUBLISHED_AT = new Date(EPOCH - 100 * DAY);

/** domain.md ParticipationAgreement: "two required tick boxes", one statement per paragraph. */
export const TICK_BOX_BODY = [
  'I have read the participation agreement and accept its terms on behalf of the company.',
  'I confirm that I am authorised to sign the participation agreement for the company, or that the person who signed it is.',
].join('\n\n');

const pdfText = (line: string) => line.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A small real PDF (one A4 page of Helvetica text, a correct cross-reference table), so the demo's
 * documents open in a browser and pass the stored-files content check.
 */
export function simplePdf(lines: readonly string[]): Buffer {
  const text = lines
    .map((line, index) => `${index === 0 ? '' : '0 -18 Td '}(${pdfText(line)}) Tj`)
    .join('\n');
  const content = `BT /F1 12 Tf 72 770 Td\n${text}\nET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * A document written to the store and its stored_files row. The key is derived from what the file is,
 * not random, so seeding again writes the same blob over itself instead of leaving another one behind.
 */
async function storeDocument(
  trx: Transaction<DB>,
  storage: FileStorage,
  document: {
    purpose: FilePurpose;
    key: string;
    name: string;
    content: Buffer;
    organisationId: string | null;
  },
): Promise<string> {
  const container = storage.containerFor(document.purpose);
  await storage.store.put(container, document.key, Readable.from([document.content]));
  const { id } = await trx
    .insertInto('storedFiles')
    .values({
      container,
      blobKey: document.key,
      name: document.name,
      mime: 'application/pdf',
      size: document.content.length,
      sha256: createHash('sha256').update(document.content).digest('hex'),
      purpose: document.purpose,
      organisationId: document.organisationId,
      uploadedBy: SEED_ACTOR,
      refCount: 1,
      createdBy: SEED_ACTOR,
      updatedBy: SEED_ACTOR,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * The PA_TICKBOX disclaimer must hold the two statements, one per paragraph: when the published one does
 * not, its next version is published with them (the previous one archived, as the admin's publishing does).
 */
async function publishTickBoxes(trx: Transaction<DB>): Promise<string> {
  const published = await trx
    .selectFrom('disclaimerContents')
    .selectAll()
    .where('type', '=', 'PA_TICKBOX')
    .where('status', '=', 'PUBLISHED')
    .executeTakeFirst();
  if (published && tickBoxStatements(published.body)) return published.id;
  const { highest } = await trx
    .selectFrom('disclaimerContents')
    .select((eb) => eb.fn.max('versionNumber').as('highest'))
    .where('type', '=', 'PA_TICKBOX')
    .executeTakeFirstOrThrow();
  if (published) {
    await trx
      .updateTable('disclaimerContents')
      .set({ status: 'ARCHIVED', updatedBy: SEED_ACTOR })
      .where('id', '=', published.id)
      .execute();
  }
  const { id } = await trx
    .insertInto('disclaimerContents')
    .values({
      type: 'PA_TICKBOX',
      versionNumber: (highest ?? 0) + 1,
      title: published?.title ?? 'Participation agreement',
      body: TICK_BOX_BODY,
      status: 'PUBLISHED',
      publishedAt: PUBLISHED_AT,
      requiresAcceptance: true,
      createdBy: SEED_ACTOR,
      updatedBy: SEED_ACTOR,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * The documents of the demo (issue 11), after demo-seed.ts: version 1 of the participation agreement
 * template (a stored file, purpose AGREEMENT_TEMPLATE, which demo-filings.ts's agreements are signed on), the
 * tick boxes' two statements, and each seeded company's signed agreement and invoicing form, so the
 * reviewers' detail views have documents to open. Billing details written before the financial step had
 * its shape (legal entity, address, VAT, purchase order, billing email) are brought to it. One
 * transaction; the blobs go through the configured store (local disk or Azure Blob Storage).
 */
export async function seedDocuments(db: Kysely<DB>, storageConfig: Config['storage']): Promise<void> {
  const storage = createFileStorage(storageConfig);
  await db.transaction().execute(async (trx) => {
    const templateFileId = await storeDocument(trx, storage, {
      purpose: 'AGREEMENT_TEMPLATE',
      key: 'seed-agreement-template-v1',
      name: 'participation-agreement-v1.pdf',
      content: simplePdf([
        'Participation Agreement - template version 1',
        '',
        'Between the European Medicines Verification Organisation (EMVO) and the On-Boarding Partner.',
        'Sign this document, scan it and upload it as a pdf on the contractual step of your application.',
      ]),
      organisationId: null,
    });
    await trx
      .insertInto('agreementTemplates')
      .values({ version: 1, fileId: templateFileId, publishedAt: PUBLISHED_AT, publishedBy: SEED_ACTOR })
      .execute();
    const tickBoxesId = await publishTickBoxes(trx);

    const agreements = await trx
      .selectFrom('participationAgreements as a')
      .innerJoin('organisations as o', 'o.id', 'a.organisationId')
      .select([
        'a.id',
        'a.organisationId',
        'a.templateVersion',
        'a.acceptedTerms',
        'o.obpNumber',
        'o.legalName',
      ])
      .where('a.signedFileId', 'is', null)
      .orderBy('o.obpNumber')
      .execute();
    for (const agreement of agreements) {
      const signedFileId = await storeDocument(trx, storage, {
        purpose: 'SIGNED_AGREEMENT',
        key: `seed-signed-agreement-${agreement.obpNumber.toLowerCase()}`,
        name: `participation-agreement-${agreement.obpNumber}-signed.pdf`,
        content: simplePdf([
          `Participation Agreement - template version ${agreement.templateVersion}`,
          '',
          `Signed for ${agreement.legalName} (${agreement.obpNumber}).`,
        ]),
        organisationId: agreement.organisationId,
      });
      await trx
        .updateTable('participationAgreements')
        .set({ signedFileId, tickBoxesDisclaimerId: agreement.acceptedTerms ? tickBoxesId : null })
        .where('id', '=', agreement.id)
        .execute();
    }

    const invoicing = await trx
      .selectFrom('invoicingInformation as i')
      .innerJoin('organisations as o', 'o.id', 'i.organisationId')
      .select(['i.id', 'i.organisationId', 'i.declaredMahCount', 'o.obpNumber', 'o.legalName'])
      .where('i.formFileId', 'is', null)
      .orderBy('o.obpNumber')
      .execute();
    for (const row of invoicing) {
      const formFileId = await storeDocument(trx, storage, {
        purpose: 'INVOICING_FORM',
        key: `seed-invoicing-form-${row.obpNumber.toLowerCase()}`,
        name: `invoicing-form-${row.obpNumber}.pdf`,
        content: simplePdf([
          'Invoicing information form',
          '',
          `${row.legalName} (${row.obpNumber}): ${row.declaredMahCount} active marketing authorisation holder(s).`,
        ]),
        organisationId: row.organisationId,
      });
      await trx.updateTable('invoicingInformation').set({ formFileId }).where('id', '=', row.id).execute();
    }

    // Billing details in an earlier shape ({ name, email, vatNumber, address }) to the financial step's.
    await sql`
      update invoicing_information i set billing = jsonb_build_object(
        'legalEntity', coalesce(i.billing->>'legalEntity', i.billing->>'name', o.legal_name),
        'address', jsonb_build_object(
          'street', o.street, 'houseNumber', o.house_number, 'postalCode', o.postal_code,
          'city', o.city, 'country', o.country),
        'vatNumber', coalesce(i.billing->>'vatNumber', o.vat_number),
        'purchaseOrderNumber', null,
        'billingEmail', coalesce(i.billing->>'billingEmail', i.billing->>'email', o.email))
      from organisations o
      where o.id = i.organisation_id and not (i.billing ? 'billingEmail')`.execute(trx);
  });
}
