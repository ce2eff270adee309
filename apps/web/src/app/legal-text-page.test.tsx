import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render-with-providers';
import { LegalTextPage } from './legal-text-page';

const page = (
  <Routes>
    <Route path="/legal/:page" element={<LegalTextPage />} />
  </Routes>
);
const notice = {
  type: 'FOOTER_LEGAL',
  version: 2,
  title: 'Legal notice',
  body: '**EMVO** asbl, Brussels',
  requiresAcceptance: false,
};

describe('/legal/{page}', () => {
  it('shows the published legal notice', async () => {
    renderWithProviders(page, { path: '/legal/notice', routes: { '/api/disclaimers/FOOTER_LEGAL': notice } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Legal notice' })).toBeInTheDocument();
    expect(screen.getByText('EMVO').tagName).toBe('STRONG');
  });

  it('answers not found for a page that is not one of the legal texts', () => {
    renderWithProviders(page, { path: '/legal/cookies' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('This page does not exist.');
  });
});
