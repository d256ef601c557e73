// /admin/iam/roles and the role form: permission checkboxes grouped (media; each component ref with
// its verbs), the filter, the saved payload, 417 messages at their fields, and delete after a question.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { filterGroups, groupPermissions, toggle } from '../../src/app/features/iam/permissionGroups';
import { EDITOR_ROLE, mountApp, server, waitForPath, writes } from './iam-harness';

const groups = () => screen.getAllByTestId('role-permission-group');
const groupIds = () => groups().map((g) => g.dataset.group);
const boxesIn = (group: HTMLElement) => within(group).getAllByTestId('role-permission') as HTMLInputElement[];
const group = (id: string) => groups().find((g) => g.dataset.group === id)!;

describe('grouping permission strings', () => {
  it('puts media first, then one group per component ref (scoped refs included) with its verbs, then the rest', () => {
    const result = groupPermissions(
      ['read orders', 'use luma-media', 'read shop/items', 'update orders', 'upload luma-media', 'weird'],
      ['READ orders', 'export legacy'],
    );
    expect(result.map((g) => [g.id, g.items.map((i) => i.verb)])).toEqual([
      ['media', ['use', 'upload']],
      ['component:orders', ['read', 'update']],
      ['component:shop/items', ['read']],
      // Held but no longer offered: kept so it can be unticked. 'READ orders' is the same as 'read orders'.
      ['other', ['weird', 'export legacy']],
    ]);
  });

  it('filters by ref (whole group) or by permission text', () => {
    const all = groupPermissions(['read orders', 'delete orders', 'read invoices', 'use luma-media']);
    expect(filterGroups(all, 'invo').map((g) => g.id)).toEqual(['component:invoices']);
    expect(filterGroups(all, 'delete').flatMap((g) => g.items.map((i) => i.permission))).toEqual(['delete orders']);
    expect(filterGroups(all, '  ')).toHaveLength(3);
  });

  it('ticks case-insensitively', () => {
    expect(toggle(['Read Orders', 'see orders'], ['read orders'], false)).toEqual(['see orders']);
    expect(toggle(['see orders'], ['read orders', 'delete orders'], true)).toEqual(['see orders', 'read orders', 'delete orders']);
  });
});

describe('the role list', () => {
  it('lists every role, admin ones marked', async () => {
    await mountApp('/admin/iam/roles', 'roles-list');
    const rows = await within(screen.getByTestId('roles-list')).findAllByTestId('role-row');
    expect(rows.map((r) => r.dataset.uuid)).toEqual(['role-admin', 'role-editor']);
    expect(rows[0]!.textContent).toContain('Admin');
    expect(rows[0]!.textContent).toContain('All permissions');
    expect(rows[1]!.textContent).toContain('2 permissions');
    expect(screen.getByTestId('roles-create').getAttribute('href')).toBe('/admin/iam/roles/create');
  });
});

describe('the role form', () => {
  it('groups the project permissions and saves name, admin flag, level and the ticked strings', async () => {
    await mountApp('/admin/iam/roles/create', 'role-form');
    await waitFor(() => expect(groups().length).toBe(3));
    expect(groupIds()).toEqual(['media', 'component:orders', 'component:shop/items']);
    expect(boxesIn(group('media')).map((b) => b.value)).toEqual(server.permissions.slice(0, 6));
    expect(boxesIn(group('component:shop/items')).map((b) => b.value)).toEqual(
      ['read', 'create', 'update', 'delete', 'see', 'settings'].map((v) => `${v} shop/items`),
    );
    // Labels are the verbs; the group names the component.
    expect(group('component:orders').querySelector('legend')!.textContent).toContain('orders');
    expect(within(group('component:orders')).getByLabelText('Read').getAttribute('value')).toBe('read orders');

    // The filter narrows what is shown; ticks survive filtering.
    const filter = screen.getByTestId('role-permission-filter');
    fireEvent.change(filter, { target: { value: 'shop' } });
    expect(groupIds()).toEqual(['component:shop/items']);
    fireEvent.click(within(group('component:shop/items')).getByLabelText('Read'));
    fireEvent.change(filter, { target: { value: 'download' } });
    expect(groupIds()).toEqual(['media']);
    fireEvent.click(boxesIn(group('media'))[0]!);
    fireEvent.change(filter, { target: { value: '' } });
    // "Select all" of one component.
    fireEvent.click(within(group('component:orders')).getByTestId('role-permission-group-toggle'));
    expect(screen.getByTestId('role-permission-count').textContent).toContain('8 selected');

    fireEvent.change(screen.getByTestId('role-name'), { target: { value: '  Order desk ' } });
    fireEvent.change(screen.getByTestId('role-level'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('role-save'));
    await waitForPath('/admin/iam/roles');
    expect(writes()).toHaveLength(1);
    expect(writes()[0]).toMatchObject({
      method: 'POST',
      path: '/v1/iam/roles',
      body: {
        name: 'Order desk',
        is_admin: false,
        level: 20,
        permissions: ['read shop/items', 'download luma-media', ...['read', 'create', 'update', 'delete', 'see', 'settings'].map((v) => `${v} orders`)],
      },
    });
    expect((await screen.findAllByTestId('role-row')).map((r) => r.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining('Order desk')]),
    );
  });

  it('edits a role: its permissions ticked whatever their case, admin flag saved', async () => {
    await mountApp(`/admin/iam/roles/edit/${EDITOR_ROLE.uuid}`, 'role-form');
    await waitFor(() => expect(groups().length).toBe(3));
    expect((screen.getByTestId('role-name') as HTMLInputElement).value).toBe('Editor');
    expect((screen.getByTestId('role-level') as HTMLInputElement).value).toBe('10');
    const ticked = screen.getAllByTestId('role-permission').filter((b) => (b as HTMLInputElement).checked).map((b) => (b as HTMLInputElement).value);
    expect(ticked).toEqual(['read orders', 'update orders']);

    fireEvent.click(within(group('component:orders')).getByLabelText('Read'));
    fireEvent.click(screen.getByTestId('role-admin'));
    expect(screen.getByTestId('role-admin-note')).toBeTruthy();
    fireEvent.click(screen.getByTestId('role-save'));
    await waitForPath('/admin/iam/roles');
    expect(writes()[0]).toMatchObject({
      method: 'PUT',
      path: `/v1/iam/roles/${EDITOR_ROLE.uuid}`,
      body: { name: 'Editor', is_admin: true, level: 10, permissions: ['Update Orders'] },
    });
  });

  it('shows 417 messages at their fields and other refusals above the actions', async () => {
    server.fail['POST /v1/iam/roles'] = {
      status: 417,
      body: { message: 'fieldsNotValid', errors: [{ field: 'name', messages: ['nameTaken'] }, { field: 'permissions.0', messages: ['invalidSelection'] }] },
    };
    await mountApp('/admin/iam/roles/create', 'role-form');
    fireEvent.change(screen.getByTestId('role-name'), { target: { value: 'Editor' } });
    fireEvent.click(screen.getByTestId('role-save'));
    const nameField = screen.getByTestId('role-name').closest('.field') as HTMLElement;
    expect((await within(nameField).findByRole('alert')).textContent).toContain('This name is already taken.');
    expect(within(screen.getByTestId('role-permissions')).getAllByRole('alert').at(-1)!.textContent).toContain('Invalid selection');
    expect(screen.getByTestId('iam-error').textContent).toContain('Some fields are not valid.');
  });

  it('checks the name and level before sending', async () => {
    await mountApp('/admin/iam/roles/create', 'role-form');
    fireEvent.change(screen.getByTestId('role-name'), { target: { value: 'x' } });
    fireEvent.change(screen.getByTestId('role-level'), { target: { value: '-1' } });
    fireEvent.click(screen.getByTestId('role-save'));
    const nameField = screen.getByTestId('role-name').closest('.field') as HTMLElement;
    expect(within(nameField).getByRole('alert').textContent).toContain("Can't be less then 2 characters");
    expect((screen.getByTestId('role-level').closest('.field') as HTMLElement).textContent).toContain('Invalid number');
    expect(writes()).toEqual([]);
  });

  it('deletes a role only after the confirmation, and shows lastAdmin when refused', async () => {
    server.fail['DELETE /v1/iam/roles/role-admin'] = { status: 409, body: { message: 'lastAdmin' } };
    await mountApp('/admin/iam/roles/edit/role-admin', 'role-form');
    fireEvent.click(screen.getByTestId('role-delete'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Administrator');
    expect(writes()).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('confirm-accept'));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The project must keep at least one active administrator.');

    delete server.fail['DELETE /v1/iam/roles/role-admin'];
    fireEvent.click(within(dialog).getByTestId('confirm-accept'));
    await waitForPath('/admin/iam/roles');
    expect(writes().map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /v1/iam/roles/role-admin', 'DELETE /v1/iam/roles/role-admin']);
    await waitFor(() => expect(screen.getAllByTestId('role-row').map((r) => r.dataset.uuid)).toEqual(['role-editor']));
  });
});
