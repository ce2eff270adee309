import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { markUnavailable, resetAvailability } from '../http/availability';
import { createTestI18n } from '../test/test-i18n';
import { UnavailablePage } from './unavailable-page';

describe('the unavailable page', () => {
  afterEach(resetAvailability);

  it("shows the failed call's message under its heading (spec §8 SERVICE_UNAVAILABLE: show error)", () => {
    markUnavailable(["The portal's server is temporarily unavailable (it answered 503)."]);
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <UnavailablePage />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('The service is unavailable.');
    expect(screen.getByRole('alert')).toHaveTextContent("The portal's server is temporarily unavailable");
  });
});
