// The tutorial modal in the admin shell (docs/tutorials.md): the real router, shell, machine and modal
// against a fake main API. It starts by the spec's rule, moves with the buttons and the arrow keys,
// keeps focus inside and on the button pressed, closes on Escape without saving, and saves skip,
// close on the last slide and don't show through PUT /v1/config/user.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setEnvironment } from '../../renderers/ui/prefs';
import { clearBreadcrumbs } from '../../src/app/routes/breadcrumbs';
import { fakeApi, renderApp, signedInRoutes, type Call, type Routes } from './account-harness';

// tests/dom/setup.ts leaves the tutorials out of every other screen's tests; this file mounts them.
vi.unmock('../../src/app/features/tutorials/Tutorials');

const saved = (data: unknown) => ({ path: 'tutorials', data, project_uuid: 'p-1' });

function api(config: unknown | null, extra: Routes = {}): Call[] {
  return fakeApi({
    ...signedInRoutes(),
    'GET /v3/system/components': () => [],
    'GET /v1/config/user': () => (config === null ? undefined : saved(config)),
    'PUT /v1/config/user': (call) => saved((call.body as { data: unknown }).data),
    ...extra,
  });
}

const puts = (calls: Call[]) => calls.filter((call) => call.method === 'PUT' && call.path === '/v1/config/user').map((call) => call.body);
const modal = () => screen.findByTestId('tutorial-modal');
const progress = () => screen.getByTestId('tutorial-progress').textContent;

beforeEach(() => {
  clearBreadcrumbs();
  localStorage.clear();
  setEnvironment('live');
});
afterEach(() => vi.unstubAllGlobals());

describe('tutorial modal', () => {
  it("with no saved config the introduction opens at '1 / 4'; arrows move, focus stays inside, Escape closes without saving", async () => {
    const calls = api(null);
    renderApp('/admin/dashboard');
    const dialog = await modal();
    expect(within(dialog).getByRole('heading').textContent).toBe('Welcome to Luma');
    expect(progress()).toBe('1 / 4');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // The welcome slide offers the preferred language.
    expect(within(dialog).getByTestId('tutorial-language-en_US').getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByTestId('tutorial-previous') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(progress()).toBe('2 / 4');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(progress()).toBe('2 / 4');
    expect(within(dialog).getByRole('heading').textContent).toBe('Components hold your data');

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('tutorial-modal')).toBeNull());
    expect(puts(calls)).toEqual([]);
  });

  it('next becomes close on the last slide and keeps focus; close marks the tutorial done and saves', async () => {
    const calls = api(null);
    renderApp('/admin/dashboard');
    await modal();
    const next = screen.getByTestId('tutorial-next');
    act(() => next.focus());
    for (const expected of ['2 / 4', '3 / 4', '4 / 4']) {
      fireEvent.click(document.activeElement!);
      expect(progress()).toBe(expected);
    }
    expect(screen.queryByTestId('tutorial-skip')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('tutorial-close'));
    fireEvent.click(screen.getByTestId('tutorial-close'));
    await waitFor(() => expect(puts(calls)).toEqual([{ path: 'tutorials', data: { done: { introduction: true }, dontShow: false }, project_uuid: 'p-1' }]));
    await waitFor(() => expect(screen.queryByTestId('tutorial-modal')).toBeNull());
  });

  it('skip marks it done and saves, keeping what was done before', async () => {
    const calls = api({ done: { introduction: true }, dontShow: false });
    renderApp('/admin/dashboard');
    await modal();
    expect(screen.getByTestId('tutorial').dataset.tutorial).toBe('dashboard');
    fireEvent.click(screen.getByTestId('tutorial-skip'));
    await waitFor(() => expect(puts(calls).map((body) => (body as { data: unknown }).data)).toEqual([{ done: { introduction: true, dashboard: true }, dontShow: false }]));
  });

  it("'don't show tutorials' saves the flag; a user who chose it sees none", async () => {
    const calls = api(null);
    renderApp('/admin/dashboard');
    await modal();
    fireEvent.click(screen.getByTestId('tutorial-dont-show'));
    await waitFor(() => expect(puts(calls).map((body) => (body as { data: unknown }).data)).toEqual([{ done: {}, dontShow: true }]));

    vi.unstubAllGlobals();
    const hiddenCalls = api({ done: {}, dontShow: true });
    renderApp('/admin/dashboard');
    await screen.findAllByTestId('dashboard-heading');
    await waitFor(() => expect(hiddenCalls.some((call) => call.path === '/v1/config/user')).toBe(true));
    expect(screen.queryByTestId('tutorial-modal')).toBeNull();
  });

  it('see more lists the tutorials with done ticks; picking one starts it, back returns', async () => {
    api({ done: { templates: true }, dontShow: false });
    renderApp('/admin/dashboard');
    const dialog = await modal();
    fireEvent.click(within(dialog).getByTestId('tutorial-see-more'));
    const list = await screen.findByTestId('tutorial-list');
    expect(within(list).getByTestId('tutorial-pick-templates').dataset.done).toBe('true');
    expect(within(within(list).getByTestId('tutorial-pick-templates')).getByRole('img', { name: 'Done' })).toBeTruthy();
    expect(within(list).getByTestId('tutorial-pick-dev').dataset.done).toBe('false');
    fireEvent.click(within(list).getByTestId('tutorial-back'));
    expect((await screen.findByTestId('tutorial')).dataset.tutorial).toBe('introduction');
    fireEvent.click(screen.getByTestId('tutorial-see-more'));
    fireEvent.click(await screen.findByTestId('tutorial-pick-dev'));
    expect((await screen.findByTestId('tutorial')).dataset.tutorial).toBe('dev');
    expect(progress()).toBe('1 / 4');
    expect(screen.getByRole('heading', { name: 'Dev and live' })).toBeTruthy();
  });

  it('a failed save says so and closes anyway', async () => {
    api(null, { 'PUT /v1/config/user': () => [500, { status: 500, message: 'unexpectedError' }] });
    renderApp('/admin/dashboard');
    await modal();
    fireEvent.click(screen.getByTestId('tutorial-skip'));
    expect(await screen.findByText('Your tutorial progress could not be saved; the tutorial may show again.')).toBeTruthy();
    expect(screen.queryByTestId('tutorial-modal')).toBeNull();
  });
});
