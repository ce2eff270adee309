import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { keepSignOutReason, signOutReason } from '../../auth/sign-out-reason';
import { renderVisitorPage, serveRegistrationApi } from './test-visitor-page';

const { db } = serveRegistrationApi();

/** The world's published sign-in text. */
const publishedLogin = () =>
  db()
    .selectFrom('disclaimerContents')
    .selectAll()
    .where('type', '=', 'LOGIN')
    .where('status', '=', 'PUBLISHED')
    .executeTakeFirstOrThrow();

describe('the sign-in page', () => {
  afterEach(() => sessionStorage.clear());

  it('says why the portal signed the person out, once', async () => {
    keepSignOutReason('Your access to the portal was withdrawn.');
    const { unmount } = renderVisitorPage('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your access to the portal was withdrawn.');
    expect(signOutReason()).toBeNull();
    unmount();
    renderVisitorPage('/');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the published sign-in text, whether it asks for acceptance or not', async () => {
    const login = await publishedLogin();
    await db()
      .updateTable('disclaimerContents')
      .set({ requiresAcceptance: false })
      .where('id', '=', login.id)
      .execute();
    renderVisitorPage('/');
    expect(await screen.findByRole('heading', { level: 2, name: login.title })).toBeInTheDocument();
  });

  it('paints the registration line with the sign-in text above it, not before', async () => {
    const login = await publishedLogin();
    renderVisitorPage('/');
    // Painted first, the line moved down when the text came (a layout shift).
    expect(await screen.findByRole('link', { name: 'Register your company' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: login.title })).toBeInTheDocument();
  });

  it('paints the registration line when no sign-in text is published', async () => {
    await db()
      .updateTable('disclaimerContents')
      .set({ status: 'ARCHIVED' })
      .where('type', '=', 'LOGIN')
      .execute();
    renderVisitorPage('/');
    expect(await screen.findByRole('link', { name: 'Register your company' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });
});
