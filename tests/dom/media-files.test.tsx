// The media library screen's files tab (spec section 2 "Media library screen", sections 4, 5, 6 and
// 8) mounted in the whole app against a fake media host (media-harness.tsx): paging, cards, selection,
// directories, search, and the new directory, move, details, share and upload dialogs.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MEDIA_PAGE_SIZE } from '../../runtime/api/media';
import { UploadFailed } from '../../runtime/media/upload';
import { reportErrorStore } from '../../src/app/api/reportError';
import { ALL_MEDIA, dir, file, LIB, location, media, mediaCalls, mountApp, uploads } from './media-harness';
import { ADMIN_PAGE, cards, listBodies, toasts } from './media-screen-helpers';

describe('the files tab', () => {
  it('loads 12 at a time by last key and stops after a short page', async () => {
    media.files = Array.from({ length: 30 }, (_, i) => file(`f${String(i).padStart(2, '0')}.txt`, { size: 1536 }));
    await mountApp(ADMIN_PAGE);
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(listBodies()[0]).toMatchObject({ library_uuid: LIB, path: '', last_key: null, limit: MEDIA_PAGE_SIZE });
    fireEvent.click(screen.getByTestId('media-load-more'));
    await waitFor(() => expect(cards()).toHaveLength(24));
    expect(listBodies()[1]).toMatchObject({ last_key: 'f11.txt' });
    fireEvent.click(screen.getByTestId('media-load-more'));
    await waitFor(() => expect(cards()).toHaveLength(30));
    expect(screen.queryByTestId('media-load-more')).toBeNull();
    expect(listBodies()).toHaveLength(3);
    // Cards: names cut at 15, sizes in KB.
    expect(screen.getAllByTestId('media-file-size')[0]!.textContent).toBe('1.5 KB');
  });

  it('cards: names cut at 15, previews for images only', async () => {
    media.files = [file('a-very-long-photo-name.png'), file('notes.txt', { mime_type: 'text/plain' }), dir('albums')];
    await mountApp(ADMIN_PAGE);
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [photo, notes] = screen.getAllByTestId('media-file');
    expect(photo!.textContent).toContain('a-very-long-pho…');
    expect(photo!.getAttribute('title')).toBe('a-very-long-photo-name.png');
    expect(within(photo!).getByTestId('media-preview').getAttribute('src')).toBe(`/media/library/${LIB}/preview/a-very-long-photo-name.png`);
    expect(within(notes!).queryByTestId('media-preview')).toBeNull();
    expect(screen.getByTestId('media-dir').textContent).toContain('albums');
  });

  it('a click selects one, ctrl/meta toggles; download needs one file, delete asks first', async () => {
    media.files = [file('a.png'), file('b.png'), file('c.png')];
    await mountApp(ADMIN_PAGE);
    await waitFor(() => expect(cards()).toHaveLength(3));
    const card = (key: string) => screen.getAllByTestId('media-file').find((c) => c.dataset.key === key)!;
    const selected = () => screen.getAllByTestId('media-file').filter((c) => c.getAttribute('aria-pressed') === 'true').map((c) => c.dataset.key);
    expect(screen.queryByTestId('media-download')).toBeNull();
    expect(screen.queryByTestId('media-delete')).toBeNull();
    fireEvent.click(card('a.png'));
    fireEvent.click(card('b.png'));
    expect(selected()).toEqual(['b.png']);
    fireEvent.click(card('c.png'), { ctrlKey: true });
    fireEvent.click(card('a.png'), { metaKey: true });
    expect(selected()).toEqual(['a.png', 'b.png', 'c.png']);
    fireEvent.click(card('b.png'), { ctrlKey: true });
    expect(selected()).toEqual(['a.png', 'c.png']);
    expect(screen.queryByTestId('media-download')).toBeNull();

    fireEvent.click(screen.getByTestId('media-delete'));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain('The 2 selected files will be deleted.');
    fireEvent.click(screen.getByTestId('confirm-accept'));
    await waitFor(() => expect(cards()).toEqual(['b.png']));
    expect(mediaCalls('/v2/dms/media/delete')[0]!.body).toEqual({ library_uuid: LIB, items: ['a.png', 'c.png'] });

    fireEvent.click(card('b.png'));
    fireEvent.click(screen.getByTestId('media-download'));
    await waitFor(() => expect(mediaCalls('/download')).toHaveLength(1));
    expect(mediaCalls('/download')[0]!.body).toEqual({ key: 'b.png' });
  });

  it('directories: the hash holds the directory; changing it clears selection and search; delete directory not at the root', async () => {
    media.files = [dir('albums'), file('top.png'), dir('albums/2024'), file('albums/beach.png'), file('albums/2024/sea.png')];
    await mountApp(`${ADMIN_PAGE}?lib=${LIB}`);
    await waitFor(() => expect(cards()).toEqual(['top.png']));
    expect(screen.queryByTestId('media-deleteDir')).toBeNull();
    fireEvent.click(screen.getByTestId('media-file'));
    fireEvent.change(screen.getByTestId('media-search'), { target: { value: 'to' } });
    fireEvent.click(screen.getByTestId('media-dir'));
    await waitFor(() => expect(location().hash).toBe('albums'));
    expect(location().search).toEqual({ lib: LIB });
    await waitFor(() => expect(cards()).toEqual(['albums/beach.png']));
    expect((screen.getByTestId('media-search') as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('media-selection')).toBeNull();
    expect(listBodies().at(-1)).toMatchObject({ path: 'albums' });
    expect(screen.getAllByTestId('media-crumb').map((c) => c.textContent)).toEqual(['albums']);

    // Deeper, then back with the breadcrumb's home link.
    fireEvent.click(screen.getByTestId('media-dir'));
    await waitFor(() => expect(location().hash).toBe('albums/2024'));
    await waitFor(() => expect(cards()).toEqual(['albums/2024/sea.png']));
    fireEvent.click(screen.getByTestId('media-deleteDir'));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain('This removes the directory "albums/2024" and everything in it.');
    fireEvent.click(screen.getByTestId('confirm-accept'));
    await waitFor(() => expect(location().hash).toBe('albums'));
    expect(mediaCalls('/delete/dir')[0]!.body).toEqual({ path: 'albums/2024' });
    fireEvent.click(screen.getByTestId('media-home'));
    await waitFor(() => expect(location().hash).toBe(''));
    await waitFor(() => expect(cards()).toEqual(['top.png']));
  });

  it('the search waits for a pause, and clearing it restores the listing', async () => {
    media.files = [file('cat.png'), file('dog.png'), file('catalog.pdf')];
    await mountApp(ADMIN_PAGE);
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.change(screen.getByTestId('media-search'), { target: { value: 'cat' } });
    await waitFor(() => expect(cards()).toEqual(['cat.png', 'catalog.pdf']));
    expect(listBodies().at(-1)).toMatchObject({ search: 'cat', path: '' });
    fireEvent.click(screen.getByTestId('media-search-clear'));
    await waitFor(() => expect(cards()).toHaveLength(3));
  });

  it('a new directory: name required, min 2, slash stripped; errors block with someFieldsAreNotValid', async () => {
    await mountApp(ADMIN_PAGE);
    await screen.findByTestId('media-empty');
    fireEvent.click(screen.getByTestId('media-newDir'));
    const modal = await screen.findByTestId('media-newdir-modal');
    const name = within(modal).getByTestId('media-dir-name') as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'a/' } });
    expect(name.value).toBe('a');
    fireEvent.click(within(modal).getByTestId('media-dir-create'));
    expect(toasts()).toContain('someFieldsAreNotValid');
    expect(within(modal).getByRole('alert').textContent).toBe("Can't be less then 2 characters");
    expect(mediaCalls('/dir')).toHaveLength(0);
    fireEvent.change(name, { target: { value: 'ph/otos' } });
    fireEvent.click(within(modal).getByTestId('media-dir-create'));
    await waitFor(() => expect(screen.getByTestId('media-dir').dataset.key).toBe('photos'));
    expect(mediaCalls('/dir')[0]!.body).toEqual({ path: 'photos' });
  });

  it('moves the selected files to a directory chosen in the tree, after the question', async () => {
    media.files = [dir('albums'), dir('albums/2024'), file('a.png'), file('b.png')];
    await mountApp(ADMIN_PAGE);
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId('media-file')[0]!);
    fireEvent.click(screen.getAllByTestId('media-file')[1]!, { ctrlKey: true });
    fireEvent.click(screen.getByTestId('media-move'));
    const modal = await screen.findByTestId('media-move-modal');
    await within(modal).findByText('albums');
    fireEvent.click(within(modal).getByTestId('media-tree-toggle'));
    fireEvent.click(await within(modal).findByText('2024'));
    fireEvent.click(within(modal).getByTestId('media-move-confirm'));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain('The selected files will be moved to the selected directory.');
    fireEvent.click(screen.getByTestId('confirm-accept'));
    await waitFor(() => expect(cards()).toEqual([]));
    expect(mediaCalls('/media/move')[0]!.body).toEqual({ library_uuid: LIB, path: 'albums/2024', items: ['a.png', 'b.png'] });
    expect(mediaCalls('/dirs').map((c) => c.body)).toEqual([{ path: '' }, { path: 'albums' }]);
  });

  it('file details save name, public flag and metadata (empty entries dropped)', async () => {
    media.files = [file('a.png', { metadata: { alt: 'A' } })];
    await mountApp(ADMIN_PAGE);
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.doubleClick(screen.getByTestId('media-file'));
    const modal = await screen.findByTestId('media-details-modal');
    expect(within(modal).getByTestId('media-details-url').textContent).toBe(`http://localhost:3000/media/library/${LIB}/get/a.png`.replace('http://localhost:3000', window.location.origin));
    fireEvent.change(within(modal).getByTestId('media-details-name'), { target: { value: 'my photo.png' } });
    fireEvent.click(within(modal).getByTestId('media-details-public'));
    fireEvent.click(within(modal).getByTestId('media-meta-add'));
    fireEvent.click(within(modal).getByTestId('media-details-save'));
    await waitFor(() => expect(toasts()).toContain('media.fileSaved'));
    expect(mediaCalls('/v1/media/edit/uuid-a.png')[0]!.body).toEqual({ name: 'my_photo.png', public: true, metadata: { alt: 'A' }, expiresAt: null });
  });

  it('shares a private file as a link or by e-mail; the date on 5-minute steps, not in the past', async () => {
    media.files = [file('a.png')];
    await mountApp(ADMIN_PAGE);
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('media-file'));
    fireEvent.click(screen.getByTestId('media-share'));
    const modal = await screen.findByTestId('media-share-modal');
    const date = within(modal).getByTestId('media-share-date') as HTMLInputElement;
    expect(date.step).toBe('300');
    fireEvent.change(date, { target: { value: '2020-01-01T10:00' } });
    expect(within(modal).getByRole('alert').textContent).toBe('The expiry cannot be in the past.');
    fireEvent.change(date, { target: { value: '2099-01-01T10:03' } });
    expect(within(modal).getByRole('alert').textContent).toBe('Choose a time on a 5-minute step.');
    fireEvent.change(date, { target: { value: '2099-01-01T10:05' } });
    fireEvent.click(within(modal).getByTestId('media-share-email'));
    fireEvent.change(within(modal).getByTestId('media-share-emails'), { target: { value: 'ana@example.com, nope' } });
    fireEvent.click(within(modal).getByTestId('media-share-submit'));
    expect(toasts()).toContain('someFieldsAreNotValid');
    fireEvent.change(within(modal).getByTestId('media-share-emails'), { target: { value: 'ana@example.com,\nbo@example.com' } });
    fireEvent.click(within(modal).getByTestId('media-share-submit'));
    expect((await within(modal).findByTestId('media-share-url')).textContent).toContain(`/media/library/${LIB}/get/a.png?token=signed`);
    expect(mediaCalls('/share')[0]!.body).toEqual({ key: 'a.png', date: new Date('2099-01-01T10:05').toISOString(), type: 'email', emails: ['ana@example.com', 'bo@example.com'] });
  });

  it('uploads with progress per file through the upload machine, private by default, into the current directory; cancel one', async () => {
    media.files = [dir('docs')];
    await mountApp(`${ADMIN_PAGE}#docs`);
    await screen.findByTestId('media-empty');
    fireEvent.click(screen.getByTestId('media-upload'));
    const modal = await screen.findByTestId('media-upload-modal');
    expect((within(modal).getByTestId('media-upload-public') as HTMLInputElement).checked).toBe(false);
    uploads.hold = true;
    const files = [new File(['x'.repeat(100)], 'one.png', { type: 'image/png' }), new File(['y'.repeat(10)], 'two.txt')];
    fireEvent.change(within(modal).getByTestId('media-upload-input'), { target: { files } });
    fireEvent.click(within(modal).getByTestId('media-meta-add'));
    fireEvent.change(within(modal).getByTestId('media-meta-key'), { target: { value: 'alt' } });
    fireEvent.change(within(modal).getByTestId('media-meta-value'), { target: { value: 'Sea' } });
    fireEvent.click(within(modal).getByTestId('media-upload-start'));
    await waitFor(() => expect(uploads.pending).toHaveLength(2));
    const statuses = () => within(modal).getAllByTestId('media-upload-status').map((s) => s.textContent);
    expect(statuses()).toEqual(['50%', '50%']);
    // Cancel the second; the first completes.
    fireEvent.click(within(modal).getAllByTestId('media-upload-cancel')[1]!);
    await waitFor(() => expect(statuses()).toEqual(['50%', 'Cancelled']));
    act(() => uploads.pending[0]!());
    await waitFor(() => expect(toasts()).toContain('media.uploaded'));
    expect(media.uploads[0]).toEqual({ target: { libraryUuid: LIB, path: 'docs', isPublic: false, expiresAt: null, metadata: { alt: 'Sea' } }, file: 'one.png' });
    await waitFor(() => expect(cards()).toEqual(['docs/one.png']));
  });

  it('an upload failure shows the server message; a 5xx opens the report modal; a lost result continues in the background', async () => {
    await mountApp(ADMIN_PAGE);
    await screen.findByTestId('media-empty');
    fireEvent.click(screen.getByTestId('media-upload'));
    const modal = await screen.findByTestId('media-upload-modal');
    uploads.failure = new UploadFailed(0, 413, 'quotaExceeded');
    fireEvent.change(within(modal).getByTestId('media-upload-input'), { target: { files: [new File(['x'], 'a.png')] } });
    fireEvent.click(within(modal).getByTestId('media-upload-start'));
    expect((await within(modal).findByTestId('media-upload-error')).textContent).toBe('The library has no room for this file: its allowed storage is used up.');
    uploads.failure = new UploadFailed(0, 500, 'serverError');
    fireEvent.click(within(modal).getByTestId('media-upload-start'));
    await waitFor(() => expect(reportErrorStore.get().open).toBe(true));
    uploads.failure = null;
    uploads.background = true;
    fireEvent.click(within(modal).getByTestId('media-upload-start'));
    await waitFor(() => expect(toasts()).toContain('media.uploadInBackground'));
    expect(toasts()).not.toContain('media.uploaded');
  });

  it('a list failure says Unable to load media file (section 8)', async () => {
    media.fail['POST /api/media/v1/dms/media/list'] = { status: 400, body: { message: 'invalidKey' } };
    await mountApp(ADMIN_PAGE);
    expect((await screen.findByTestId('media-list-error')).textContent).toBe('Unable to load media file');
  });

  it('an action failure other than 500 shows the server message in a dialog; a 500 opens the server-error modal', async () => {
    media.files = [file('a.png')];
    media.fail['POST /api/media/v2/dms/media/delete'] = { status: 403, body: { message: 'forbidden' } };
    await mountApp(ADMIN_PAGE);
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('media-file'));
    fireEvent.click(screen.getByTestId('media-delete'));
    fireEvent.click(await screen.findByTestId('confirm-accept'));
    expect((await screen.findByTestId('media-error-message')).textContent).toBe('You do not have permission to do this.');
    fireEvent.click(screen.getByTestId('media-error-ok'));
    media.fail['POST /api/media/v2/dms/media/delete'] = { status: 500, body: { message: 'serverError' } };
    fireEvent.click(screen.getByTestId('media-delete'));
    fireEvent.click(await screen.findByTestId('confirm-accept'));
    await waitFor(() => expect(reportErrorStore.get().open).toBe(true));
    expect(screen.queryByTestId('media-error-dialog')).toBeNull();
  });

  it('actions follow the six permissions', async () => {
    media.isAdmin = false;
    media.permissions = ['use luma-media', 'download luma-media'];
    media.files = [dir('d'), file('d/a.png')];
    await mountApp('/home/integrations/page/luma-media#d');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryByTestId('media-upload')).toBeNull();
    expect(screen.queryByTestId('media-newDir')).toBeNull();
    expect(screen.queryByTestId('media-deleteDir')).toBeNull();
    fireEvent.click(screen.getByTestId('media-file'));
    expect(screen.getByTestId('media-download')).toBeTruthy();
    expect(screen.queryByTestId('media-delete')).toBeNull();
    // Standalone under /home: files and documents, no settings tab, no new library.
    expect(screen.queryByTestId('media-tab-settings')).toBeNull();
    expect(screen.getByTestId('media-tab-documents')).toBeTruthy();
    expect(screen.queryByTestId('media-library-new')).toBeNull();
    expect(ALL_MEDIA).toHaveLength(6);
  });
});
