// The media library as a first-time administrator meets it (issue 29 item 16): in the sidebar once the
// integration is on and the user may use it; the upload dialog says that chosen files wait for Upload;
// closing the dialog mid-upload lets the upload finish and the listing shows the file without a reload.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { media, mountApp, uploads } from './media-harness';
import { ADMIN_PAGE, cards, toasts } from './media-screen-helpers';

let mediaActive = true;

beforeEach(() => {
  mediaActive = true;
  const harnessFetch = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (new URL(String(input), 'http://localhost').pathname !== '/api/integration/integrations') return harnessFetch(input, init);
      const list = [{ id: 'luma-media', name: 'Media library', path: ADMIN_PAGE, onboarded: true, disabled: !mediaActive, template: { renderevents: [] }, settings: {}, updated_at: null }];
      return new Response(JSON.stringify(list), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

const sidebarLink = () => screen.queryByRole('link', { name: 'Media library' });

describe('media in the sidebar', () => {
  it('an admin finds "Media library" in the sidebar, right after Integrations, and it opens the library', async () => {
    await mountApp('/admin/dashboard');
    await waitFor(() => expect(sidebarLink()).not.toBeNull());
    expect(sidebarLink()!.getAttribute('href')).toBe(ADMIN_PAGE);
    const hrefs = within(screen.getByRole('navigation', { name: /main|navigation/i })).getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs[hrefs.indexOf('/admin/integrations') + 1]).toBe(ADMIN_PAGE);
    fireEvent.click(sidebarLink()!);
    await screen.findByTestId('media-empty');
  });

  it('a member without "use luma-media", or with the integration off, gets no link', async () => {
    media.isAdmin = false;
    media.permissions = [];
    await mountApp('/home/home');
    await screen.findByTestId('home-heading');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy());
    expect(sidebarLink()).toBeNull();
  });

  it('with the integration off, even an admin gets no link', async () => {
    mediaActive = false;
    await mountApp('/admin/dashboard');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Integrations' })).toBeTruthy());
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([input]) => String(input).endsWith('/integration/integrations'))).toBe(true));
    expect(sidebarLink()).toBeNull();
  });

  it('a member who may use it finds it in /home', async () => {
    media.isAdmin = false;
    media.permissions = ['use luma-media'];
    await mountApp('/home/home');
    await waitFor(() => expect(sidebarLink()?.getAttribute('href')).toBe('/home/integrations/page/luma-media'));
  });
});

describe('the upload dialog', () => {
  it('says chosen files wait for Upload, and closing mid-upload still shows the file when it is done', async () => {
    mediaActive = false;
    await mountApp(ADMIN_PAGE);
    await screen.findByTestId('media-empty');
    fireEvent.click(screen.getByTestId('media-upload'));
    const modal = await screen.findByTestId('media-upload-modal');
    uploads.hold = true;
    fireEvent.change(within(modal).getByTestId('media-upload-input'), { target: { files: [new File(['x'.repeat(10)], 'one.png', { type: 'image/png' })] } });
    expect(within(modal).getByTestId('media-upload-ready').textContent).toBe('1 file is chosen, not sent yet: set the options below if you need them, then press Upload.');
    fireEvent.click(within(modal).getByTestId('media-upload-start'));
    await waitFor(() => expect(uploads.pending).toHaveLength(1));
    expect(within(modal).queryByTestId('media-upload-ready')).toBeNull();
    fireEvent.click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('media-upload-modal')).toBeNull());
    expect(toasts()).toContain('media.uploadInBackground');
    expect(screen.getByTestId('media-empty').textContent).toContain('This directory is empty.');
    act(() => uploads.pending[0]!());
    await waitFor(() => expect(cards()).toEqual(['one.png']));
    expect(toasts()).toContain('media.uploaded');
  });
});
