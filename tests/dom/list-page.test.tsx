// The shell of the admin lists (src/app/components/list) as a user meets it: the skeleton while
// loading, the failure with a retry that reads again, the empty state with its call to action, the
// table named by the page with a label on every cell (a phone shows it), row actions a keyboard
// reaches, rows that open on a click or on Enter, and both pagers.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUES, DEFAULT_LOCALE } from '../../runtime/i18n/catalogues';
import type { ListColumn } from '../../src/app/components/list/AdminTable';
import { ListBody, ListPage, type ListPageProps, type ListQuery } from '../../src/app/components/list/ListPage';
import { CursorPager, PageNumbers } from '../../src/app/components/list/Pager';

interface Role {
  uuid: string;
  name: string;
  level: number;
}

const ROLES: Role[] = [
  { uuid: 'r-1', name: 'Editors', level: 5 },
  { uuid: 'r-2', name: 'Readers', level: 1 },
];

const COLUMNS: ListColumn<Role>[] = [
  { id: 'name', header: 'iam.name', cell: (role) => role.name },
  { id: 'level', header: 'iam.role.level', cellClassName: 'muted', cell: (role) => role.level },
];

const settled: ListQuery = { isPending: false, isError: false, error: null, refetch: () => undefined };

const mount = (ui: ReactElement) =>
  render(
    <IntlProvider locale="en" messages={CATALOGUES[DEFAULT_LOCALE]}>
      {ui}
    </IntlProvider>,
  );

function rolesPage(query: ListQuery, rows: Role[] | undefined, extra: Partial<ListPageProps<Role>> = {}) {
  return (
    <ListPage
      title="iam.roles.title"
      actions={<button type="button">Back to users</button>}
      primary={{ label: 'iam.roles.create', testId: 'roles-create', onPress: () => created.push('role') }}
      sectionTestId="roles-list"
      query={query}
      rows={rows}
      columns={COLUMNS}
      rowTestId="role-row"
      empty={{ testId: 'roles-empty', title: 'iam.roles.none', hint: 'iam.roles.emptyHint' }}
      {...extra}
    />
  );
}

let created: string[] = [];

afterEach(() => {
  cleanup();
  created = [];
});

describe('the list page shell', () => {
  it('shows the title and its actions, the primary one last, and a skeleton while the list loads', () => {
    mount(rolesPage({ ...settled, isPending: true }, undefined));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Roles');
    expect(screen.getAllByRole('button').map((b) => [b.textContent, b.className])).toEqual([
      ['Back to users', ''],
      ['New role', 'button button-primary'],
    ]);
    fireEvent.click(screen.getByTestId('roles-create'));
    expect(created).toEqual(['role']);
    expect(screen.getByTestId('roles-list').querySelector('.skeleton[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says why the list failed, and reads it again on Try again', () => {
    const refetch = vi.fn();
    mount(rolesPage({ isPending: false, isError: true, error: new Error('forbidden'), refetch }, undefined));
    expect(within(screen.getByTestId('roles-list')).getByRole('alert').textContent).toBe('You do not have permission to do this.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state with the primary action as its call to action when there is nothing to list', () => {
    mount(rolesPage(settled, []));
    expect(screen.getByTestId('roles-empty').textContent).toContain('No roles yet.');
    const section = screen.getByTestId('roles-list');
    const cta = within(section).getByRole('button', { name: 'New role' });
    // One element carries the test id: the header's.
    expect(cta.dataset.testid).toBeUndefined();
    expect(screen.getAllByTestId('roles-create')).toHaveLength(1);
    fireEvent.click(cta);
    expect(created).toEqual(['role']);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("takes the rows from the query's data when it is the list", () => {
    mount(<ListPage title="iam.roles.title" query={{ ...settled, data: ROLES }} columns={COLUMNS} rowTestId="role-row" empty={{ testId: 'roles-empty', title: 'iam.roles.none' }} />);
    expect(screen.getAllByTestId('role-row')).toHaveLength(2);
  });

  it("names the table after the page, keys rows by their uuid and labels every cell with its column's name", () => {
    mount(rolesPage(settled, ROLES));
    const table = screen.getByRole('table', { name: 'Roles' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Level']);
    const rows = screen.getAllByTestId('role-row');
    expect(rows.map((row) => row.dataset.uuid)).toEqual(['r-1', 'r-2']);
    expect([...rows[0]!.querySelectorAll('td')].map((td) => [td.dataset.label, td.textContent, td.className])).toEqual([
      ['Name', 'Editors', ''],
      ['Level', '5', 'muted'],
    ]);
  });
});

describe('rows and their actions', () => {
  it('puts row actions last under a header for screen readers, each reached with Tab', () => {
    const removed: string[] = [];
    mount(
      rolesPage(settled, ROLES, {
        rowActions: { cell: (role) => <button type="button" aria-label={`Remove ${role.name}`} onClick={() => removed.push(role.uuid)}>Remove</button> },
      }),
    );
    const header = screen.getAllByRole('columnheader').at(-1)!;
    expect(header.textContent).toBe('Actions');
    expect(header.querySelector('.visually-hidden')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Remove Readers' });
    expect(button.closest('td')!.className).toBe('actions-cell');
    expect(button.tabIndex).toBe(0);
    fireEvent.click(button);
    expect(removed).toEqual(['r-2']);
  });

  it('opens a row on a click anywhere but its controls, and a focusable row on Enter', () => {
    const opened: string[] = [];
    mount(
      rolesPage(settled, ROLES, {
        onOpen: (role) => opened.push(role.uuid),
        focusableRows: true,
        rowActions: { cell: () => <button type="button">Edit</button> },
      }),
    );
    const [first, second] = screen.getAllByTestId('role-row');
    fireEvent.click(first!.querySelector('td')!);
    fireEvent.click(within(second!).getByRole('button', { name: 'Edit' }));
    expect(opened).toEqual(['r-1']);
    expect(second!.tabIndex).toBe(0);
    fireEvent.keyDown(second!, { key: 'Enter' });
    fireEvent.keyDown(second!, { key: 'a' });
    expect(opened).toEqual(['r-1', 'r-2']);
  });

  it('leaves rows out of the tab order when a link inside them leads the way', () => {
    mount(rolesPage(settled, ROLES, { onOpen: () => undefined }));
    expect(screen.getAllByTestId('role-row').every((row) => !row.hasAttribute('tabindex'))).toBe(true);
  });
});

describe('paging', () => {
  it('numbered pages: previous and next stop at the ends', () => {
    const pages: number[] = [];
    const pager = (page: number) => (
      <ListBody
        label="iam.roles.title"
        rows={ROLES}
        columns={COLUMNS}
        rowKey={(role) => role.name}
        rowTestId="role-row"
        rowAttributes={(role) => ({ 'data-name': role.name })}
        empty={null}
        paging={<PageNumbers page={page} pages={3} onPage={(p) => pages.push(p)} labels={{ prev: 'records.list.prev', next: 'records.list.next', pageOf: 'records.list.pageOf' }} />}
      />
    );
    const view = mount(pager(1));
    // A row keyed otherwise carries what the list gives it, no uuid.
    expect(screen.getAllByTestId('role-row').map((row) => [row.dataset.name, row.dataset.uuid])).toEqual([
      ['Editors', undefined],
      ['Readers', undefined],
    ]);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(nav.textContent).toContain('Page 1 of 3');
    expect((within(nav).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    view.rerender(<IntlProvider locale="en" messages={CATALOGUES[DEFAULT_LOCALE]}>{pager(3)}</IntlProvider>);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(pages).toEqual([2, 2]);
  });

  it('a cursor: back to the first page, on to the next while there is one', () => {
    const pressed: string[] = [];
    mount(
      <CursorPager
        first={{ label: 'scoutEvents.first', disabled: true, onPress: () => pressed.push('first') }}
        next={{ label: 'scoutEvents.next', testId: 'next', disabled: false, onPress: () => pressed.push('next') }}
      />,
    );
    expect((screen.getByRole('button', { name: 'First page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('next'));
    expect(pressed).toEqual(['next']);
  });
});
