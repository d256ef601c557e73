// Showing tutorials again (docs/tutorials.md "Showing them again"): the profile's Tutorials section says
// they are hidden, clears 'don't show' (and the done ticks when asked) in /v1/config/user, and the next
// admin screen starts a tutorial by the usual rule; a refused save is said and changes nothing.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setEnvironment } from '../../renderers/ui/prefs';
import { toastStore } from '../../renderers/ui/toast';
import { clearBreadcrumbs } from '../../src/app/routes/breadcrumbs';
import { apiError, fakeApi, renderApp, signedInRoutes, type Answer, type Call } from './account-harness';

// tests/dom/setup.ts leaves the tutorials out of every other screen's tests; the last test needs the modal.
vi.unmock('../../src/app/features/tutorials/Tutorials');

const entry = (data: unknown) => ({ path: 'tutorials', data, project_uuid: 'p-1' });

function api(start: unknown | null, put?: (call: Call) => Answer): Call[] {
  let stored = start;
  return fakeApi({
    ...signedInRoutes(),
    'GET /v3/system/components': () => [],
    'GET /v1/user/sessions': () => [],
    'GET /v1/user/two-factor': () => ({ enabled: false }),
    'GET /v1/config/user': () => (stored === null ? undefined : entry(stored)),
    'PUT /v1/config/user': (call) => {
      const refused = put?.(call);
      if (refused) return refused;
      stored = (call.body as { data: unknown }).data;
      return entry(stored);
    },
  });
}

const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT' && c.path === '/v1/config/user').map((c) => c.body);
const section = () => screen.findByTestId('tutorials-section');
const showAgain = () => screen.getByTestId('tutorials-show-again') as HTMLButtonElement;

beforeEach(() => {
  clearBreadcrumbs();
  localStorage.clear();
  setEnvironment('live');
  toastStore.set([]);
});
afterEach(() => vi.unstubAllGlobals());

describe('show tutorials again', () => {
  it('hidden: says so; Show tutorials again clears the flag and keeps the done ticks; then there is nothing to do', async () => {
    const calls = api({ done: { introduction: true, dashboard: true }, dontShow: true });
    renderApp('/home/users/profile');
    const card = await section();
    await waitFor(() => expect(within(card).getByTestId('tutorials-status').textContent).toBe('You chose not to show tutorials: none starts by itself.'));
    expect(showAgain().disabled).toBe(false);

    fireEvent.click(showAgain());
    await waitFor(() => expect(puts(calls)).toEqual([entry({ done: { introduction: true, dashboard: true }, dontShow: false })]));
    await waitFor(() => expect(within(card).getByTestId('tutorials-status').textContent).toBe('Tutorials start by themselves on the screens they explain; 2 of 4 done.'));
    expect(toastStore.get().map((t) => t.message)).toContain('tutorial.profile.shownAgain');
    expect(showAgain().disabled).toBe(true);
    expect(showAgain().getAttribute('aria-describedby')).toBeTruthy();
    expect(card.textContent).toContain('Tick the box above to see the finished ones again.');
  });

  it('with the box ticked the done ticks go too, and the next admin screen starts the introduction again', async () => {
    const calls = api({ done: { introduction: true, templates: true, dashboard: true, dev: true }, dontShow: false });
    const { router } = renderApp('/home/users/profile');
    const card = await section();
    await waitFor(() => expect(within(card).getByTestId('tutorials-status').textContent).toContain('4 of 4 done'));
    // Nothing hidden and the box not ticked: the button has nothing to do.
    expect(showAgain().disabled).toBe(true);
    fireEvent.click(within(card).getByLabelText('Also show the tutorials I have finished'));
    expect(showAgain().disabled).toBe(false);
    fireEvent.click(showAgain());
    await waitFor(() => expect(puts(calls)).toEqual([entry({ done: {}, dontShow: false })]));
    await waitFor(() => expect(within(card).getByTestId('tutorials-status').textContent).toContain('0 of 4 done'));

    await router.navigate({ to: '/admin/dashboard' });
    const dialog = await screen.findByTestId('tutorial-modal');
    expect(within(dialog).getByRole('heading').textContent).toBe('Welcome to Luma');
  });

  it('a refused save is said under the button and the section stays as it was', async () => {
    const calls = api({ done: {}, dontShow: true }, () => apiError(400, 'badRequest', [{ field: 'data.dontShow', messages: ['invalid'] }]));
    renderApp('/home/users/profile');
    const card = await section();
    await waitFor(() => expect(showAgain().disabled).toBe(false));
    fireEvent.click(showAgain());
    await waitFor(() => expect(within(card).getByRole('alert').textContent).not.toBe(''));
    expect(puts(calls)).toHaveLength(1);
    expect(within(card).getByTestId('tutorials-status').textContent).toBe('You chose not to show tutorials: none starts by itself.');
    expect(showAgain().disabled).toBe(false);
  });

  it('speaks Serbian', async () => {
    api({ done: { introduction: true }, dontShow: true });
    renderApp('/home/users/profile', 'sr');
    const card = await section();
    await waitFor(() => expect(within(card).getByTestId('tutorials-status').textContent).toBe('Izabrali ste da se vodiči ne prikazuju: nijedan se ne pokreće sam.'));
    expect(showAgain().textContent).toBe('Ponovo prikazuj vodiče');
  });
});
