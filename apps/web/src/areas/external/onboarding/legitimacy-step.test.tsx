import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stubResizeObserver } from '../../../forms/test-form';
import { createMockOnboarding } from '../../../mock/onboarding-data';
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
    const draft = createMockOnboarding('REGISTERED').onboarding;
    expect(sent[0]?.body).toEqual({
      version: 3,
      company: { ...draft.company, vatNumber: 'NL853722046B01' },
      spoc: draft.spoc,
      spocAssistant: null,
      authorisedRepresentative: {
        firstName: 'Pieter',
        lastName: 'de Vries',
        function: 'Managing director',
        email: 'p.devries@jansen-pharma.example',
        phone: null,
      },
      mahs: [{ ...draft.mahs[0], website: null, phone: null, email: null }],
    });
    // The stored file shows as a download link with its size; the next save claims the new version.
    expect(await screen.findByRole('link', { name: 'Download proof.pdf' })).toHaveTextContent('proof.pdf');
    expect(screen.getByText('(0 kB)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]?.body).toMatchObject({ version: 5 });
  });

  it('on 409 VERSION_CONFLICT, reloads the application and says someone else saved it meanwhile', async () => {
    const theirs = createMockOnboarding('REGISTERED').onboarding;
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

  it('a refusal the step does not handle goes to the error handler (409 EMAIL_TAKEN)', async () => {
    serveOnboarding(server, 'REGISTERED');
    const { handleError } = await openOnboardingPage();
    const toggle = screen.getByRole('checkbox', { name: 'Add a SPOC Assistant' });
    expect(toggle).toHaveAccessibleDescription(
      /we invite the SPOC Assistant by email.*At most three people per company/,
    );
    await user.click(toggle);
    await fill('spocAssistant.email', 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(handleError).toHaveBeenCalledTimes(1));
    expect(handleError.mock.calls[0]?.[0]).toMatchObject({ status: 409, code: 'EMAIL_TAKEN' });
    expect(screen.queryByText('Draft saved.')).not.toBeInTheDocument();
  });
});
