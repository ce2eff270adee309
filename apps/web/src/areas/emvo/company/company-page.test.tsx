import { companyPagePath } from '@portal/contracts';
import { DEMO_ACCOUNTS } from '@portal/demo-data';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render-screen';
import { worldSuite } from '../../../test/world-suite';
import { CompanyPage } from './company-page';

/** The reviewer signed in by default (mock auth's EMVO account). */
const RITA = DEMO_ACCOUNTS.reviewer;

// Before each test mock mode's world: the API's own code over the demo world.
const { world, calls } = worldSuite();

/** The demo world's first company with a submitted legitimacy check (the one the reviewer starts). */
const demoCompany = () =>
  world()
    .db.selectFrom('checks')
    .innerJoin('organisations', 'organisations.id', 'checks.organisationId')
    .select(['checks.id as checkId', 'checks.version', 'organisations.legalName', 'organisations.obpNumber'])
    .where('checks.type', '=', 'LEGITIMACY')
    .where('checks.status', '=', 'SUBMITTED')
    .orderBy('checks.id')
    .executeTakeFirstOrThrow();

const renderPage = (obpNumber: string, roles?: string[]) =>
  renderScreen({
    routes: [{ path: '/emvo/companies/:obpNumber', element: <CompanyPage /> }],
    path: companyPagePath(obpNumber),
    ...(roles ? { roles } : {}),
  });

const region = (name: string) => screen.getByRole('region', { name });

describe('/emvo/companies/{obpNumber}: one company, one page', { timeout: 30_000 }, () => {
  it('tells a reviewer who the company is, what is next, its checks and its story in words, in one request', async () => {
    const company = await demoCompany();
    // Rita starts the review: the check is then hers, and its story says so.
    await world().call(RITA.email, 'POST', `/api/checks/${company.checkId}/decisions`, {
      action: 'START',
      reason: null,
      version: company.version,
    });
    renderPage(company.obpNumber);
    await screen.findByRole('heading', { level: 1, name: company.legalName });
    expect(calls.filter((call) => call.url.startsWith('/api/'))).toEqual([
      expect.objectContaining({ method: 'GET', url: `/api/companies/${company.obpNumber}` }),
    ]);

    const next = region('What is next');
    expect(next).toHaveTextContent(/The legitimacy check is in review, on it: Rita Reviewer/);
    expect(within(next).getByRole('link', { name: 'Open the legitimacy check' })).toHaveAttribute(
      'href',
      `/emvo/legitimacy/${company.checkId}`,
    );

    const checks = within(region('Checks')).getAllByRole('row').slice(1);
    const legitimacy = checks.find((row) => row.textContent?.startsWith('Legitimacy'));
    expect(legitimacy).toHaveTextContent(/^LegitimacyIn review1Rita Reviewer/);

    const activity = within(region('Activity')).getAllByRole('listitem');
    const started = activity.find((line) =>
      line.textContent?.includes('Rita Reviewer started the review of the legitimacy check (attempt 1)'),
    );
    expect(started).toBeDefined();
    // Its line leads to the check; no line leads to the page it is on, and none shows an id or a code.
    expect(within(started as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      `/emvo/legitimacy/${company.checkId}`,
    );
    for (const line of activity) {
      expect(line.textContent).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|\b[A-Z]+_[A-Z_]+\b/);
      for (const link of within(line).queryAllByRole('link')) {
        expect(link).not.toHaveAttribute('href', companyPagePath(company.obpNumber));
      }
    }

    for (const title of ['Documents', 'Session tokens', 'Test runs', 'People', 'Billing']) {
      expect(region(title)).toBeVisible();
    }
    expect(
      within(region('Test runs')).getByRole('table', { name: 'Pass rates per environment' }),
    ).toBeVisible();
  });

  it('lets an administrator read it: no check to open, the audit trail of the company instead', async () => {
    const company = await demoCompany();
    await world().call(RITA.email, 'POST', `/api/checks/${company.checkId}/notes`, {
      body: 'Called the SPOC: the proof is the 2024 one.',
    });
    renderPage(company.obpNumber, ['EmvoPortalAdmin']);
    await screen.findByRole('heading', { level: 1, name: company.legalName });
    expect(screen.getByText(/You read this page as an administrator/)).toBeVisible();
    expect(within(region('Checks')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(region('What is next')).queryByRole('link')).not.toBeInTheDocument();
    expect(
      within(region('Activity')).getByRole('link', { name: 'The whole audit trail of this company' }),
    ).toHaveAttribute('href', expect.stringMatching(/^\/admin\/audit\?organisationId=/));
    // The check pages are the reviewers': the administrator reads each check's internal notes here.
    const notes = await screen.findByRole('region', { name: 'Internal notes on the legitimacy check' });
    expect(await within(notes).findByText('Called the SPOC: the proof is the 2024 one.')).toBeVisible();
    expect(within(notes).queryByRole('button', { name: 'Add note' })).not.toBeInTheDocument();
  });

  it('says when no company has the number', async () => {
    renderPage('C99999');
    expect(await screen.findByText('No company has the OBP number C99999.')).toBeVisible();
  });
});
