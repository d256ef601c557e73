// The media library screen (spec section 2 "Media library screen", sections 4, 5, 6 and 8) mounted
// in the whole app against a fake media host (media-harness.tsx): permissions and libraries, the
// documents and settings tabs, and the browser in library mode. The files tab: media-files.test.tsx.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { MediaBrowser } from '../../src/app/features/media/MediaBrowser';
import { createQueryClient } from '../../src/app/routes/router';
import { withIntl } from './harness';
import { file, dir, LIB, library, location, media, mediaCalls, mountApp } from './media-harness';
import { ADMIN_PAGE, cards, toasts } from './media-screen-helpers';

describe('permissions and libraries', () => {
  it("without 'use luma-media' the alert shows and nothing loads", async () => {
    media.isAdmin = false;
    media.permissions = ['upload luma-media'];
    await mountApp(ADMIN_PAGE);
    expect((await screen.findByTestId('media-no-permissions')).textContent).toContain('You have no permission to use the media library.');
    expect(media.calls.filter((c) => c.path.startsWith('/api/media'))).toEqual([]);
  });

  it('an admin with no library is asked to create one; the sidebar creates it, the simple option only while none exists', async () => {
    media.libraries = [];
    await mountApp(ADMIN_PAGE);
    await screen.findByTestId('media-start');
    fireEvent.click(screen.getByTestId('media-start-create'));
    const sidebar = await screen.findByTestId('media-create-sidebar');
    const provider = within(sidebar).getByTestId('media-lib-provider') as HTMLSelectElement;
    expect(Array.from(provider.options).map((o) => o.value)).toEqual(['', 'luma-simple', 's3']);
    // Nothing filled: blocked, with the messages under the fields.
    fireEvent.click(within(sidebar).getByTestId('media-lib-save'));
    expect(toasts()).toContain('someFieldsAreNotValid');
    expect(within(sidebar).getAllByRole('alert').map((a) => a.textContent)).toEqual(['This is a required field', 'This is a required field']);
    // s3 asks for its fields, the secret as a password, the host with a URL placeholder.
    fireEvent.change(provider, { target: { value: 's3' } });
    expect((within(sidebar).getByTestId('media-lib-s3_secret') as HTMLInputElement).type).toBe('password');
    expect((within(sidebar).getByTestId('media-lib-host') as HTMLInputElement).placeholder).toMatch(/^https:\/\//);
    fireEvent.change(provider, { target: { value: 'luma-simple' } });
    fireEvent.change(within(sidebar).getByTestId('media-lib-name'), { target: { value: 'Photos' } });
    fireEvent.click(within(sidebar).getByTestId('media-lib-role'));
    fireEvent.click(within(sidebar).getByTestId('media-lib-save'));
    await waitFor(() => expect(toasts()).toContain('libraryCreated'));
    expect(mediaCalls('/v1/dms/media/library').at(-1)!.body).toEqual({ name: 'Photos', provider: 'luma-simple', roles: [{ role_uuid: 'role-editor' }], allowed_storage: null });
    await waitFor(() => expect(location().search).toEqual({ lib: 'lib-1' }));
    await screen.findByTestId('media-browser');

    // The simple option is gone now that a simple library exists.
    fireEvent.click(screen.getByTestId('media-library-new'));
    const again = await screen.findByTestId('media-create-sidebar');
    const left = within(again).getByTestId('media-lib-provider') as HTMLSelectElement;
    expect(Array.from(left.options).map((o) => o.value).filter(Boolean)).toEqual(['s3']);
    expect(left.value).toBe('s3');
  });

  it("where the media product is sold and not held, the sidebar offers Buy: the checkout opens in a new tab and its complete message creates the library", async () => {
    media.libraries = [];
    media.productsRequired = ['luma-media'];
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    try {
      await mountApp(ADMIN_PAGE);
      fireEvent.click(await screen.findByTestId('media-start-create'));
      const sidebar = await screen.findByTestId('media-create-sidebar');
      fireEvent.change(within(sidebar).getByTestId('media-lib-provider'), { target: { value: 'luma-simple' } });
      const save = within(sidebar).getByTestId('media-lib-save');
      await waitFor(() => expect(save.textContent).toBe('Buy the media library'));
      expect(within(sidebar).getByTestId('media-buy-note').textContent).toContain('is a paid product');
      // The rules first: nothing opens while the name is missing.
      fireEvent.click(save);
      expect(opened).not.toHaveBeenCalled();
      fireEvent.change(within(sidebar).getByTestId('media-lib-name'), { target: { value: 'Photos' } });
      fireEvent.click(save);
      expect(opened).toHaveBeenCalledWith('/checkout?price=luma-media-monthly', '_blank', 'noopener');
      await waitFor(() => expect(within(sidebar).getByTestId('media-buy-note').textContent).toContain('open in another tab'));
      expect(mediaCalls('/v1/dms/media/library')).toEqual([]);
      // Another tab's thank-you page says the checkout is complete: the library is created.
      media.subscriptions = [{ product_type: 'luma-media', state: 'subscribed' }];
      const otherTab = new BroadcastChannel('checkout');
      otherTab.postMessage({ type: 'checkout-complete', subscription: null });
      otherTab.close();
      await waitFor(() => expect(toasts()).toContain('libraryCreated'));
      expect(mediaCalls('/v1/dms/media/library').at(-1)!.body).toMatchObject({ name: 'Photos', provider: 'luma-simple' });
    } finally {
      opened.mockRestore();
    }
  });

  it('with the media product held, the sidebar creates as before', async () => {
    media.libraries = [];
    media.productsRequired = ['luma-media'];
    media.subscriptions = [{ product_type: 'luma-media', state: 'subscribed' }];
    await mountApp(ADMIN_PAGE);
    fireEvent.click(await screen.findByTestId('media-start-create'));
    const sidebar = await screen.findByTestId('media-create-sidebar');
    fireEvent.change(within(sidebar).getByTestId('media-lib-provider'), { target: { value: 'luma-simple' } });
    await waitFor(() => expect(media.calls.some((call) => call.path === '/api/transaction/billing/subscription')).toBe(true));
    expect(within(sidebar).getByTestId('media-lib-save').textContent).toBe('Create');
    expect(within(sidebar).queryByTestId('media-buy-note')).toBeNull();
  });

  it('a library list failure says the library is unavailable', async () => {
    media.fail['GET /api/media/v1/dms/media/library/list'] = { status: 503, body: { message: 'libraryUnavailable' } };
    await mountApp(ADMIN_PAGE);
    expect((await screen.findByTestId('media-unavailable')).textContent).toBe('Media library currently unavailable, please try again later.');
  });

  it('a deactivated luma-media integration says so', async () => {
    media.fail['GET /api/media/v1/dms/media/library/list'] = { status: 403, body: { message: 'integrationDisabled' } };
    await mountApp('/home/integrations/page/luma-media');
    expect((await screen.findByTestId('media-unavailable')).textContent).toBe('This integration is deactivated in this project. An administrator can activate it under Integrations.');
  });
});

describe('the documents tab', () => {
  it("shows the chosen library's documents with 'use luma-media', under /home and /admin, in ?tab=documents", async () => {
    const OTHER = '00000000-0000-4000-8000-00000000c002';
    media.isAdmin = false;
    media.permissions = ['use luma-media'];
    media.libraries = [library(LIB, 'Photos'), library(OTHER, 'Contracts')];
    media.documents = [{ lib: LIB, path: 'photo notes' }, { lib: OTHER, path: 'lease' }];
    await mountApp('/home/integrations/page/luma-media');
    fireEvent.click(await screen.findByTestId('media-tab-documents'));
    const panel = await screen.findByTestId('documents-panel');
    await waitFor(() => expect(panel.textContent).toContain('photo notes'));
    expect(location().search).toMatchObject({ tab: 'documents' });
    // Another library: its documents, the tab kept.
    fireEvent.change(screen.getByTestId('media-library-select'), { target: { value: OTHER } });
    await waitFor(() => expect(screen.getByTestId('documents-panel').textContent).toContain('lease'));
    expect(screen.getByTestId('documents-panel').textContent).not.toContain('photo notes');
    expect(location().search).toEqual({ lib: OTHER, tab: 'documents' });
    expect(media.calls.filter((c) => c.path.startsWith('/api/integration/dms/documents/')).map((c) => c.path.split('/')[5])).toEqual([LIB, OTHER]);
    // Back to the files.
    fireEvent.click(screen.getByTestId('media-tab-files'));
    await waitFor(() => expect(screen.queryByTestId('documents-panel')).toBeNull());
    expect(location().search).toEqual({ lib: OTHER });
  });

  it("an admin under /admin has files, documents and settings; without 'use luma-media' no tab and no documents call", async () => {
    await mountApp('/admin/integrations/page/luma-media?tab=documents');
    expect(await screen.findByTestId('documents-panel')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Files', 'Documents', 'Settings']);
    cleanup();
    media.isAdmin = false;
    media.permissions = ['upload luma-media'];
    media.calls = [];
    await mountApp('/home/integrations/page/luma-media?tab=documents');
    await screen.findByTestId('media-no-permissions');
    expect(screen.queryByTestId('media-tab-documents')).toBeNull();
    expect(media.calls.filter((c) => c.path.startsWith('/api/integration'))).toEqual([]);
  });
});

describe('the settings tab', () => {
  it('updates the library (secret masked) and removes it after the question', async () => {
    media.libraries = [
      library(LIB, 'Bucket', { provider: 's3', s3_bucket: 'b1', s3_key: 'AKIA01', s3_secret: '__PASSWORD__', s3_endpoint: 'http://127.0.0.1:9000', s3_region: 'us-east-1', host: 'https://cdn.example.com' }),
      library('lib-2', 'Local'),
    ];
    await mountApp(`${ADMIN_PAGE}/settings?lib=${LIB}`);
    const form = await screen.findByTestId('media-library-form');
    expect((within(form).getByTestId('media-lib-provider') as HTMLSelectElement).disabled).toBe(true);
    const secret = within(form).getByTestId('media-lib-s3_secret') as HTMLInputElement;
    expect(secret.type).toBe('password');
    expect(secret.value).toBe('__PASSWORD__');
    fireEvent.change(within(form).getByTestId('media-lib-name'), { target: { value: 'X' } });
    fireEvent.click(within(form).getByTestId('media-lib-save'));
    expect(toasts()).toContain('someFieldsAreNotValid');
    fireEvent.change(within(form).getByTestId('media-lib-name'), { target: { value: 'Bucket two' } });
    fireEvent.click(within(form).getByTestId('media-lib-save'));
    await waitFor(() => expect(toasts()).toContain('librarySettingsUpdated'));
    const update = mediaCalls(`/v1/dms/media/library/${LIB}`).find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(update).toMatchObject({ name: 'Bucket two', s3_secret: '__PASSWORD__', s3_bucket: 'b1', host: 'https://cdn.example.com' });
    expect(update.provider).toBeUndefined();

    media.fail[`POST /api/media/v1/dms/media/library/${LIB}`] = { status: 409, body: { message: 'libraryNotFound' } };
    // The form reloads from the answer: a new element.
    fireEvent.click(within(await screen.findByTestId('media-library-form')).getByTestId('media-lib-save'));
    await waitFor(() => expect(toasts()).toContain('failedToUpdateLibrary'));

    fireEvent.click(screen.getByTestId('media-lib-remove'));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain('This removes the library "Bucket two" and its files.');
    fireEvent.click(screen.getByTestId('confirm-accept'));
    await waitFor(() => expect(toasts()).toContain('libraryRemoved'));
    await waitFor(() => expect(location().pathname).toBe(ADMIN_PAGE));
    await waitFor(() => expect(screen.getByTestId('media-library-name').textContent).toBe('Local'));
  });

  it('a failed removal says failedToRemoveLibrary', async () => {
    media.fail[`DELETE /api/media/v1/dms/media/library/${LIB}`] = { status: 409, body: { message: 'dirNotEmpty' } };
    await mountApp(`${ADMIN_PAGE}/settings`);
    fireEvent.click(await screen.findByTestId('media-lib-remove'));
    fireEvent.click(await screen.findByTestId('confirm-accept'));
    await waitFor(() => expect(toasts()).toContain('failedToRemoveLibrary'));
    expect(screen.getByTestId('media-settings-error').textContent).toBe('The directory is not empty.');
  });
});

describe('MediaBrowser in library mode (the widgets embed it)', () => {
  it('grid 3/2, its own directory, and the chosen files handed to onPick', async () => {
    media.files = [dir('d'), file('d/a.png'), file('d/b.png')];
    const onPick = vi.fn();
    render(withIntl(
      <QueryClientProvider client={createQueryClient()}>
        <MediaBrowser mode="library" onPick={onPick} />
      </QueryClientProvider>,
    ));
    const browser = await screen.findByTestId('media-browser');
    expect(browser.className).toContain('media-library');
    fireEvent.click(await screen.findByTestId('media-dir'));
    await waitFor(() => expect(cards()).toEqual(['d/a.png', 'd/b.png']));
    fireEvent.click(screen.getAllByTestId('media-file')[0]!);
    fireEvent.click(screen.getAllByTestId('media-file')[1]!, { metaKey: true });
    fireEvent.click(screen.getByTestId('media-pick'));
    expect(onPick.mock.calls[0]![0].map((f: { key: string }) => f.key)).toEqual(['d/a.png', 'd/b.png']);
    fireEvent.doubleClick(screen.getAllByTestId('media-file')[0]!);
    expect(onPick.mock.calls[1]![0].map((f: { key: string }) => f.key)).toEqual(['d/a.png']);
    expect(screen.queryByTestId('media-share')).toBeNull();
  });

  it('offers only the allowed libraries, picks one file when multiple is off, and only files accept takes', async () => {
    media.libraries = [library(LIB, 'Photos'), library('lib-2', 'Docs'), library('lib-3', 'Other')];
    media.files = [file('a.png'), file('b.txt', { mime_type: 'text/plain' })];
    const onPick = vi.fn();
    render(withIntl(
      <QueryClientProvider client={createQueryClient()}>
        <MediaBrowser mode="library" libraries={[LIB, 'lib-2']} multiple={false} accept={(f) => f.mime_type.startsWith('image/')} onPick={onPick} />
      </QueryClientProvider>,
    ));
    const select = (await screen.findByTestId('media-library-select')) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.value)).toEqual([LIB, 'lib-2']);
    await waitFor(() => expect(cards()).toEqual(['a.png', 'b.txt']));
    fireEvent.click(screen.getAllByTestId('media-file')[0]!);
    fireEvent.click(screen.getAllByTestId('media-file')[1]!, { ctrlKey: true });
    expect(screen.getAllByTestId('media-file').map((c) => c.getAttribute('aria-pressed'))).toEqual(['false', 'true']);
    expect((screen.getByTestId('media-pick') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.doubleClick(screen.getAllByTestId('media-file')[1]!);
    expect(onPick).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByTestId('media-file')[0]!);
    fireEvent.click(screen.getByTestId('media-pick'));
    expect(onPick.mock.calls[0]![0].map((f: { key: string }) => f.key)).toEqual(['a.png']);
  });
});
