import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_REASONS } from './test-company';
import {
  controls,
  onboardingSuite,
  openOnboardingPage,
  PAGE_TESTS,
  renderOnboardingPage,
  SLOW,
} from './test-onboarding';

const { serve } = onboardingSuite();

const user = userEvent.setup({ delay: null });

const nav = () => screen.findByRole('navigation', { name: 'Onboarding steps' }, SLOW);

/** Each step of the stepper as its text without the marker, and the link on screen (aria-current="step"). */
async function stepper() {
  const links = within(within(await nav()).getAllByRole('list')[0] as HTMLElement).getAllByRole('link');
  return {
    steps: links.map((link) => link.textContent?.replace(/^[\d✓]/, '')),
    hrefs: links.map((link) => link.getAttribute('href')),
    onScreen: links
      .filter((link) => link.getAttribute('aria-current') === 'step')
      .map((link) => link.textContent),
  };
}

describe('/external/onboarding: the stepper', PAGE_TESTS, () => {
  it('links every step to its own address and says its state in words; the later steps are locked', async () => {
    await serve('REGISTERED');
    await openOnboardingPage();
    const { steps, hrefs, onScreen } = await stepper();
    expect(steps).toEqual([
      'LegitimacyAction needed · Not submittedNext to do',
      'Participation agreementLockedOpens after the legitimacy check is approved.',
      'InvoicingLockedOpens after the legitimacy check is approved.',
      'Technical connectionLockedOpens after the agreement and the invoicing form are approved.',
    ]);
    expect(hrefs).toEqual([
      '/external/onboarding/legitimacy',
      '/external/onboarding/contractual',
      '/external/onboarding/financial',
      '/external/onboarding/technical',
    ]);
    expect(onScreen).toEqual([expect.stringContaining('Legitimacy')]);
    expect(screen.getByText('Application C00117')).toBeInTheDocument();
  });

  it('a step link opens that step at its own address, which becomes aria-current="step"', async () => {
    await serve('APPROVED');
    const { router } = renderOnboardingPage('/external/onboarding');
    await user.click(within(await nav()).getByRole('link', { name: /^\d?Invoicing/ }));
    expect(await screen.findByRole('region', { name: 'Invoicing' }, SLOW)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/external/onboarding/financial');
    expect((await stepper()).onScreen).toEqual([expect.stringContaining('Invoicing')]);
    await user.click(within(await nav()).getByRole('link', { name: 'People of the company' }));
    expect(await screen.findByRole('region', { name: 'People of the company' }, SLOW)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/external/onboarding/people');
  });

  it('after approval, legitimacy is done and the agreement is next', async () => {
    await serve('APPROVED');
    renderOnboardingPage();
    const { steps } = await stepper();
    expect(steps.slice(0, 3)).toEqual([
      'LegitimacyDone · Approved',
      'Participation agreementAction needed · Not submittedNext to do',
      'InvoicingAction needed · Not submitted',
    ]);
    expect(screen.getByRole('heading', { name: 'Approved' })).toBeInTheDocument();
    expect(screen.getByText(/The legitimacy check was approved on May 5, 2026\./)).toBeInTheDocument();
    const legitimacy = screen.getByRole('region', { name: 'Legitimacy' });
    expect(within(legitimacy).queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
  });
});

describe('/external/onboarding: the overview', PAGE_TESTS, () => {
  it('says what is next, with a link to it, and each step’s state', async () => {
    await serve('APPROVED');
    renderOnboardingPage('/external/onboarding');
    const overview = await screen.findByRole('region', { name: 'Where your application stands' }, SLOW);
    expect(overview).toHaveTextContent(
      'Next: Participation agreement. Fill it in and submit it for review. Open Participation agreement',
    );
    await user.click(within(overview).getByRole('link', { name: 'Open Participation agreement' }));
    expect(await screen.findByRole('region', { name: 'Participation agreement' }, SLOW)).toBeInTheDocument();
  });

  it('lists each step with its state; a step in review says there is nothing to do', async () => {
    await serve('SUBMITTED');
    renderOnboardingPage('/external/onboarding');
    const overview = await screen.findByRole('region', { name: 'Where your application stands' }, SLOW);
    expect(overview).toHaveTextContent('Legitimacy is in review: nothing to do until the reviewer decides.');
    const items = within(within(overview).getByRole('list', { name: 'Steps and their state' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'Legitimacy: In review (Submitted)',
      'Participation agreement: Locked. Opens after the legitimacy check is approved.',
      'Invoicing: Locked. Opens after the legitimacy check is approved.',
      'Technical connection: Locked. Opens after the agreement and the invoicing form are approved.',
    ]);
  });

  it('says a status once: a step in review whose check is in review reads "In review", not twice', async () => {
    await serve('IN_REVIEW');
    renderOnboardingPage('/external/onboarding');
    const overview = await screen.findByRole('region', { name: 'Where your application stands' }, SLOW);
    const steps = within(overview).getByRole('list', { name: 'Steps and their state' });
    expect(within(steps).getAllByRole('listitem')[0]).toHaveTextContent(/^Legitimacy: In review$/);
  });

  it('in production, the company is live: no "next step" to fill in, the stepper says Live', async () => {
    await serve('TECHNICAL_PRD');
    renderOnboardingPage('/external/onboarding');
    const overview = await screen.findByRole('region', { name: 'Where your application stands' }, SLOW);
    expect(overview).toHaveTextContent(
      'Your company is live: it is connected to the production system. Open Technical connection',
    );
    expect(overview).not.toHaveTextContent(/Fill it in|Action needed/);
    expect(within(overview).getAllByRole('listitem')[3]).toHaveTextContent(
      /^Technical connection: Live \(Production\)$/,
    );
    const { steps } = await stepper();
    expect(steps[3]).toBe('Technical connectionLive · Production');
  });

  it('during corrections, says so with the reviewer’s reason', async () => {
    await serve('CORRECTIONS_REQUESTED');
    renderOnboardingPage('/external/onboarding');
    const overview = await screen.findByRole('region', { name: 'Where your application stands' }, SLOW);
    expect(overview).toHaveTextContent(
      'Next: Legitimacy. The reviewer asked for corrections: correct it and submit it again.',
    );
    expect(within(overview).getByRole('heading', { name: 'The reviewer’s reason' })).toBeInTheDocument();
    expect(overview).toHaveTextContent(TEST_REASONS.CORRECTIONS_REQUESTED ?? 'a reason');
  });

  it('an unknown step’s address goes to the overview', async () => {
    await serve('REGISTERED');
    const { router } = renderOnboardingPage('/external/onboarding/nowhere');
    expect(
      await screen.findByRole('region', { name: 'Where your application stands' }, SLOW),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/external/onboarding');
  });
});

/** The legitimacy step's summary: its terms and values, "term: value". */
function summaryEntries() {
  const summary = screen.getByTestId('legitimacy-summary');
  return Array.from(summary.querySelectorAll('dt')).map(
    (term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`,
  );
}

describe('/external/onboarding: the states of the legitimacy step', PAGE_TESTS, () => {
  it('submitted: a read-only summary, with the date, the attempt and the expected decision', async () => {
    await serve('SUBMITTED');
    renderOnboardingPage();
    expect(await screen.findByRole('heading', { name: 'Submitted for review' }, SLOW)).toBeInTheDocument();
    // 15 working days from the demo's submission, without the API's configured holidays (May 1 and 14).
    expect(
      screen.getByText(/Submitted on Apr 29, 2026, attempt 1\. Expected decision by May 22, 2026\./),
    ).toBeInTheDocument();
    expect(controls()).toEqual([]);
    expect(summaryEntries()).toEqual(expect.arrayContaining([expect.stringMatching(/^Legal name: .+/)]));
    expect(screen.queryByRole('button', { name: 'Submit for review' })).not.toBeInTheDocument();
  });

  it('approved: what was given as a definition list, the copy of proof as a link, no greyed inputs', async () => {
    await serve('APPROVED');
    renderOnboardingPage();
    await screen.findByRole('heading', { name: 'Approved' }, SLOW);
    expect(controls()).toEqual([]);
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    const summary = screen.getByTestId('legitimacy-summary');
    expect(within(summary).getByRole('heading', { name: 'Company data' })).toBeInTheDocument();
    expect(summaryEntries()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Organisation type: (OPM|PD) /),
        expect.stringMatching(/^Products of MAH 1: .+/),
        // The MAH's own contact details, as the company gave them.
        expect.stringMatching(/^Email address: mah1@/),
      ]),
    );
    const mah = screen.getByRole('heading', { name: /^MAH 1: / }).closest('section') ?? summary;
    expect(within(mah).getByText('Website')).toBeInTheDocument();
    expect(within(mah).getByText('Phone')).toBeInTheDocument();
    expect(within(summary).getAllByRole('link', { name: /^Download / }).length).toBeGreaterThan(0);
  });

  it('rejected: says so with the reviewer’s reason, and shows the summary', async () => {
    await serve('REJECTED');
    renderOnboardingPage();
    expect(await screen.findByRole('heading', { name: 'Rejected' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/cannot be changed or submitted again/)).toBeInTheDocument();
    expect(
      screen.getByText('The company is not registered as a parallel distributor in the Netherlands.'),
    ).toBeInTheDocument();
    expect(controls()).toEqual([]);
    expect(screen.queryByRole('button', { name: /Submit|Save draft|Add a MAH/ })).not.toBeInTheDocument();
  });

  it('a READ_ONLY user sees why at the top, the summary and no action', async () => {
    await serve('READ_ONLY');
    renderOnboardingPage();
    expect(
      await screen.findByText(/You have read-only access to this application/, {}, SLOW),
    ).toBeInTheDocument();
    expect(controls()).toEqual([]);
    expect(summaryEntries().length).toBeGreaterThan(10);
    const actions = /^(Save draft|Submit for review|Add a MAH|Add a product to MAH 1|Remove MAH 1)$/;
    expect(screen.queryByRole('button', { name: actions })).not.toBeInTheDocument();
  });
});
