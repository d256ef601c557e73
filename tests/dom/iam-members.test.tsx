// /admin/iam and /admin/iam/edit/:id in the real app against the fake IAM API: the members table
// with its status badges, row navigation, invites, and a member's status, roles and removal.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STATUS_BADGE } from '../../runtime/api/iam';
import { clipboard, EDITOR_ROLE, ME, member, mountApp, pathname, router, server, waitForPath, writes } from './iam-harness';

const rows = () => within(screen.getByTestId('iam-users')).getAllByTestId('iam-user-row');
const rowOf = (uuid: string) => rows().find((r) => r.dataset.uuid === uuid)!;

describe('the members table', () => {
  it('lists people and API users with a status badge in the spec colour', async () => {
    await mountApp('/admin/iam', 'iam-users');
    await waitFor(() => expect(rows()).toHaveLength(5));

    for (const m of server.members) {
      const badge = within(rowOf(m.uuid)).getByTestId('iam-status-badge');
      expect(badge.dataset.status).toBe(m.status);
      expect(badge.className).toContain(`badge-${STATUS_BADGE[m.status]}`);
    }
    // Spec section 9: Active success, Inactive secondary, Pending warning, Banned danger.
    expect(within(rowOf('u-bob')).getByTestId('iam-status-badge').textContent).toContain('Inactive');
    expect(within(rowOf('u-bob')).getByTestId('iam-status-badge').className).toContain('badge-secondary');
    expect(within(rowOf('u-cid')).getByTestId('iam-status-badge').className).toContain('badge-warning');
    expect(within(rowOf('u-dan')).getByTestId('iam-status-badge').className).toContain('badge-danger');
    expect(within(rowOf(ME)).getByTestId('iam-status-badge').className).toContain('badge-success');

    // E-mail, or 'API user' for an API user; roles; last login or 'Never'.
    expect(rowOf('u-bob').textContent).toContain('bob.builder@example.com');
    expect(rowOf('u-bob').textContent).toContain(EDITOR_ROLE.name);
    expect(within(rowOf('u-bot')).getByTestId('iam-api-user').textContent).toContain('API user');
    expect(rowOf('u-cid').textContent).toContain('Never');
    expect(within(rowOf(ME)).getByTestId('iam-owner-badge')).toBeTruthy();

    expect(screen.getByTestId('iam-invite').getAttribute('href')).toBe('/admin/iam/invite');
    expect(screen.getByTestId('iam-create-api-user').getAttribute('href')).toBe('/admin/iam/create');
    expect(screen.getByTestId('iam-roles').getAttribute('href')).toBe('/admin/iam/roles');
  });

  it('opens a person at /admin/iam/edit/:id and an API user at /admin/iam/api/:id when the row is clicked', async () => {
    await mountApp('/admin/iam', 'iam-users');
    await waitFor(() => expect(rows()).toHaveLength(5));
    fireEvent.click(within(rowOf('u-bob')).getByTestId('iam-status-badge'));
    await waitForPath('/admin/iam/edit/u-bob');
    expect((await screen.findByTestId('member-status') as HTMLSelectElement).value).toBe('inactive');

    await router.navigate({ to: '/admin/iam' });
    await waitFor(() => expect(rows()).toHaveLength(5));
    fireEvent.click(rowOf('u-bot').querySelector('td:nth-child(4)')!);
    await waitForPath('/admin/iam/api/u-bot');
    expect(await screen.findByTestId('api-secrets')).toBeTruthy();
  });

  it('shows an empty state when there are no members', async () => {
    server.members = [];
    await mountApp('/admin/iam', 'iam-users');
    expect((await screen.findByTestId('iam-users-empty')).textContent).toContain('No users yet');
  });

  it('says why the list failed', async () => {
    server.fail['GET /v1/iam/users'] = { status: 403, body: { message: 'forbidden' } };
    await mountApp('/admin/iam', 'iam-users');
    expect((await within(screen.getByTestId('iam-users')).findByRole('alert')).textContent).toContain('You do not have permission to do this.');
  });
});

describe('open invites', () => {
  it('revokes an invite only after the confirmation', async () => {
    await mountApp('/admin/iam', 'iam-invites');
    const invite = await within(screen.getByTestId('iam-invites')).findByTestId('iam-invite-row');
    expect(invite.textContent).toContain('eve@example.com');

    fireEvent.click(within(invite).getByTestId('iam-invite-revoke'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('eve@example.com');
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    expect(writes()).toEqual([]);

    fireEvent.click(within(invite).getByTestId('iam-invite-revoke'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-accept'));
    await waitFor(() => expect(screen.queryByTestId('iam-invite-row')).toBeNull());
    expect(writes().map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /v1/iam/invites/inv-1']);
    expect(screen.getByTestId('iam-invites-empty')).toBeTruthy();
  });
});

describe('a member', () => {
  it('saves only the changed status and roles', async () => {
    await mountApp('/admin/iam/edit/u-cid', 'member-form');
    const roleBoxes = await screen.findAllByTestId('member-role');
    expect(roleBoxes.map((b) => (b as HTMLInputElement).value)).toEqual(['role-admin', 'role-editor']);
    expect((screen.getByTestId('member-save') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByTestId('member-status'), { target: { value: 'active' } });
    fireEvent.click(roleBoxes[1]!);
    fireEvent.click(screen.getByTestId('member-save'));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'PUT', path: '/v1/iam/users/u-cid', body: { status: 'active', role_uuids: ['role-editor'] } });
    // Saved: nothing is left to save.
    await waitFor(() => expect((screen.getByTestId('member-save') as HTMLButtonElement).disabled).toBe(true));
  });

  it("shows the server's message key translated", async () => {
    server.fail['PUT /v1/iam/users/u-bob'] = { status: 409, body: { message: 'lastAdmin' } };
    await mountApp('/admin/iam/edit/u-bob', 'member-form');
    fireEvent.change(screen.getByTestId('member-status'), { target: { value: 'banned' } });
    fireEvent.click(screen.getByTestId('member-save'));
    expect((await screen.findByTestId('iam-error')).textContent).toContain('The project must keep at least one active administrator.');
  });

  it('asks before removing a member from the project', async () => {
    await mountApp('/admin/iam/edit/u-bob', 'member-form');
    fireEvent.click(screen.getByTestId('member-remove'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.dataset.testid).toBe('confirm-dialog');
    expect(dialog.textContent).toContain('Bob Builder');
    // Nothing is removed while the question is open.
    expect(writes()).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([]);

    fireEvent.click(screen.getByTestId('member-remove'));
    fireEvent.click(within(screen.getByTestId('confirm-dialog')).getByTestId('confirm-accept'));
    await waitForPath('/admin/iam');
    expect(writes().map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /v1/iam/users/u-bob']);
    await waitFor(() => expect(screen.getAllByTestId('iam-user-row')).toHaveLength(4));
  });

  it('keeps the removal question open with the reason when the server refuses', async () => {
    server.fail['DELETE /v1/iam/users/u-bob'] = { status: 403, body: { message: 'cannotChangeOwner' } };
    await mountApp('/admin/iam/edit/u-bob', 'member-form');
    fireEvent.click(screen.getByTestId('member-remove'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-accept'));
    expect((await within(screen.getByTestId('confirm-dialog')).findByRole('alert')).textContent).toContain('The project owner cannot be changed here.');
    expect(pathname()).toBe('/admin/iam/edit/u-bob');
  });

  it('does not offer changes to your own membership or the owner status', async () => {
    await mountApp(`/admin/iam/edit/${ME}`, 'member-form');
    expect(await screen.findByTestId('member-self')).toBeTruthy();
    expect((screen.getByTestId('member-status') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('member-remove') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('member-save') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when the member is gone', async () => {
    server.members = [member(ME, 'Ada Admin')];
    await mountApp('/admin/iam/edit/u-zzz');
    expect(await screen.findByText('Not found.')).toBeTruthy();
  });
});

describe('inviting', () => {
  it('sends e-mail and roles, then shows the link (copyable) and says it was e-mailed', async () => {
    await mountApp('/admin/iam/invite', 'invite-email');
    fireEvent.click(screen.getByTestId('invite-send'));
    expect((screen.getByTestId('invite-email').closest('.field') as HTMLElement).textContent).toContain('Invalid email');
    expect(writes()).toEqual([]);

    fireEvent.change(screen.getByTestId('invite-email'), { target: { value: 'fay@example.com' } });
    const roles = await screen.findAllByTestId('invite-role');
    fireEvent.click(roles.find((r) => (r as HTMLInputElement).value === 'role-editor')!);
    fireEvent.click(screen.getByTestId('invite-send'));
    const link = await screen.findByTestId('invite-link');
    expect(writes()).toMatchObject([{ method: 'POST', path: '/v1/iam/invites', body: { email: 'fay@example.com', role_uuids: ['role-editor'] } }]);
    expect(link.textContent).toBe('http://localhost/project/invite/tok-inv-2');
    expect(link.getAttribute('href')).toBe('http://localhost/project/invite/tok-inv-2');
    expect(screen.getByTestId('invite-sent').textContent).toContain('The invite was e-mailed to fay@example.com');
    fireEvent.click(screen.getByTestId('invite-link-copy'));
    await waitFor(() => expect(clipboard.writeText).toHaveBeenCalledWith('http://localhost/project/invite/tok-inv-2'));
  });

  it('says when the e-mail already belongs to a member', async () => {
    server.fail['POST /v1/iam/invites'] = { status: 409, body: { message: 'alreadyMember' } };
    await mountApp('/admin/iam/invite', 'invite-email');
    fireEvent.change(screen.getByTestId('invite-email'), { target: { value: 'bob.builder@example.com' } });
    fireEvent.click(screen.getByTestId('invite-send'));
    expect((await screen.findByTestId('iam-error')).textContent).toContain('This e-mail already belongs to a member of the project.');
    expect(screen.queryByTestId('invite-link')).toBeNull();
  });
});
