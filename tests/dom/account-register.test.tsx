// Registration: 417 messages at their fields, registration closed, and a new account (no project yet)
// landing on /?force=true, where it creates its first project and opens the console with it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimsQueryOptions } from '../../renderers/data/queries';
import { STORAGE_KEY } from '../../runtime/client/storage';
import { clearBreadcrumbs } from '../../src/app/routes/breadcrumbs';
import { apiError, fakeApi, renderApp, signedInRoutes, type Call } from './account-harness';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  clearBreadcrumbs();
});

/** The messages shown under an input (its aria-describedby list). */
function messagesOf(input: HTMLElement): string[] {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.flatMap((id) => [...(document.getElementById(id)?.querySelectorAll('li') ?? [])].map((li) => li.textContent ?? ''));
}

async function fill(values: Record<string, string>) {
  for (const [testId, value] of Object.entries(values)) fireEvent.change(await screen.findByTestId(testId), { target: { value } });
}

const filled = {
  'register-name': 'Ana Anić',
  'register-email': 'ana@luma.test',
  'register-password': 'long enough',
  'register-password-confirmation': 'long enough',
};

describe('registration', () => {
  it('puts 417 messages under their fields, translated', async () => {
    const calls = fakeApi({
      'POST /v1/auth/register': () =>
        apiError(417, 'fieldsNotValid', [
          { field: 'email', messages: ['email_already_exists'] },
          { field: 'password_confirmation', messages: ['passwordNotValid'] },
        ]),
    });
    const { router } = renderApp('/register');
    await fill(filled);
    fireEvent.click(screen.getByTestId('register-submit'));

    await waitFor(() => expect(messagesOf(screen.getByTestId('register-email'))).toEqual(['Email already exists']));
    expect(screen.getByTestId('register-email').getAttribute('aria-invalid')).toBe('true');
    expect(messagesOf(screen.getByTestId('register-password-confirmation'))).toEqual(['The password is not valid.']);
    expect(messagesOf(screen.getByTestId('register-name'))).toEqual([]);
    expect(screen.getByTestId('register-error').textContent).toBe('Some fields are not valid.');
    expect(calls.find((c) => c.path === '/v1/auth/register')?.body).toEqual({
      name: 'Ana Anić',
      email: 'ana@luma.test',
      password: 'long enough',
      password_confirmation: 'long enough',
    });
    expect(router.state.location.pathname).toBe('/register');
  });

  it('checks the password confirmation before calling, and says when registration is closed', async () => {
    const calls = fakeApi({ 'POST /v1/auth/register': () => apiError(403, 'registrationClosed') });
    renderApp('/register');
    await fill({ ...filled, 'register-password-confirmation': 'something else' });
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(messagesOf(screen.getByTestId('register-password-confirmation'))).toEqual(['The passwords do not match.']));
    expect(calls.some((c) => c.path === '/v1/auth/register')).toBe(false);

    await fill({ 'register-password-confirmation': 'long enough' });
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(screen.getByTestId('register-error').textContent).toBe('Registration is closed.'));
  });

  it('signs the new account in, explains it has no project, and creates one as the current project', async () => {
    let project: string | null = null;
    const created: Call[] = [];
    fakeApi({
      ...signedInRoutes(),
      'POST /v1/auth/register': () => [201, { uuid: 'u-new' }],
      'GET /v1/user/claims': () => ({ ProjectUUID: project, IsAdmin: false }),
      'POST /v1/project': (call) => {
        created.push(call);
        project = 'p-new';
        return { uuid: 'p-new', name: (call.body as { name: string }).name, workspaces: [], users: [], account: { owner_uuid: 'u-new' } };
      },
    });
    localStorage.setItem(STORAGE_KEY.projectUuid, 'p-of-someone-before');
    const { router } = renderApp('/register');
    await fill(filled);
    fireEvent.click(screen.getByTestId('register-submit'));

    const message = await screen.findByTestId('no-project-message');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toMatchObject({ force: true });
    expect(localStorage.getItem(STORAGE_KEY.projectUuid)).toBeNull();
    expect(message.textContent).toContain('invite your e-mail address');
    expect(screen.queryByTestId('landing-sign-in')).toBeNull();

    const name = within(message).getByLabelText('Project name');
    fireEvent.change(name, { target: { value: 'Ana’s shop' } });
    fireEvent.click(screen.getByTestId('no-project-create'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(created.map((c) => c.body)).toEqual([{ name: 'Ana’s shop' }]);
    expect(localStorage.getItem(STORAGE_KEY.projectUuid)).toBe('p-new');
  });

  it('shows the normal landing to a signed-out visitor, even with ?force=true', async () => {
    const calls = fakeApi({ 'GET /v1/user/claims': () => apiError(401, 'unauthorized') });
    const { queryClient } = renderApp('/?force=true');
    expect(await screen.findByTestId('landing-sign-in')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/user/claims')).toBe(true));
    // The 401 has been taken in (the claims query settled as an error, nothing fetching): the page is final.
    await waitFor(() => {
      expect(queryClient.getQueryState(claimsQueryOptions().queryKey)).toMatchObject({ status: 'error', fetchStatus: 'idle' });
      expect(queryClient.isFetching()).toBe(0);
    });
    expect(screen.queryByTestId('no-project-message')).toBeNull();
    expect(screen.getByTestId('landing-sign-in')).toBeTruthy();
  });
});
