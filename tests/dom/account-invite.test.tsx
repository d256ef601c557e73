// /project/invite/:uuid: the invitation's project and e-mail; with no account, accepting creates it and opens
// the console with that project as the current one; with an account, a signed-out visitor signs in first
// (and comes back here); an unknown or used link says so.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../runtime/client/storage';
import { clearBreadcrumbs } from '../../src/app/routes/breadcrumbs';
import { apiError, fakeApi, renderApp, signedInRoutes, type Call } from './account-harness';

const TOKEN = '6c1a8d1e-5b7c-4f7e-9f55-2a4c3f0e9b11';
const invite = (hasAccount: boolean) => ({ project_name: 'Acme shop', email: 'new@luma.test', has_account: hasAccount, expires_at: '2030-01-01T00:00:00Z' });

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  clearBreadcrumbs();
});

describe('invitations', () => {
  it('creates the account on accept and opens the console in the invited project', async () => {
    const accepted: Call[] = [];
    fakeApi({
      ...signedInRoutes(),
      [`GET /v1/auth/invite/${TOKEN}`]: () => invite(false),
      [`POST /v1/auth/invite/${TOKEN}/accept`]: (call) => {
        accepted.push(call);
        return { project_uuid: 'p-acme' };
      },
      'GET /v1/user/claims': () => ({ ProjectUUID: localStorage.getItem(STORAGE_KEY.projectUuid), IsAdmin: false }),
    });
    localStorage.setItem(STORAGE_KEY.projectUuid, 'p-old');
    const { router } = renderApp(`/project/invite/${TOKEN}`);
    const summary = await screen.findByTestId('invite-project');
    expect(summary.textContent).toContain('Acme shop');
    expect(summary.textContent).toContain('new@luma.test');
    expect(screen.queryByTestId('invite-login')).toBeNull();

    fireEvent.change(screen.getByTestId('invite-name'), { target: { value: 'Nova Novak' } });
    fireEvent.change(screen.getByTestId('invite-password'), { target: { value: 'a new password' } });
    fireEvent.change(screen.getByTestId('invite-password-confirmation'), { target: { value: 'a new password' } });
    fireEvent.click(screen.getByTestId('invite-accept'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(accepted.map((c) => c.body)).toEqual([{ name: 'Nova Novak', password: 'a new password', password_confirmation: 'a new password' }]);
    expect(localStorage.getItem(STORAGE_KEY.projectUuid)).toBe('p-acme');
  });

  it('sends a signed-out invitee with an account to sign in, then back to the invitation', async () => {
    fakeApi({
      [`GET /v1/auth/invite/${TOKEN}`]: () => invite(true),
      'GET /v1/user/claims': () => apiError(401, 'unauthorized'),
    });
    const { router } = renderApp(`/project/invite/${TOKEN}`);
    const login = await screen.findByTestId('invite-login');
    expect(screen.queryByTestId('invite-accept')).toBeNull();
    expect(screen.queryByTestId('invite-password')).toBeNull();
    fireEvent.click(login);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: `/project/invite/${TOKEN}` });
  });

  it('lets a signed-in invitee accept, and explains a wrong account', async () => {
    const calls = fakeApi({
      [`GET /v1/auth/invite/${TOKEN}`]: () => invite(true),
      'GET /v1/user/claims': () => ({ ProjectUUID: null, IsAdmin: false }),
      [`POST /v1/auth/invite/${TOKEN}/accept`]: () => apiError(403, 'inviteWrongAccount'),
    });
    renderApp(`/project/invite/${TOKEN}`);
    fireEvent.click(await screen.findByTestId('invite-accept'));
    expect((await screen.findByTestId('invite-error')).textContent).toContain('This invitation is for another account.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({});
    expect(screen.getByRole('button', { name: 'Sign out and use another account' })).toBeTruthy();
  });

  it('says when the invitation is not valid', async () => {
    fakeApi({ [`GET /v1/auth/invite/${TOKEN}`]: () => apiError(404, 'inviteInvalid') });
    renderApp(`/project/invite/${TOKEN}`);
    expect((await screen.findByTestId('invite-invalid')).textContent).toContain('This invitation is not valid any more.');
    expect(screen.queryByTestId('invite-project')).toBeNull();
  });
});
