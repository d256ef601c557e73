// Projects and workspaces: the caller's projects with the current one marked, switching, creating
// (then switching to it), renaming, transfer and leave after a question, and workspace create/edit.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { browserStorage, STORAGE_KEY } from '../../runtime/client/storage';
import { member, mountApp, OTHER_PROJECT, PROJECT, server, waitForPath, writes } from './iam-harness';

const projectRows = () => within(screen.getByTestId('projects-list')).getAllByTestId('project-row');

describe('projects', () => {
  it('lists the projects with the current one marked, and opens another', async () => {
    await mountApp('/admin/projects', 'projects-list');
    await waitFor(() => expect(projectRows()).toHaveLength(2));
    const [acme, globex] = projectRows();
    expect(acme!.dataset.current).toBe('true');
    expect(within(acme!).getByTestId('project-current').textContent).toBe('Current');
    expect(globex!.dataset.current).toBe('false');
    expect(within(globex!).queryByTestId('project-current')).toBeNull();

    fireEvent.click(within(globex!).getByTestId('project-switch'));
    await waitForPath('/admin/dashboard');
    expect(browserStorage.getItem(STORAGE_KEY.projectUuid)).toBe(OTHER_PROJECT);
    // The guard asked again for the claims, now for the other project.
    const claims = server.calls.filter((c) => c.path === '/v1/user/claims');
    expect(claims.at(-1)!.headers['x-project-uuid']).toBe(OTHER_PROJECT);
    expect((await screen.findByTestId('dashboard-project-name')).textContent).toBe('Globex');
  });

  it('creates a project and switches to it', async () => {
    await mountApp('/admin/projects/create', 'project-name');
    fireEvent.change(screen.getByTestId('project-name'), { target: { value: ' Initech ' } });
    fireEvent.click(screen.getByTestId('project-save'));
    await waitForPath('/admin/dashboard');
    expect(writes()).toMatchObject([{ method: 'POST', path: '/v1/project', body: { name: 'Initech' } }]);
    const created = server.projects.at(-1)!;
    expect(browserStorage.getItem(STORAGE_KEY.projectUuid)).toBe(created.uuid);
    expect((await screen.findByTestId('dashboard-project-name')).textContent).toBe('Initech');
  });

  it('renames the current project', async () => {
    await mountApp('/admin/projects/settings', 'project-name');
    expect((screen.getByTestId('project-name') as HTMLInputElement).value).toBe('Acme');
    fireEvent.change(screen.getByTestId('project-name'), { target: { value: 'Acme Corp' } });
    fireEvent.click(screen.getByTestId('project-save'));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'PUT', path: `/v1/project/${PROJECT}`, body: { name: 'Acme Corp' } });
  });

  it('offers no new owner when no other active person is a member', async () => {
    await mountApp('/admin/projects/settings', 'project-name');
    const select = (await screen.findByTestId('project-transfer-user')) as HTMLSelectElement;
    // Not the inactive, pending or banned members, nor the API user, nor the caller.
    expect([...select.options].map((o) => o.value)).toEqual(['']);
    expect(select.disabled).toBe(true);
    expect(screen.getAllByTestId('project-no-candidates').length).toBeGreaterThan(0);
    expect((screen.getByTestId('project-transfer') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('project-leave') as HTMLButtonElement).disabled).toBe(true);
  });

  it('transfers to the chosen member after the question', async () => {
    server.members.push(member('u-fay', 'Fay Active'));
    await mountApp('/admin/projects/settings', 'project-name');
    const select = (await screen.findByTestId('project-transfer-user')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['', 'u-fay']);
    fireEvent.change(select, { target: { value: 'u-fay' } });
    fireEvent.click(screen.getByTestId('project-transfer'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Fay Active');
    expect(writes()).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('confirm-accept'));
    await waitForPath('/admin/dashboard');
    expect(writes()).toMatchObject([{ method: 'POST', path: `/v1/project/${PROJECT}/transfer`, body: { user_uuid: 'u-fay' } }]);
    // The previous owner left: the server picks the next project.
    expect(browserStorage.getItem(STORAGE_KEY.projectUuid)).toBe(OTHER_PROJECT);
  });

  it("keeps the question open with the server's reason when the transfer is refused", async () => {
    server.members.push(member('u-fay', 'Fay Active'));
    server.fail[`POST /v1/project/${PROJECT}/transfer`] = {
      status: 417,
      body: { message: 'fieldsNotValid', errors: [{ field: 'user_uuid', messages: ['notAMember'] }] },
    };
    await mountApp('/admin/projects/settings', 'project-name');
    fireEvent.change(await screen.findByTestId('project-transfer-user'), { target: { value: 'u-fay' } });
    fireEvent.click(screen.getByTestId('project-transfer'));
    const dialog = await screen.findByTestId('confirm-dialog');
    fireEvent.click(within(dialog).getByTestId('confirm-accept'));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The new owner must be an active member of the project.');
    expect(browserStorage.getItem(STORAGE_KEY.projectUuid)).toBe(PROJECT);
  });

  it('makes the owner name the new owner before leaving', async () => {
    server.members.push(member('u-fay', 'Fay Active'));
    await mountApp('/admin/projects/settings', 'project-name');
    const leave = (await screen.findByTestId('project-leave')) as HTMLButtonElement;
    await screen.findByTestId('project-leave-owner');
    expect(leave.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('project-leave-owner'), { target: { value: 'u-fay' } });
    fireEvent.click(leave);
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-accept'));
    await waitForPath('/admin/dashboard');
    expect(writes()).toMatchObject([{ method: 'POST', path: `/v1/project/${PROJECT}/leave`, body: { new_owner_uuid: 'u-fay' } }]);
  });

  it('lets a member who is not the owner leave after the question', async () => {
    server.projects[0]!.account.owner_uuid = 'someone-else';
    await mountApp('/admin/projects/settings', 'project-leave');
    expect(screen.queryByTestId('project-leave-owner')).toBeNull();
    expect(screen.queryByTestId('project-transfer')).toBeNull();
    fireEvent.click(screen.getByTestId('project-leave'));
    const dialog = await screen.findByTestId('confirm-dialog');
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    expect(writes()).toEqual([]);
    fireEvent.click(screen.getByTestId('project-leave'));
    fireEvent.click(within(screen.getByTestId('confirm-dialog')).getByTestId('confirm-accept'));
    await waitForPath('/admin/dashboard');
    expect(writes()).toMatchObject([{ method: 'POST', path: `/v1/project/${PROJECT}/leave`, body: {} }]);
    // The member list is an admin call the non-owner screen does not need.
    expect(server.calls.some((c) => c.path === '/v1/iam/users')).toBe(false);
  });
});

describe('workspaces', () => {
  it('lists, creates and renames workspaces', async () => {
    await mountApp('/admin/workspace', 'workspaces-list');
    const row = await within(screen.getByTestId('workspaces-list')).findByTestId('workspace-row');
    expect(row.textContent).toContain('Main');
    expect(row.textContent).toContain('dev');
    expect(row.textContent).toContain('live');

    fireEvent.click(screen.getByTestId('workspace-create'));
    fireEvent.change(await screen.findByTestId('workspace-name'), { target: { value: 'Staging' } });
    fireEvent.click(screen.getByTestId('workspace-save'));
    await waitForPath('/admin/workspace');
    await waitFor(() => expect(screen.getAllByTestId('workspace-row')).toHaveLength(2));

    fireEvent.click(within(screen.getAllByTestId('workspace-row')[1]!).getByText('Staging'));
    await waitForPath('/admin/workspace/edit/ws-new-1');
    const name = (await screen.findByTestId('workspace-name')) as HTMLInputElement;
    expect(name.value).toBe('Staging');
    fireEvent.change(name, { target: { value: 'QA' } });
    fireEvent.click(screen.getByTestId('workspace-save'));
    await waitForPath('/admin/workspace');
    expect(writes()).toMatchObject([
      { method: 'POST', path: '/v1/workspace', body: { name: 'Staging' } },
      { method: 'PUT', path: '/v1/workspace/ws-new-1', body: { name: 'QA' } },
    ]);
    await waitFor(() => expect(screen.getAllByTestId('workspace-row')[1]!.textContent).toContain('QA'));
  });
});
