import {
  checksByType,
  type contactColumns,
  contactsByKind,
  type EndpointSpec,
  type FilePurpose,
  type MahInput,
  mahColumns,
  type OnboardingAnswer,
  onboardingAnswerOf,
  productColumns,
} from '@portal/contracts';
import type { Audited, CheckRow, ContactRow, OrganisationRow, UserRow } from '@portal/demo-data';
import {
  type CheckType,
  checkRecordOf,
  companyCallerRefusal,
  type DecidedCheck,
  decide,
  extensionOf,
  initialCheck,
  isCsrPem,
  progressOf,
  stepLockedMessage,
  submitStageRefusal,
} from '@portal/domain';
import type { HttpHandler } from 'msw';
import { byId, type MockDb, publishedOf } from './mock-db';
import {
  apiError,
  callerOf,
  errorList,
  type MockContext,
  type MockInput,
  mockRoute,
  refused,
  stepLocked,
  versionConflict,
} from './mock-http';
import {
  applyCheckTransition,
  insertRow,
  type RowOf,
  updateColumns,
  type VersionedTable,
  writeAudit,
} from './mock-resource';
import { readUpload } from './storage-admin-handlers';

/*
 * The company's application in mock mode (apps/api modules/onboarding). Read: GET /api/onboarding is
 * contracts onboardingAnswerOf over the store's rows of the caller's organisation, as the API assembles it
 * from its own. Written: what the company's routes share, the caller's company found from the token, never
 * from the request; a write at the organisation's version; the rows and audit rows it writes.
 */

/** An organisation's rows of a table. */
const ours = <Row extends { organisationId: string | null }>(rows: Row[], organisationId: string) =>
  rows.filter((row) => row.organisationId === organisationId);

/** The participation agreement template a company signs now: the highest published version. */
export function currentTemplateOf(db: MockDb) {
  const template = db.agreementTemplates.toSorted((a, b) => b.version - a.version)[0];
  const file = byId(db.storedFiles, template?.fileId);
  return template && file
    ? { ...template, file: { id: file.id, name: file.name, size: file.size, mime: file.mime } }
    : null;
}

/** The rows of an organisation that its application is read from (contracts OnboardingRows). */
export function onboardingRowsOf(db: MockDb, organisation: OrganisationRow) {
  const id = organisation.id;
  const mahs = ours(db.mahs, id);
  return {
    ...{ organisation, contacts: ours(db.contacts, id), checks: ours(db.checks, id), mahs },
    products: db.mahProducts.filter((product) => mahs.some((mah) => mah.id === product.mahId)),
    ...{ users: ours(db.users, id), files: db.storedFiles, gateways: db.gateways },
    ...{ template: currentTemplateOf(db), tickBoxes: publishedOf(db, 'PA_TICKBOX') ?? null },
    agreement: ours(db.participationAgreements, id)[0] ?? null,
    invoicing: ours(db.invoicingInformation, id)[0] ?? null,
    ...{ csrs: ours(db.certificateRequests, id), tokens: ours(db.sessionTokens, id) },
    testRuns: ours(db.testRuns, id),
  };
}

/** The caller's application (contracts onboardingAnswerSchema); `user` acts for an organisation. */
export function onboardingAnswer(db: MockDb, user: UserRow, now: Date): OnboardingAnswer {
  const organisation = byId(db.organisations, user.organisationId) as OrganisationRow;
  const access = user.access === 'READ_ONLY' ? 'READ_ONLY' : 'FULL';
  return onboardingAnswerOf(onboardingRowsOf(db, organisation), { userId: user.id, access }, now);
}

type Audit = [action: string, entity: string, entityId: string, diff?: unknown];

/** The signed-in company user, the organisation they act for, and the request's writes, stamped as theirs. */
export type Company = Exclude<ReturnType<typeof companyOf>, Response>;

/** apps/api resolveCaller: the domain's companyCallerRefusal is a 403. */
function companyOf(context: MockContext, request: Request, mode: 'read' | 'write') {
  const user = callerOf(context, request);
  const organisation = byId(context.db.organisations, user?.organisationId);
  const refusal = companyCallerRefusal(user, mode);
  if (refusal !== null || !user || !organisation) return apiError(403, 'FORBIDDEN', refusal ?? '');
  const entryOf = ([action, entity, entityId, diff]: Audit) => ({ action, entity, entityId, diff });
  /** The organisation's contact of each kind: the oldest row, should a kind ever have two. */
  const contacts = () => contactsByKind(ours(context.db.contacts, organisation.id));
  return {
    user,
    organisation,
    /** The application as it is now (GET /api/onboarding). */
    answer: () => onboardingAnswer(context.db, user, context.now()),
    checks: () => checksByType(ours(context.db.checks, organisation.id)),
    contacts,
    /** The organisation's rows of a table. */
    ours: <Row extends { organisationId: string | null }>(rows: Row[]) => ours(rows, organisation.id),
    insert: <T extends VersionedTable>(table: T, values: Omit<RowOf<T>, keyof Audited>) =>
      insertRow(context, request, table, values),
    update: <Row extends Audited>(changed: Row, changes?: Partial<Row>) =>
      updateColumns(context, request, changed, changes),
    audit: (...entry: Audit) => writeAudit(context, request, entryOf(entry)),
    /** The organisation's contact of a kind with these columns: changed, or inserted without a copy of proof. */
    saveContact: (kind: ContactRow['kind'], columns: ReturnType<typeof contactColumns>) => {
      const existing = contacts()[kind];
      if (existing) return updateColumns(context, request, existing, columns);
      const values = { organisationId: organisation.id, kind, ...columns, copyOfProofFileId: null };
      return insertRow(context, request, 'contacts', values);
    },
    /** apps/api touchOrganisation: every change to the application moves the organisation's version. */
    touch: (changes?: Partial<OrganisationRow>, entry?: Audit) => {
      updateColumns(context, request, organisation, changes);
      if (entry) writeAudit(context, request, entryOf(entry));
    },
    /** A decision on one of the organisation's checks (`decide`'s answer), written as every transition is. */
    transition: (check: CheckRow | undefined, decided: DecidedCheck) =>
      applyCheckTransition(context, request, { organisation, check, ...decided }),
    /**
     * An upload's file put on its row (apps/api's upload routes): `column` (and `changes`) point at it, the
     * file it replaces is not kept (apps/api release), one audit row names both. Answers the file.
     */
    attach: <Row extends Audited, File extends { id: string }>(
      file: File,
      row: Row,
      column: keyof Row & string,
      [action, entity]: [action: string, entity: string],
      changes?: Partial<Row>,
    ) => {
      // Read before the update, which changes the row in place.
      const previous = (row[column] ?? null) as string | null;
      updateColumns(context, request, row, { ...changes, [column]: file.id } as Partial<typeof row>);
      const released = context.db.storedFiles.findIndex((stored) => stored.id === previous);
      if (released >= 0) context.db.storedFiles.splice(released, 1);
      const diff = { [column]: { from: previous, to: file.id }, file };
      writeAudit(context, request, { action, entity, entityId: row.id, diff });
      return file;
    },
  };
}

/** The version a write names: in its body, or in its query (a DELETE's ?version=). */
const versionOf = ({ body, query }: { body: unknown; query: unknown }) =>
  [body, query]
    .map((part) => (part instanceof Object ? Reflect.get(part, 'version') : undefined))
    .find(Number.isInteger);

/**
 * A company route (contracts onboardingApi): the caller's company resolved before the body is read (403 as
 * the API's preValidation), a write's version checked first (409 VERSION_CONFLICT, as
 * lockOrganisationAtVersion); a resolver answering nothing answers the application as it is now.
 */
export function companyRoute<E extends EndpointSpec>(
  context: MockContext,
  endpoint: E,
  resolve: (input: MockInput<E>, company: Company) => object | undefined | Promise<object | undefined>,
): HttpHandler {
  const mode = endpoint.method === 'GET' ? 'read' : 'write';
  const notCompany = (request: Request) => {
    const company = companyOf(context, request, mode);
    return company instanceof Response ? company : undefined;
  };
  const answer = async (input: MockInput<E>) => {
    const company = companyOf(context, input.request, mode) as Company;
    const version = versionOf(input);
    if (version !== undefined && version !== company.organisation.version) return versionConflict();
    // The resolver's own answer is the endpoint's (a stored file, a revealed token), typed by it.
    return ((await resolve(input, company)) ?? company.answer()) as never;
  };
  return mockRoute(context, endpoint, answer, notCompany);
}

/** 409 STEP_LOCKED while the step may not be changed (domain stepLockedMessage), else undefined. */
export const lockedStep = (company: Company, type: CheckType) =>
  stepLocked(stepLockedMessage(type, progressOf(company.organisation, company.checks())));

/** apps/api storage content-check.ts, in short: the first bytes of each type a company uploads. */
const JPEG = '\xff\xd8\xff';
const SIGNATURES: Record<string, string> = { pdf: '%PDF', png: '\x89PNG', jpg: JPEG, jpeg: JPEG };

/**
 * An upload stored for the company as the API's stored-files service does: the purpose's rules, the
 * content (112), then its stored_files row. Answers the file's summary, or the refusal.
 */
export async function storeUpload(company: Company, form: FormData, purpose: FilePurpose) {
  const upload = await readUpload(form, purpose);
  if (upload instanceof Response) return upload;
  const { name, mime, content } = upload;
  const extension = extensionOf(name);
  if (extension === 'csr' ? !isCsrPem(content) : !content.startsWith(SIGNATURES[extension] ?? '')) {
    return apiError(400, '112', `The file's content is not a .${extension} file`);
  }
  const summary = { name, size: content.length, mime };
  const owner = { purpose, organisationId: company.organisation.id, uploadedBy: company.user.email };
  const stored = company.insert('storedFiles', { ...summary, ...owner, refCount: 1, content });
  return { id: stored.id, ...summary };
}

/**
 * A company's submission (apps/api legitimacy-submit.ts and the steps'): the domain's refusal (409), the
 * stage's (409 ACTION_NOT_ALLOWED), what is missing (400 MISSING, one entry per item), then what the step
 * writes with it (`before`) and the transition (mock-resource.ts applyCheckTransition), whose check the reviewers' queue shows.
 */
export function submitStep(
  context: MockContext,
  company: Company,
  type: CheckType,
  missingOf: (answer: OnboardingAnswer) => Array<{ field: string; message: string }>,
  before: () => void = () => {},
) {
  const checks = company.checks();
  const check = checks[type];
  const record = check ? checkRecordOf(check) : initialCheck(type);
  const decision = decide(record, 'SUBMIT', {
    role: 'EXTERNAL',
    actor: company.user.email,
    now: context.now(),
  });
  if (!decision.ok) return apiError(409, decision.code, decision.message);
  const stageRefused = refused(submitStageRefusal(type, progressOf(company.organisation, checks)));
  if (stageRefused) return stageRefused;
  const missing = missingOf(company.answer());
  if (missing.length > 0) return errorList(missing.map((item) => ({ code: 'MISSING', ...item })));
  before();
  company.transition(check, { type, ...decision });
  return undefined;
}

/**
 * apps/api mah-rows.ts: MAHs inserted active with their products, after the organisation's others (no
 * position column: creation times a millisecond apart keep the order the company entered).
 */
export function insertMahs(context: MockContext, company: Company, mahs: MahInput[]) {
  const organisationId = company.organisation.id;
  const earlier = company.ours(context.db.mahs).map((mah) => Date.parse(mah.createdAt) + 1);
  let tick = Math.max(context.now().getTime(), ...earlier);
  const at = () => ({ createdAt: new Date(tick).toISOString(), updatedAt: new Date(tick++).toISOString() });
  for (const mah of mahs) {
    const row = Object.assign(
      company.insert('mahs', { organisationId, ...mahColumns(mah), active: true }),
      at(),
    );
    for (const product of mah.products) {
      Object.assign(company.insert('mahProducts', { mahId: row.id, ...productColumns(product) }), at());
    }
  }
}
