// Sign-in with two-factor: the password step answers {two_factor: true}, the app goes to /two-factor-auth
// keeping ?redirect; a wrong code is translated and cleared; an expired challenge offers a new sign-in;
// the right code (and "remember this device") signs in and goes where the login page was asked to go.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearBreadcrumbs } from '../../src/app/routes/breadcrumbs';
import { apiError, fakeApi, renderApp, signedInRoutes, type Call } from './account-harness';

afterEach(() => {
  vi.unstubAllGlobals();
  clearBreadcrumbs();
});

async function signInWithPassword() {
  fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'ana@luma.test' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

describe('login and the two-factor step', () => {
  it('links to the forgotten-password and registration screens', async () => {
    fakeApi({});
    renderApp('/login');
    expect((await screen.findByTestId('login-forgot')).getAttribute('href')).toBe('/user/forgotpassword');
    expect(screen.getByTestId('login-register').getAttribute('href')).toBe('/register');
  });

  it('goes to /two-factor-auth on {two_factor: true}, keeps the redirect, and signs in with the code', async () => {
    const codes: unknown[] = [];
    fakeApi({
      ...signedInRoutes(),
      'POST /v1/auth/login': () => ({ two_factor: true }),
      'POST /v1/auth/two-factor': (call: Call) => {
        codes.push(call.body);
        return (call.body as { code: string }).code === '123456' ? { two_factor: false } : apiError(401, 'invalidCode');
      },
    });
    const { router } = renderApp('/login?redirect=%2Fhome%2Fhome');
    await signInWithPassword();

    const code = (await screen.findByTestId('two-factor-code')) as HTMLInputElement;
    expect(router.state.location.pathname).toBe('/two-factor-auth');
    expect(router.state.location.search).toEqual({ redirect: '/home/home' });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');

    // A wrong code: translated, the input emptied for the next try, still on this page.
    fireEvent.change(code, { target: { value: '000 111' } });
    expect(code.value).toBe('000111');
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('The code is not valid.');
    expect(code.value).toBe('');
    expect(router.state.location.pathname).toBe('/two-factor-auth');

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('two-factor-remember'));
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/home'));
    expect(codes).toEqual([
      { code: '000111', remember: false },
      { code: '123456', remember: true },
    ]);
  });

  it('asks for a new sign-in when the challenge expired, and for six digits before calling', async () => {
    const calls = fakeApi({ 'POST /v1/auth/two-factor': () => apiError(401, 'twoFactorExpired') });
    const { router } = renderApp('/two-factor-auth?redirect=%2Fadmin%2Fiam');
    const code = await screen.findByTestId('two-factor-code');

    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the 6 digits of the code.');
    expect(calls.filter((c) => c.path === '/v1/auth/two-factor')).toHaveLength(0);

    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    const again = await screen.findByTestId('two-factor-login');
    expect(screen.getByRole('alert').textContent).toContain('The sign-in has expired.');
    expect((screen.getByTestId('two-factor-submit') as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      fireEvent.click(again);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/admin/iam' });
  });

  it('shows too many attempts on 429', async () => {
    fakeApi({ 'POST /v1/auth/two-factor': () => apiError(429, 'tooManyAttempts') });
    renderApp('/two-factor-auth');
    fireEvent.change(await screen.findByTestId('two-factor-code'), { target: { value: '111111' } });
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts, try again later.');
  });
});
