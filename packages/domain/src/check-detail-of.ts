import {
  type CheckDetailFacts,
  checkDetailView,
  checkDocumentIds,
  type StoredAgreement,
  type StoredCheckEvent,
  type StoredInvoicing,
} from './check-view.js';
import { dateOf } from './iso.js';

/** A CheckEvent row as stored: its statuses in the columns fromStatus and toStatus. */
export type CheckEventRow = Omit<StoredCheckEvent, 'from' | 'to'> & {
  fromStatus: StoredCheckEvent['from'];
  toStatus: StoredCheckEvent['to'];
};

/** The check's events oldest first (id orders two of the same instant the same way each time), as read. */
export const checkEventsOf = (rows: readonly CheckEventRow[]): StoredCheckEvent[] =>
  [...rows]
    .sort((a, b) => dateOf(a.at).getTime() - dateOf(b.at).getTime() || a.id.localeCompare(b.id))
    .map(({ fromStatus, toStatus, ...event }) => ({ ...event, from: fromStatus, to: toStatus }));

/** What the reviewer's application shows; the representative's copy of proof and the MAHs are read here. */
interface ReviewedApplication {
  authorisedRepresentative: { copyOfProof?: { id: string } | null };
  mahs: readonly unknown[];
}

type Facts<Application, BillingDetails> = CheckDetailFacts<Application, BillingDetails>;

/** The rows the check's detail is computed from, as the API reads them. */
export interface CheckDetailRows<Application extends ReviewedApplication, BillingDetails>
  extends Omit<Facts<Application, BillingDetails>, 'documents' | 'events' | 'activeMahCount' | 'agreement'> {
  invoicing: (StoredInvoicing & { formFileId: string | null }) | null | undefined;
  agreement?: (StoredAgreement & { signedFileId: string | null }) | null | undefined;
  /** Stored files holding at least the check's documents (checkFileIds); the others are left out. */
  files: Facts<Application, BillingDetails>['documents'];
  /** The check's events as stored, in any order. */
  events: readonly CheckEventRow[];
}

/** The ids of the files the reviewer reads to decide the check, from the company's rows (checkDocumentIds). */
export const checkFileIds = (
  rows: Pick<
    CheckDetailRows<ReviewedApplication, unknown>,
    'check' | 'application' | 'agreement' | 'invoicing'
  >,
): string[] =>
  checkDocumentIds(rows.check.type, {
    copyOfProofFileId: rows.application.authorisedRepresentative.copyOfProof?.id,
    signedFileId: rows.agreement?.signedFileId,
    formFileId: rows.invoicing?.formFileId,
  });

/**
 * GET /api/checks/{id} from the rows the API reads in SQL: the check's documents among the files, its events
 * in order, the fee tier from the MAHs active now, then checkDetailView.
 */
export function checkDetailOf<Application extends ReviewedApplication, BillingDetails = unknown>(
  rows: CheckDetailRows<Application, BillingDetails>,
) {
  const ids = checkFileIds(rows);
  return checkDetailView<Application, BillingDetails>({
    ...rows,
    documents: rows.files.filter((file) => ids.includes(file.id)),
    events: checkEventsOf(rows.events),
    activeMahCount: rows.application.mahs.length,
  });
}
