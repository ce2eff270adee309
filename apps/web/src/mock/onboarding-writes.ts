import {
  type EndpointSpec,
  type FilePurpose,
  type MahInput,
  mahColumns,
  type OnboardingAnswer,
  productColumns,
} from '@portal/contracts';
import type { Audited, OrganisationRow } from '@portal/demo-data';
import {
  type CheckType,
  checkRecordOf,
  companyCallerRefusal,
  decide,
  extensionOf,
  initialCheck,
  isCsrPem,
  progressOf,
  stepLockedMessage,
  submitStageRefusal,
} from '@portal/domain';
import type { HttpHandler } from 'msw';
import { writeAudit } from './audit-trail';
import { applyCheckTransition, touchOrganisation } from './check-transition';
import { readUpload } from './file-download';
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
import { auditedRow, insertRow, type RowOf, updateColumns, type VersionedTable } from './mock-resource';
import { checksOf, onboardingAnswer } from './onboarding-answer';

/*
 * What the company's routes share (apps/api modules/onboarding): the caller's company, found from the
 * token, never from the request; a write at the organisation's version; the rows and audit rows it writes.
 */

type Audit = [action: string, entity: string, entityId: string, diff?: unknown];

/** The signed-in company user, the organisation they act for, and the request's writes, stamped as theirs. */
export type Company = Exclude<ReturnType<typeof companyOf>, Response>;

/** apps/api resolveCaller: the domain's companyCallerRefusal is a 403. */
function companyOf(context: MockContext, request: Request, mode: 'read' | 'write') {
  const user = callerOf(context, request);
  const organisation = context.db.organisations.find((row) => row.id === user?.organisationId);
  const refusal = companyCallerRefusal(user, mode);
  if (refusal !== null || !user || !organisation) return apiError(403, 'FORBIDDEN', refusal ?? '');
  const entryOf = ([action, entity, entityId, diff]: Audit) => ({ action, entity, entityId, diff });
  return {
    user,
    organisation,
    /** A new row's audited columns. */
    row: () => auditedRow(context, request),
    insert: <T extends VersionedTable>(table: T, values: Omit<RowOf<T>, keyof Audited>) =>
      insertRow(context, request, table, values),
    update: <Row extends Audited>(changed: Row, changes?: Partial<Row>) =>
      updateColumns(context, request, changed, changes),
    audit: (...entry: Audit) => writeAudit(context, request, entryOf(entry)),
    /** apps/api touchOrganisation: every change to the application moves the organisation's version. */
    touch: (changes?: Partial<OrganisationRow>, entry?: Audit) =>
      touchOrganisation(context, request, organisation, changes, entry && entryOf(entry)),
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
    return ((await resolve(input, company)) ??
      onboardingAnswer(context.db, company.user, context.now())) as never;
  };
  return mockRoute(context, endpoint, answer, notCompany);
}

/** 409 STEP_LOCKED while the step may not be changed (domain stepLockedMessage), else undefined. */
export const lockedStep = (context: MockContext, { organisation }: Company, type: CheckType) =>
  stepLocked(stepLockedMessage(type, progressOf(organisation, checksOf(context.db, organisation.id))));

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
 * writes with it (`before`) and the transition (check-transition.ts), whose check the reviewers' queue shows.
 */
export function submitStep(
  context: MockContext,
  request: Request,
  company: Company,
  type: CheckType,
  missingOf: (answer: OnboardingAnswer) => Array<{ field: string; message: string }>,
  before: () => void = () => {},
) {
  const { organisation, user } = company;
  const checks = checksOf(context.db, organisation.id);
  const check = checks[type];
  const record = check ? checkRecordOf(check) : initialCheck(type);
  const decision = decide(record, 'SUBMIT', { role: 'EXTERNAL', actor: user.email, now: context.now() });
  if (!decision.ok) return apiError(409, decision.code, decision.message);
  const stageRefused = refused(submitStageRefusal(type, progressOf(organisation, checks)));
  if (stageRefused) return stageRefused;
  const missing = missingOf(onboardingAnswer(context.db, user, context.now()));
  if (missing.length > 0) return errorList(missing.map((item) => ({ code: 'MISSING', ...item })));
  before();
  applyCheckTransition(context, request, { organisation, check, type, ...decision });
  return undefined;
}

/**
 * apps/api mah-rows.ts: MAHs inserted active with their products, after the organisation's others (no
 * position column: creation times a millisecond apart keep the order the company entered).
 */
export function insertMahs(context: MockContext, company: Company, mahs: MahInput[]) {
  const organisationId = company.organisation.id;
  const ours = context.db.mahs.filter((mah) => mah.organisationId === organisationId);
  let tick = Math.max(context.now().getTime(), ...ours.map((mah) => Date.parse(mah.createdAt) + 1));
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
