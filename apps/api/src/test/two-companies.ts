import { type Headers, type Identity, signedInHeaders } from './callers.js';
import {
  completeDraft,
  createCompany,
  onboardingCalls,
  type TestApp,
  type TestCompany,
  TINY_PDF,
} from './onboarding-test-kit.js';

// Two onboarding companies for the authorization suites: the owner, with a record behind every
// kind of id a route takes, and another company whose user tries those ids. Plus the records of the
// administrators' and reviewers' routes, and the owner's people in every standing.

const audit = { createdBy: 'test', updatedBy: 'test' };

/** The owner's records, by the kind of id a route takes. */
export interface OwnerRecords {
  organisationId: string;
  /** The owner's OBP number (the company page's address). */
  obpNumber: string;
  /** The owner's Initial Requester (users.id). */
  userId: string;
  /** The owner's SPOC Assistant, READ_ONLY (users.id). */
  assistantUserId: string;
  /** The owner's pending invitation of an address that has an account (a reviewer's): a person by id too. */
  invitationId: string;
  checkId: string;
  mahId: string;
  fileId: string;
  sessionTokenId: string;
  testRunId: string;
}

/** Records no company owns: the administrators' and reviewers' own. */
export interface SharedRecords {
  gatewayId: string;
  tooltipId: string;
  disclaimerId: string;
  linkId: string;
}

export interface TwoCompanies {
  owner: TestCompany & { records: OwnerRecords };
  other: TestCompany;
  shared: SharedRecords;
  /**
   * Texts only the owner's records hold (its name, number, file name and sha256, MAH, people, token
   * requester, test scenario): none may appear in an answer to anyone but the owner's people, ADMIN or EMVO.
   */
  ownerSecrets: string[];
  /** The token subjects (B2C object ids) of the owner's Initial Requester and people, by standing. */
  subjects: {
    owner: string;
    readOnly: string;
    revoked: string;
    disabledExternal: string;
    disabledInternal: string;
  };
  /** The owner's people by standing, and internal users, each signed in. */
  headers: {
    admin: Headers;
    emvo: Headers;
    readOnly: Headers;
    revoked: Headers;
    disabledExternal: Headers;
    disabledInternal: Headers;
  };
}

const uniqueTag = () => Math.random().toString(36).slice(2, 8);

/** A user of the directory, linked to their own subject, with their signed-in browser's headers. */
async function person(
  t: TestApp,
  name: string,
  values: {
    roles: Identity['roles'];
    organisationId?: string;
    obpRole?: 'SPOC_ASSISTANT';
    access?: 'FULL' | 'READ_ONLY' | 'REVOKED';
    status?: 'ACTIVE' | 'DISABLED';
  },
): Promise<{ id: string; email: string; subject: string; headers: Headers }> {
  const tag = uniqueTag();
  const email = `${name}-${tag}@people.test`;
  const subject = `oid-${name}-${tag}`;
  const { id } = await t.db
    .insertInto('users')
    .values({
      email,
      displayName: `${name} ${tag}`,
      externalId: subject,
      roles: [...values.roles],
      organisationId: values.organisationId ?? null,
      obpRole: values.obpRole ?? null,
      access: values.access ?? 'FULL',
      status: values.status ?? 'ACTIVE',
      ...audit,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, email, subject, headers: await signedInHeaders(t, { subject, email, roles: values.roles }) };
}

/** The owner's application submitted through the API: its draft, copy of proof and legitimacy check. */
async function submittedOwner(t: TestApp, tag: string) {
  const calls = onboardingCalls(t);
  const legalName = `Ownerco ${tag} Pharma`;
  const company = await createCompany(t, { name: legalName });
  const base = completeDraft(1);
  const draft = {
    ...base,
    company: { ...base.company, legalName, email: `office-${tag}@ownerco.example` },
    spoc: { ...base.spoc, email: `spoc-${tag}@ownerco.example` },
    mahs: [{ ...base.mahs[0], name: `Ownerco MAH ${tag}` }],
  };
  const fileName = `ownerco-proof-${tag}.pdf`;
  const saved = await calls.save(company.headers, draft);
  const uploaded = await calls.upload(company.headers, fileName, TINY_PDF);
  const submitted = await calls.submit(company.headers, 2);
  if (saved.status !== 200 || uploaded.status !== 201 || submitted.status !== 200) {
    throw new Error(`The owner's application: ${saved.status}, ${uploaded.status}, ${submitted.status}`);
  }
  return { company, legalName, draft, fileName, fileId: uploaded.body.id };
}

/** Seeds both companies and every record the authorization suites call routes with. */
export async function seedTwoCompanies(t: TestApp): Promise<TwoCompanies> {
  const tag = uniqueTag();
  const { company: owner, legalName, draft, fileName, fileId } = await submittedOwner(t, tag);
  const organisationId = owner.organisationId;
  const other = await createCompany(t, { name: `Otherco ${tag} Pharma` });

  const { obpNumber } = await t.db
    .selectFrom('organisations')
    .select('obpNumber')
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
  const check = await t.db
    .selectFrom('checks')
    .select('id')
    .where('organisationId', '=', organisationId)
    .executeTakeFirstOrThrow();
  const mah = await t.db
    .selectFrom('mahs')
    .select('id')
    .where('organisationId', '=', organisationId)
    .executeTakeFirstOrThrow();
  const ownerUser = await t.db
    .selectFrom('users')
    .select('externalId')
    .where('id', '=', owner.userId)
    .executeTakeFirstOrThrow();
  const file = await t.db
    .selectFrom('storedFiles')
    .select('sha256')
    .where('id', '=', fileId)
    .executeTakeFirstOrThrow();
  const requester = `requester-${tag}@ownerco.example`;
  const token = await t.db
    .insertInto('sessionTokens')
    .values({ organisationId, environment: 'IQE', requestedBy: requester, requestedAt: new Date(), ...audit })
    .returning('id')
    .executeTakeFirstOrThrow();
  const scenario = `ownerco-scenario-${tag}`;
  const testRun = await t.db
    .insertInto('testRuns')
    .values({
      organisationId,
      environment: 'IQE',
      scenario,
      result: 'PASSED',
      executedAt: new Date(),
      source: 'MANUAL',
      ...audit,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const readOnly = await person(t, 'assistant', {
    roles: ['EXTERNAL'],
    organisationId,
    obpRole: 'SPOC_ASSISTANT',
    access: 'READ_ONLY',
  });
  const revoked = await person(t, 'revoked', { roles: ['EXTERNAL'], organisationId, access: 'REVOKED' });
  const disabledExternal = await person(t, 'disabled', {
    roles: ['EXTERNAL'],
    organisationId,
    status: 'DISABLED',
  });
  // A disabled administrator and reviewer: its token still grants both roles, only its standing refuses it.
  const disabledInternal = await person(t, 'former-admin', { roles: ['ADMIN', 'EMVO'], status: 'DISABLED' });
  const admin = await person(t, 'admin', { roles: ['ADMIN'] });
  const emvo = await person(t, 'reviewer', { roles: ['EMVO'] });

  const invitation = await t.db
    .insertInto('personInvitations')
    .values({
      organisationId,
      userId: emvo.id,
      email: `invited-${tag}@portal.test`,
      displayName: 'Invited Person',
      createdBy: 'seed',
      updatedBy: 'seed',
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const shared = await seedSharedRecords(t, tag);
  return {
    owner: {
      ...owner,
      records: {
        organisationId,
        obpNumber,
        userId: owner.userId,
        assistantUserId: readOnly.id,
        invitationId: invitation.id,
        checkId: check.id,
        mahId: mah.id,
        fileId,
        sessionTokenId: token.id,
        testRunId: testRun.id,
      },
    },
    other,
    shared,
    ownerSecrets: [
      legalName,
      obpNumber,
      organisationId,
      fileName,
      file.sha256,
      // The copy of proof's content, as a download answers it.
      TINY_PDF.toString('latin1').split('\n')[0] ?? '',
      draft.mahs[0]?.name ?? '',
      draft.company.email,
      draft.spoc.email,
      owner.email,
      readOnly.email,
      requester,
      scenario,
    ],
    subjects: {
      owner: ownerUser.externalId ?? '',
      readOnly: readOnly.subject,
      revoked: revoked.subject,
      disabledExternal: disabledExternal.subject,
      disabledInternal: disabledInternal.subject,
    },
    headers: {
      admin: admin.headers,
      emvo: emvo.headers,
      readOnly: readOnly.headers,
      revoked: revoked.headers,
      disabledExternal: disabledExternal.headers,
      disabledInternal: disabledInternal.headers,
    },
  };
}

/** A gateway, a tooltip, a disclaimer draft and a footer link. */
async function seedSharedRecords(t: TestApp, tag: string): Promise<SharedRecords> {
  const gateway = await t.db
    .insertInto('gateways')
    .values({
      name: `Gateway ${tag}`,
      type: 'PROVIDER',
      website: null,
      contactEmail: null,
      phone: null,
      environments: ['IQE', 'PRD'],
      certified: true,
      certifiedAt: new Date(),
      notes: null,
      ...audit,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tooltip = await t.db
    .insertInto('tooltips')
    .values({ key: `onboarding.matrix.${tag}`, screen: 'onboarding', text: 'A tooltip', ...audit })
    .returning('id')
    .executeTakeFirstOrThrow();
  const disclaimer = await t.db
    .insertInto('disclaimerContents')
    .values({
      type: 'FOOTER_LEGAL',
      versionNumber: 1,
      title: 'Legal',
      body: 'Text',
      status: 'DRAFT',
      ...audit,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const link = await t.db
    .insertInto('links')
    .values({ listId: 'footer-links', label: 'Help', link: 'https://help.example', sortOrder: 1, ...audit })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { gatewayId: gateway.id, tooltipId: tooltip.id, disclaimerId: disclaimer.id, linkId: link.id };
}
