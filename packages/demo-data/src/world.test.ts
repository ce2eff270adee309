import { isVatNumberShape } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './accounts.js';
import { demoWorld } from './world.js';

describe('demoWorld', () => {
  const world = demoWorld();

  it('is the same rows every time', () => {
    expect(demoWorld()).toEqual(world);
  });

  it('holds 48 organisations by default, four per stage plan', () => {
    expect(world.organisations).toHaveLength(48);
    expect(demoWorld({ perPlan: 1 }).organisations).toHaveLength(12);
  });

  it('gives every row of a table its own id', () => {
    for (const [table, rows] of Object.entries(world)) {
      const ids = (rows as Array<{ id?: string }>).map((row) => row.id).filter(Boolean);
      expect(new Set(ids).size, table).toBe(ids.length);
    }
  });

  it('points every reference at a row that exists', () => {
    const ids = (rows: Array<{ id: string }>) => new Set(rows.map((row) => row.id));
    const organisations = ids(world.organisations);
    const files = ids(world.storedFiles);
    const checks = ids(world.checks);
    const mahs = ids(world.mahs);
    const gateways = ids(world.gateways);
    for (const row of [
      ...world.contacts,
      ...world.mahs,
      ...world.checks,
      ...world.testRuns,
      ...world.sessionTokens,
    ]) {
      expect(organisations.has(row.organisationId)).toBe(true);
    }
    for (const row of world.organisations) if (row.gatewayId) expect(gateways.has(row.gatewayId)).toBe(true);
    for (const row of world.checkEvents) expect(checks.has(row.checkId)).toBe(true);
    for (const row of world.mahProducts) expect(mahs.has(row.mahId)).toBe(true);
    for (const row of world.participationAgreements) expect(files.has(row.signedFileId ?? '')).toBe(true);
    for (const row of world.invoicingInformation) expect(files.has(row.formFileId ?? '')).toBe(true);
    for (const row of world.agreementTemplates) expect(files.has(row.fileId)).toBe(true);
  });

  it('makes the demo external account the SPOC of a company whose contractual check is in review', () => {
    const user = world.users.find((row) => row.email === DEMO_ACCOUNTS.external.email);
    const company = world.organisations.find((row) => row.id === user?.organisationId);
    expect(company).toMatchObject({ stage: 'APPROVALS', contractualStatus: 'IN_REVIEW' });
  });

  it('keeps each organisation status in step with its checks', () => {
    for (const check of world.checks) {
      const organisation = world.organisations.find((row) => row.id === check.organisationId);
      const key = `${check.type.toLowerCase()}Status` as 'legitimacyStatus';
      expect(organisation?.[key]).toBe(check.status);
    }
  });

  it("gives every organisation a VAT number of its country's shape", () => {
    for (const row of world.organisations) {
      expect(isVatNumberShape(row.country ?? '', row.vatNumber ?? ''), row.vatNumber ?? '').toBe(true);
    }
  });

  it('sizes every stored file by its content', () => {
    for (const file of world.storedFiles) expect(file.size).toBe(file.content.length);
  });
});
