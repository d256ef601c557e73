// The admin forms' one controller (src/app/components/form/useFormPage.tsx) as a user meets it: the form
// knows when it differs from what was loaded, its own rules refuse before anything is sent, a 417 puts
// each message under its field, a save says so in a toast, and leaving with unsaved changes asks first
// (a clean form lets the user go without a question).
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../runtime/client/errors';
import { CATALOGUES, DEFAULT_LOCALE } from '../../runtime/i18n/catalogues';
import { toastStore } from '../../renderers/ui/toast';
import { FormFooter } from '../../src/app/components/form/FormPage';
import { TextField } from '../../src/app/components/form/TextField';
import { useFormPage, type FieldRules } from '../../src/app/components/form/useFormPage';

interface Values {
  name: string;
  level: string;
}

const LOADED: Values = { name: 'Editors', level: '5' };

/** The form's own rule: a name is required. */
const rules = (values: Values): FieldRules => (values.name.trim() === '' ? { name: ['fieldRequired'] } : {});

let save: ReturnType<typeof vi.fn<(values: Values) => Promise<Values>>>;

function RoleLikeForm() {
  const form = useFormPage({ initial: LOADED, validate: rules, save: (values: Values) => save(values), toast: 'iam.role.saved', confirmLeave: true });
  return (
    <form onSubmit={form.submit} noValidate data-testid="form" data-dirty={form.dirty ? 'true' : 'false'}>
      <TextField label="Name" testId="name" value={form.values.name} onValue={(name) => form.set('name', name)} errors={form.errors('name')} />
      <TextField label="Level" testId="level" value={form.values.level} onValue={(level) => form.set('level', level)} errors={form.errors('level')} />
      <FormFooter form={form} idle="iam.save" busy="iam.saving" testId="save" />
      {form.leavePrompt}
    </form>
  );
}

function mount() {
  const root = createRootRoute({ component: Outlet });
  const formRoute = createRoute({ getParentRoute: () => root, path: '/', component: RoleLikeForm });
  const elsewhere = createRoute({ getParentRoute: () => root, path: '/elsewhere', component: () => <p data-testid="elsewhere">Elsewhere</p> });
  const router = createRouter({ routeTree: root.addChildren([formRoute, elsewhere]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <IntlProvider locale="en" messages={CATALOGUES[DEFAULT_LOCALE]}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </IntlProvider>,
  );
  return router;
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });
/** The messages under a field, by the input's aria-describedby. */
const messagesOf = (testId: string) => {
  const ids = input(testId).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.flatMap((id) => [...(document.getElementById(id)?.querySelectorAll('li') ?? [])].map((li) => li.textContent));
};
const dirty = () => screen.getByTestId('form').getAttribute('data-dirty');
const toasts = () => toastStore.get().map((t) => [t.message, t.tone]);

beforeEach(() => {
  save = vi.fn(async (values: Values) => values);
  toastStore.set([]);
});
afterEach(cleanup);

/** A form over a copy that the parent reloads: the same thing again, or another thing. */
function Reloading({ copy, identity }: { copy: Values; identity: string }) {
  const form = useFormPage({ initial: copy, resetKey: copy, identity, save: (values: Values) => save(values) });
  return <TextField label="Name" testId="name" value={form.values.name} onValue={(name) => form.set('name', name)} errors={form.errors('name')} />;
}

/** Renders the reloading form inside a router (the leave question needs one) and lets the test hand it new copies. */
function mountReloading(first: Values, identity: string) {
  let show: (copy: Values, identity: string) => void = () => undefined;
  function Host() {
    const [state, setState] = useState({ copy: first, identity });
    show = (copy, id) => setState({ copy, identity: id });
    return <Reloading copy={state.copy} identity={state.identity} />;
  }
  const root = createRootRoute({ component: Host });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <IntlProvider locale="en" messages={CATALOGUES[DEFAULT_LOCALE]}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </IntlProvider>,
  );
  return (copy: Values, id: string) => act(() => show(copy, id));
}

describe('the form-page controller', () => {
  it('is dirty once a value differs from the loaded copy, and clean again when it is typed back', async () => {
    mount();
    await screen.findByTestId('form');
    expect(dirty()).toBe('false');
    type('name', 'Editors and writers');
    expect(dirty()).toBe('true');
    type('name', 'Editors');
    expect(dirty()).toBe('false');
  });

  it("refuses by the form's own rules before any call, the message under its field", async () => {
    mount();
    await screen.findByTestId('form');
    type('name', '  ');
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(messagesOf('name')).toEqual(['This field is required.']));
    expect(input('name').getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  it("puts a 417's messages at their fields, and keeps the values unsaved", async () => {
    save = vi.fn(async () => {
      throw new ApiRequestError(417, 'fieldsNotValid', 'http', 'main', [
        { field: 'level', messages: ['invalidNumber'] },
        { field: 'name', messages: ['fieldRequired'] },
      ]);
    });
    mount();
    await screen.findByTestId('form');
    type('level', 'x');
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(messagesOf('level')).toEqual(['Invalid number']));
    expect(messagesOf('name')).toEqual(['This field is required.']);
    expect(save).toHaveBeenCalledWith({ name: 'Editors', level: 'x' });
    // The general message stands above the actions; nothing says it was saved.
    expect(screen.getByTestId('iam-error').textContent).toBe('Some fields are not valid.');
    expect(toasts()).toEqual([]);
    expect(dirty()).toBe('true');
  });

  it('saves, says so in a success toast, and is clean from the saved values on', async () => {
    mount();
    await screen.findByTestId('form');
    type('level', '7');
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(toasts()).toEqual([['iam.role.saved', 'success']]));
    expect(save).toHaveBeenCalledWith({ name: 'Editors', level: '7' });
    expect(dirty()).toBe('false');
    expect(screen.queryByTestId('iam-error')).toBeNull();
  });

  it('asks before leaving unsaved changes: Cancel stays, No restores and goes', async () => {
    const router = mount();
    await screen.findByTestId('form');
    type('name', 'Writers');
    await act(async () => void router.navigate({ href: '/elsewhere' }));
    const dialog = await screen.findByTestId('unsaved-dialog');
    fireEvent.click(within(dialog).getByTestId('unsaved-cancel'));
    await waitFor(() => expect(screen.queryByTestId('unsaved-dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect(input('name').value).toBe('Writers');

    await act(async () => void router.navigate({ href: '/elsewhere' }));
    fireEvent.click(within(await screen.findByTestId('unsaved-dialog')).getByTestId('unsaved-no'));
    await screen.findByTestId('elsewhere');
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(save).not.toHaveBeenCalled();
  });

  it('asks nothing when the form is clean', async () => {
    const router = mount();
    await screen.findByTestId('form');
    await act(async () => void router.navigate({ href: '/elsewhere' }));
    await screen.findByTestId('elsewhere');
    expect(screen.queryByTestId('unsaved-dialog')).toBeNull();
  });
  it('keeps unsaved edits when a new copy of the same thing arrives (a refetch), and starts over for another thing', async () => {
    const reload = mountReloading({ ...LOADED }, 'role-1');
    await screen.findByTestId('name');
    type('name', 'Edited');
    reload({ ...LOADED }, 'role-1');
    expect(input('name').value).toBe('Edited');
    reload({ name: 'Viewers', level: '1' }, 'role-2');
    expect(input('name').value).toBe('Viewers');
    // A clean form follows every new copy.
    reload({ name: 'Viewers, renamed elsewhere', level: '1' }, 'role-2');
    expect(input('name').value).toBe('Viewers, renamed elsewhere');
  });
});
