// Forgotten password and reset: the same answer whether or not the account exists; a new password from
// the link's token; an old or used link (resetLinkInvalid) offers to ask for a new one.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearBreadcrumbs } from '../../src/app/routes/breadcrumbs';
import { apiError, fakeApi, renderApp } from './account-harness';

afterEach(() => {
  vi.unstubAllGlobals();
  clearBreadcrumbs();
});

const TOKEN = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

async function choose(password: string, confirmation: string) {
  fireEvent.change(await screen.findByTestId('reset-password'), { target: { value: password } });
  fireEvent.change(screen.getByTestId('reset-password-confirmation'), { target: { value: confirmation } });
  fireEvent.click(screen.getByTestId('reset-submit'));
}

describe('password reset', () => {
  it('shows reset-invalid, with a way to ask for a new link, when the link is not valid', async () => {
    const calls = fakeApi({ 'POST /v1/auth/password/reset': () => apiError(400, 'resetLinkInvalid') });
    const { router } = renderApp(`/user/resetpassword/${TOKEN}`);
    await choose('new password 1', 'new password 1');

    const invalid = await screen.findByTestId('reset-invalid');
    expect(invalid.textContent).toContain('This reset link is not valid any more.');
    expect(screen.queryByTestId('reset-submit')).toBeNull();
    expect(screen.queryByTestId('reset-done')).toBeNull();
    expect(calls.filter((c) => c.path === '/v1/auth/password/reset').map((c) => c.body)).toEqual([
      { token: TOKEN, password: 'new password 1', password_confirmation: 'new password 1' },
    ]);

    fireEvent.click(screen.getByRole('link', { name: 'Request a new link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/forgotpassword'));
    expect(await screen.findByTestId('forgot-email')).toBeTruthy();
  });

  it('checks the confirmation first, then saves and links to sign in', async () => {
    const calls = fakeApi({ 'POST /v1/auth/password/reset': () => ({}) });
    renderApp(`/user/resetpassword/${TOKEN}`);
    await choose('new password 1', 'new password 2');
    expect((await screen.findByRole('alert')).textContent).toBe('The passwords do not match.');
    expect(calls.some((c) => c.path === '/v1/auth/password/reset')).toBe(false);

    await choose('new password 1', 'new password 1');
    const done = await screen.findByTestId('reset-done');
    expect(done.querySelector('a')?.getAttribute('href')).toBe('/login');
  });
});

describe('forgotten password', () => {
  it('always answers that a link was sent if the account exists', async () => {
    const calls = fakeApi({ 'POST /v1/auth/password/forgot': () => ({}) });
    renderApp('/user/forgotpassword');
    fireEvent.change(await screen.findByTestId('forgot-email'), { target: { value: '  nobody@luma.test ' } });
    fireEvent.click(screen.getByTestId('forgot-submit'));
    const sent = await screen.findByTestId('forgot-sent');
    expect(sent.textContent).toBe('If an account exists for nobody@luma.test, we have sent it a link to reset the password. The link works for 60 minutes.');
    expect(calls.find((c) => c.path === '/v1/auth/password/forgot')?.body).toEqual({ email: 'nobody@luma.test' });
  });
});
