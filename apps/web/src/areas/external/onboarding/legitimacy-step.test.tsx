import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stubResizeObserver } from '../../../forms/test-form';
import { answerIn } from '../../../mock/test-company';
import { field, openOnboardingPage, PAGE_TESTS, SLOW, serveOnboarding } from './test-onboarding';

const server = setupServer();
beforeAll(() => {
  stubResizeObserver();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

const user = userEvent.setup({ delay: null });

/** Replaces a text field's value in one change (typing key by key would validate the form each time). */
async function fill(name: string, value: string) {
  const input = field(name);
  await user.clear(input);
  if (value) {
    await user.click(input);
    await user.paste(value);
  }
}

const pdf = (name: string) => new File(['%PDF-1.4 signed'], name, { type: 'application/pdf' });

describe('the legitimacy step: saving a draft', PAGE_TESTS, () => {
  it('PUTs the whole draft at the version it was loaded from, then uploads a new copy of proof', async () => {
    const sent = serveOnboarding(server, 'REGISTERED');
    const { handleError } = await openOnboardingPage();
    await fill('company.vatNumber', 'NL853722046B01');
    await fill('authorisedRepresentative.function', 'Managing director');
    await userEvent.upload(field('authorisedRepresentative.copyOfProof'), pdf('proof.pdf'));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText('Draft saved.', {}, SLOW)).toBeInTheDocument();
    expect(handleError).not.toHaveBeenCalled();
    expect(sent.map((entry) => entry.call)).toEqual([
      'PUT /api/onboarding/legitimacy',
      'POST /api/onboarding/legitimacy/copy-of-proof',
    ]);
    const draft = answerIn('REGISTERED');
    const { copyOfProof: _none, ...representative } = draft.authorisedRepresentative;
    expect(sent[0]?.body).toEqual({
      version: 1,
      company: { ...draft.company, vatNumber: 'NL853722046B01' },
      spoc: draft.spoc,
      authorisedRepresentative: { ...representative, function: 'Managing director' },
      mahs: draft.mahs,
    });
    expect(sent[0]?.body).not.toHaveProperty('spocAssistant');
    // The stored file shows as a download link with its size; the next save claims the new version.
    expect(await screen.findByRole('link', { name: 'Download proof.pdf' })).toHaveTextContent('proof.pdf');
    expect(screen.getByText('(0 kB)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    // The upload moves no version (as at the API): the save's is the next.
    expect(sent[2]?.body).toMatchObject({ version: 2 });
  });

  it('on 409 VERSION_CONFLICT, reloads the application and says someone else saved it meanwhile', async () => {
    const theirs = answerIn('REGISTERED');
    theirs.organisation.version = 4;
    theirs.company.address.city = 'Rotterdam';
    let reads = 0;
    serveOnboarding(
      server,
      'REGISTERED',
      http.get('/api/onboarding', () => (reads++ === 0 ? undefined : HttpResponse.json(theirs))),
      http.put('/api/onboarding/legitimacy', () =>
        HttpResponse.json(
          { code: 'VERSION_CONFLICT', message: 'Someone else changed this record' },
          { status: 409 },
        ),
      ),
    );
    const { handleError } = await openOnboardingPage();
    await fill('company.address.city', 'Utrecht');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else saved this application meanwhile',
    );
    expect(field('company.address.city')).toHaveValue('Rotterdam');
    expect(handleError).not.toHaveBeenCalled();
  });

  it('a refusal the step does not handle goes to the error handler (403 FORBIDDEN)', async () => {
    serveOnboarding(
      server,
      'REGISTERED',
      http.put('/api/onboarding/legitimacy', () =>
        HttpResponse.json(
          { code: 'FORBIDDEN', message: 'Your access to this company is read-only' },
          { status: 403 },
        ),
      ),
    );
    const { handleError } = await openOnboardingPage();
    await fill('company.address.city', 'Utrecht');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(handleError).toHaveBeenCalledTimes(1));
    expect(handleError.mock.calls[0]?.[0]).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(screen.queryByText('Draft saved.')).not.toBeInTheDocument();
  });
});

describe('the legitimacy step and the SPOC Assistant (issue 21 item 2)', PAGE_TESTS, () => {
  it('has no SPOC Assistant fields: its contacts point to the people section, the one place to invite', async () => {
    serveOnboarding(server, 'REGISTERED');
    await openOnboardingPage();
    const form = screen.getByRole('form', { name: 'Legitimacy' });
    expect(within(form).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(form.querySelector('[name^="spocAssistant"], [id^="onboarding-spocAssistant"]')).toBeNull();
    expect(within(form).queryByRole('group', { name: /SPOC Assistant/ })).not.toBeInTheDocument();
    const link = within(form).getByRole('link', {
      name: 'The SPOC Assistant is invited and removed under People of the company, below.',
    });
    const target = document.getElementById(link.getAttribute('href')?.slice(1) ?? '');
    expect(target).toHaveTextContent('People of the company');
    expect(target?.closest('section')).toBe(screen.getByRole('region', { name: 'People of the company' }));
  });

  it('invited in the people section, the assistant stays when the draft is saved, which sends no spocAssistant', async () => {
    const sent = serveOnboarding(server, 'REGISTERED');
    const { handleError } = await openOnboardingPage();
    await fill('company.address.city', 'Utrecht');
    const people = screen.getByRole('region', { name: 'People of the company' });
    await user.type(within(people).getByLabelText(/First name/), 'Ann');
    await user.type(within(people).getByLabelText(/Last name/), 'Smit');
    await user.type(within(people).getByLabelText(/Email address/), 'ann@jansen-pharma.example');
    await user.click(within(people).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(people).findByText('ann@jansen-pharma.example', {}, SLOW)).toBeInTheDocument();

    // The invitation moved the version on; the form keeps its edits and saves at the newer version.
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved.', {}, SLOW)).toBeInTheDocument();
    expect(handleError).not.toHaveBeenCalled();
    expect(sent.map((entry) => entry.call)).toEqual([
      'POST /api/onboarding/people/spoc-assistant',
      'PUT /api/onboarding/legitimacy',
    ]);
    const draft = sent[1]?.body;
    expect(draft).toMatchObject({ version: 2, company: { address: { city: 'Utrecht' } } });
    expect(draft).not.toHaveProperty('spocAssistant');
    expect(JSON.stringify(draft)).not.toContain('ann@jansen-pharma.example');
    expect(within(people).getByText('ann@jansen-pharma.example')).toBeInTheDocument();
    expect(within(people).getByText('Invited: the invitation was sent by email')).toBeInTheDocument();
    expect(field('company.address.city')).toHaveValue('Utrecht');
  });

  it('a newer answer that changed the step itself is not taken over: the save claims the loaded version', async () => {
    const theirs = answerIn('REGISTERED');
    theirs.organisation.version = 4;
    theirs.company.address.city = 'Rotterdam';
    const sent = serveOnboarding(
      server,
      'REGISTERED',
      http.post('/api/onboarding/people/spoc-assistant', () => HttpResponse.json(theirs)),
    );
    await openOnboardingPage();
    const people = screen.getByRole('region', { name: 'People of the company' });
    await user.type(within(people).getByLabelText(/First name/), 'Ann');
    await user.type(within(people).getByLabelText(/Last name/), 'Smit');
    await user.type(within(people).getByLabelText(/Email address/), 'ann@jansen-pharma.example');
    await user.click(within(people).getByRole('button', { name: 'Send the invitation' }));
    // The invitation form empties once its answer is in the page's cache.
    await waitFor(() => expect(within(people).getByLabelText(/First name/)).toHaveValue(''), SLOW);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ call: 'PUT /api/onboarding/legitimacy', body: { version: 1 } });
  });
});
