// A signed-in person who can open nothing (spec section 4): the entry guard sends them from the console to
// /?force=true, where the server's reason in the claims (noProject, noWorkspaceRole, noRoles) picks one of three
// messages, each saying what it means and whom to ask, in both languages, with a sign-out.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NoAccessReason } from '../../runtime/api/contract';
import { STORAGE_KEY } from '../../runtime/client/storage';
import { clearBreadcrumbs } from '../../src/app/routes/breadcrumbs';
import { fakeApi, renderApp } from './account-harness';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  clearBreadcrumbs();
});

const CASES: { reason: NoAccessReason; project: string | null; en: string[]; sr: string[] }[] = [
  { reason: 'noProject', project: null, en: ["You're not in a project yet", 'Create your own project'], sr: ['Još niste ni u jednom projektu', 'Napravite svoj projekat'] },
  {
    reason: 'noWorkspaceRole',
    project: 'p-1',
    en: ['You have no role in this workspace', 'Ask a project administrator to give you a role in this workspace'],
    sr: ['Nemate ulogu u ovom radnom prostoru', 'Zatražite od administratora projekta ulogu u ovom radnom prostoru'],
  },
  {
    reason: 'noRoles',
    project: 'p-1',
    en: ['You have no role in this project yet', 'Ask a project administrator for a role'],
    sr: ['Još nemate ulogu u ovom projektu', 'Zatražite ulogu od administratora projekta'],
  },
];

describe('no access: one message per server reason', () => {
  for (const { reason, project, en } of CASES) {
    it(`${reason}: the console sends the person to the landing page, which explains it and signs out`, async () => {
      let signedIn = true;
      const calls = fakeApi({
        'GET /v1/user/claims': () => (signedIn ? { ProjectUUID: project, IsAdmin: false, NoAccess: reason } : [401, { status: 401, message: 'unauthorized' }]),
        'POST /v1/auth/logout': () => {
          signedIn = false;
          return {};
        },
      });
      const { router } = renderApp('/admin/dashboard');
      const message = await screen.findByTestId('no-project-message');
      expect(router.state.location.pathname).toBe('/');
      expect(router.state.location.search).toMatchObject({ force: true });
      expect(message.getAttribute('data-reason')).toBe(reason);
      for (const text of en) expect(message.textContent).toContain(text);
      // The other two reasons' titles are not shown.
      for (const other of CASES.filter((c) => c.reason !== reason)) expect(message.textContent).not.toContain(other.en[0]);
      // Roles are not guessed on the client: the permissions are never asked for.
      expect(calls.some((c) => c.path === '/v1/user/role/permissions')).toBe(false);

      fireEvent.click(within(message).getByRole('button', { name: 'Sign out and use another account' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/auth/logout')).toBe(true);
      expect(localStorage.getItem(STORAGE_KEY.projectUuid)).toBeNull();
    });
  }
});

describe('no access in Serbian', () => {
  for (const { reason, project, sr } of CASES) {
    it(`${reason}: the same message in Serbian`, async () => {
      fakeApi({ 'GET /v1/user/claims': () => ({ ProjectUUID: project, IsAdmin: false, NoAccess: reason }) });
      renderApp('/admin/dashboard', 'sr');
      const message = await screen.findByTestId('no-project-message');
      for (const text of sr) expect(message.textContent).toContain(text);
      expect(within(message).getByRole('button', { name: 'Odjavite se i koristite drugi nalog' })).toBeTruthy();
    });
  }
});
