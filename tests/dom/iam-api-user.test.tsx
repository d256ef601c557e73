// API users: creating one shows its token once (copyable, with a warning); the API user's page lists
// secrets without tokens, makes a new one (shown once again), and revokes after a question.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clipboard, mountApp, router, server, waitForPath, writes } from './iam-harness';

const secretRows = () => within(screen.getByTestId('api-secrets')).getAllByTestId('api-secret-row');

describe('creating an API user', () => {
  it('shows the token once, with a copy button and a warning, then never again', async () => {
    await mountApp('/admin/iam/create', 'api-user-name');
    fireEvent.change(screen.getByTestId('api-user-name'), { target: { value: 'Nightly sync' } });
    const roles = await screen.findAllByTestId('api-user-role');
    fireEvent.click(roles.find((r) => (r as HTMLInputElement).value === 'role-editor')!);
    fireEvent.click(screen.getByTestId('api-user-save'));

    const token = await screen.findByTestId('api-secret-token');
    expect(writes()[0]).toMatchObject({ method: 'POST', path: '/v1/iam/api-users', body: { name: 'Nightly sync', role_uuids: ['role-editor'] } });
    const shown = token.textContent!;
    expect(shown).toMatch(/^luma_[A-Za-z0-9_-]{43}$/);
    expect(screen.getByTestId('api-secret-once').textContent).toContain('It will not be shown again');

    fireEvent.click(screen.getByTestId('api-secret-copy'));
    await waitFor(() => expect(clipboard.writeText).toHaveBeenCalledWith(shown));
    await waitFor(() => expect(screen.getByTestId('api-secret-copy').textContent).toBe('Copied'));

    // The API user's page lists the secret by its last four characters only.
    const open = screen.getByTestId('api-user-open');
    expect(open.getAttribute('href')).toBe('/admin/iam/api/u-api-1');
    fireEvent.click(open);
    await waitForPath('/admin/iam/api/u-api-1');
    await waitFor(() => expect(secretRows()).toHaveLength(1));
    expect(secretRows()[0]!.textContent).toContain(shown.slice(-4));
    expect(document.body.textContent).not.toContain(shown);
    expect(screen.queryByTestId('api-secret-token')).toBeNull();

    // Coming back to the create screen does not bring it back either.
    await router.navigate({ to: '/admin/iam/create' });
    await screen.findByTestId('api-user-name');
    expect(document.body.textContent).not.toContain(shown);
  });

  it('checks the name and shows what the server refuses', async () => {
    server.fail['POST /v1/iam/api-users'] = { status: 409, body: { message: 'nameTaken' } };
    await mountApp('/admin/iam/create', 'api-user-name');
    fireEvent.click(screen.getByTestId('api-user-save'));
    expect((screen.getByTestId('api-user-name').closest('.field') as HTMLElement).textContent).toContain("Can't be less then 2 characters");
    expect(writes()).toEqual([]);

    fireEvent.change(screen.getByTestId('api-user-name'), { target: { value: 'Import bot' } });
    fireEvent.click(screen.getByTestId('api-user-save'));
    expect((await screen.findByTestId('iam-error')).textContent).toContain('This name is already taken.');
    expect(screen.queryByTestId('api-secret-token')).toBeNull();
  });
});

describe("an API user's secrets", () => {
  it('lists hint, created, last used and revoked; revokes only after the confirmation', async () => {
    await mountApp('/admin/iam/api/u-bot', 'api-secrets');
    await waitFor(() => expect(secretRows()).toHaveLength(2));
    const [active, revoked] = secretRows();
    expect(active!.textContent).toContain('Ab12');
    expect(active!.textContent).toContain('Active');
    expect(revoked!.textContent).toContain('Zz99');
    expect(revoked!.textContent).toContain('Revoked');
    expect(revoked!.textContent).toContain('Never');
    // A revoked secret cannot be revoked again.
    expect(within(revoked!).queryByTestId('api-secret-revoke')).toBeNull();

    fireEvent.click(within(active!).getByTestId('api-secret-revoke'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Ab12');
    expect(writes()).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    expect(writes()).toEqual([]);

    fireEvent.click(within(active!).getByTestId('api-secret-revoke'));
    fireEvent.click(within(screen.getByTestId('confirm-dialog')).getByTestId('confirm-accept'));
    await waitFor(() => expect(screen.queryAllByTestId('api-secret-revoke')).toHaveLength(0));
    expect(writes().map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/iam/api-users/u-bot/secrets/sec-1/revoke']);
  });

  it('makes a new secret whose token shows until it is hidden, and is then gone', async () => {
    await mountApp('/admin/iam/api/u-bot', 'api-secrets');
    fireEvent.click(screen.getByTestId('api-secret-new'));
    const token = (await screen.findByTestId('api-secret-token')).textContent!;
    expect(token).toMatch(/^luma_/);
    await waitFor(() => expect(secretRows()).toHaveLength(3));
    // The list itself never holds the token.
    expect(screen.getByTestId('api-secrets').textContent).not.toContain(token);
    expect(screen.getByTestId('api-secrets').textContent).toContain(token.slice(-4));

    fireEvent.click(screen.getByTestId('api-secret-done'));
    expect(screen.queryByTestId('api-secret-token')).toBeNull();
    expect(document.body.textContent).not.toContain(token);
  });

  it('also sets the status and roles of the API user', async () => {
    await mountApp('/admin/iam/api/u-bot', 'member-form');
    fireEvent.change(screen.getByTestId('member-status'), { target: { value: 'inactive' } });
    expect(screen.getByTestId('member-form').textContent).toContain('stops every secret');
    fireEvent.click(screen.getByTestId('member-save'));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'PUT', path: '/v1/iam/users/u-bot', body: { status: 'inactive' } });
  });
});
