import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { keepSignOutReason, signOutReason } from '../../auth/sign-out-reason';
import { renderVisitorPage } from './test-visitor-page';

describe('the sign-in page', () => {
  afterEach(() => sessionStorage.clear());

  it('says why the portal signed the person out, once (issue 23 item 26)', async () => {
    keepSignOutReason('Your access to the portal was withdrawn.');
    const { unmount } = renderVisitorPage('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your access to the portal was withdrawn.');
    expect(signOutReason()).toBeNull();
    unmount();
    renderVisitorPage('/');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
