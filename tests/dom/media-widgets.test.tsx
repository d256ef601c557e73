// The media widgets (renderers/controls/input/Image.tsx, input/File.tsx, image/Carousel.tsx) on fields
// compiled by the real compiler: the Source dropdown as spec section 6 allows, the chooser's three
// types, the values each stores, the carousel's limits, and the list thumbnails.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { MediaFile } from '../../runtime/api/media';
import { MediaWidgetsProvider, NO_MEDIA_SERVICES, type MediaBrowserProps, type MediaWidgetServices } from '../../renderers/controls/media/MediaWidgetsContext';
import { CellContent, useCellRenderers } from '../../renderers/screens/list/CellContent';
import { useRecordForm } from '../../renderers/screens/useRecordForm';
import { RecordForm } from '../../renderers/screens/RecordForm';
import type { ViewSchema } from '../../schemas';
import { compile, field, noScripts, withIntl, type FieldInput } from './harness';
import { withFakeTimeouts } from './timers';

const LIB = '0b7c3a51-2f1e-4c1d-9a51-6f0a3c2b1d10';
const url = (key: string) => `/media/library/${LIB}/get/${key}`;

function file(key: string): MediaFile {
  return { uuid: `f-${key}`, key, name: key.split('/').pop()!, orig_name: key, ext: key.split('.').pop()!, size: 10, mime_type: 'image/png', local_url: url(key), public_url: null, public: false, created_by: null, metadata: {}, status: 'ready', public_path: null, library_uuid: LIB, expires_at: null, created_at: '', updated_at: '' };
}

/** A stand-in for the media screen's browser: one button per file, picking it. */
function FakeBrowser({ onPick, accept }: MediaBrowserProps) {
  const files = [file('a.png'), file('docs/report.pdf'), file('b.webp')];
  return (
    <div>
      {files.map((f) => (
        <button key={f.key} type="button" disabled={accept ? !accept(f) : false} onClick={() => onPick([f])}>
          pick {f.key}
        </button>
      ))}
    </div>
  );
}

function services(over: Partial<MediaWidgetServices> = {}): MediaWidgetServices {
  return {
    integrationActive: true,
    runMode: 'platform',
    MediaBrowser: FakeBrowser,
    libraries: async () => [{ uuid: LIB } as never],
    upload: async (files) => files.map((f) => ({ library_uuid: LIB, key: `uploads/${f.name}`, public_url: null })),
    ...over,
  };
}

const submitted = vi.fn();

function Form({ view, record, onForm }: { view: ViewSchema; record?: Record<string, unknown>; onForm: (form: ReturnType<typeof useRecordForm>) => void }) {
  const form = useRecordForm({ view, record: record ?? null, page: record ? 'model_edit' : 'model_create', locale: 'en_US', runScript: noScripts });
  onForm(form);
  return <RecordForm view={view} form={form} onSubmit={submitted} />;
}

function mount(fields: FieldInput[], options: { record?: Record<string, unknown>; media?: MediaWidgetServices } = {}) {
  let form: ReturnType<typeof useRecordForm> | null = null;
  const view = compile(fields, { page: options.record ? 'model_edit' : 'model_create' });
  const ui: ReactElement = (
    <MediaWidgetsProvider value={options.media ?? services()}>
      <Form view={view} record={options.record} onForm={(f) => (form = f)} />
    </MediaWidgetsProvider>
  );
  const result = render(withIntl(ui));
  return { ...result, value: (key: string) => form!.store.value(key) };
}

function sourcesOf(key: string): string[] {
  const trigger = screen.queryByTestId(`media-source-${key}`);
  if (!trigger) return [];
  fireEvent.click(trigger);
  const items = screen.queryAllByRole('menuitem').map((item) => item.getAttribute('data-testid')!.replace('media-source-', ''));
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
  return items;
}

function choose(key: string, source: string) {
  fireEvent.click(screen.getByTestId(`media-source-${key}`));
  fireEvent.click(screen.getByTestId(`media-source-${source}`));
  return screen.getByTestId('media-chooser');
}

describe('the Source dropdown (spec section 6)', () => {
  it('offers library, device and external in the platform with luma-media active', () => {
    mount([field('photo', 'input', 'imagev2')]);
    expect(sourcesOf('photo')).toEqual(['library', 'device', 'external']);
  });

  it('hides the chooser of a protected field', () => {
    mount([field('photo', 'input', 'imagev2', { protected: true }), field('doc', 'input', 'file', { protected: true })]);
    expect(screen.queryByTestId('media-source-photo')).toBeNull();
    expect(screen.queryByTestId('media-source-doc')).toBeNull();
  });

  it('offers only the external source while luma-media is deactivated', () => {
    mount([field('photo', 'input', 'imagev2')], { media: services({ integrationActive: false }) });
    expect(sourcesOf('photo')).toEqual(['external']);
  });

  it('offers no library outside the platform run mode, and nothing but external with no provider', () => {
    mount([field('photo', 'input', 'image')], { media: services({ runMode: 'public' }) });
    expect(sourcesOf('photo')).toEqual(['device', 'external']);
  });

  it('follows the field custom_data switches; a file field has no external source unless set', () => {
    mount([
      field('photo', 'input', 'imagev2', { constraints: { custom_data: { chooseFromLibrary: false, chooseExternalSource: false } } }),
      field('doc', 'input', 'file'),
    ]);
    expect(sourcesOf('photo')).toEqual(['device']);
    expect(sourcesOf('doc')).toEqual(['library', 'device']);
  });

  it('without any provider a widget offers the external source only', () => {
    mount([field('photo', 'input', 'imagev2')], { media: NO_MEDIA_SERVICES });
    expect(sourcesOf('photo')).toEqual(['external']);
  });
});

describe('input image and image v2', () => {
  it('shows the old string value of an image v2 field', () => {
    const { container } = mount([field('photo', 'input', 'imagev2')], { record: { photo: url('old/cat.png') } });
    expect(container.querySelector('img.media-image-preview')?.getAttribute('src')).toBe(url('old/cat.png'));
    expect(screen.getByText('cat.png')).toBeTruthy();
  });

  it('stores {localURL, publicURL} from the library for image v2, and the path for the old type', () => {
    const { value } = mount([field('photo', 'input', 'imagev2'), field('legacy', 'input', 'image')]);
    let chooser = choose('photo', 'library');
    expect(within(chooser).getByText('pick docs/report.pdf').hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(chooser).getByText('pick a.png'));
    expect(value('photo')).toEqual({ localURL: url('a.png'), publicURL: '' });
    chooser = choose('legacy', 'library');
    fireEvent.click(within(chooser).getByText('pick b.webp'));
    expect(value('legacy')).toBe(url('b.webp'));
  });

  it('uploads from the device into the default library under subDir, public when publicUpload is on', async () => {
    const upload = vi.fn(services().upload);
    const { value } = mount([field('photo', 'input', 'imagev2', { constraints: { custom_data: { defaultLibrary: LIB, subDir: '/products/', publicUpload: true } } })], {
      media: services({ upload }),
    });
    const chooser = choose('photo', 'device');
    const picked = new File(['png'], 'shoe.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.change(within(chooser).getByTestId('media-device-input'), { target: { files: [picked] } });
    });
    await waitFor(() => expect(value('photo')).toEqual({ localURL: url('uploads/shoe.png'), publicURL: '' }));
    expect(upload.mock.calls[0]![1]).toMatchObject({ libraryUuid: LIB, path: 'products', isPublic: true, fieldKey: 'photo' });
  });

  it('refuses a device file that is not an image, and shows the upload failure', async () => {
    const upload = vi.fn(async () => {
      throw new Error('The disk is on fire');
    });
    mount([field('photo', 'input', 'imagev2')], { media: services({ upload }) });
    const chooser = choose('photo', 'device');
    fireEvent.change(within(chooser).getByTestId('media-device-input'), { target: { files: [new File(['x'], 'notes.txt')] } });
    expect(within(chooser).getByTestId('media-device-error').textContent).toMatch(/notes.txt is not an allowed file type/);
    expect(upload).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.change(within(chooser).getByTestId('media-device-input'), { target: { files: [new File(['x'], 'a.jpg')] } });
    });
    await waitFor(() => expect(within(chooser).getByTestId('media-device-error').textContent).toBe('The disk is on fire'));
  });

  it('takes an external http(s) URL only, without submitting the record form around it', () => {
    submitted.mockClear();
    const { value } = mount([field('photo', 'input', 'imagev2')]);
    const chooser = choose('photo', 'external');
    fireEvent.change(within(chooser).getByTestId('media-external-url'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(chooser).getByTestId('media-external-add'));
    expect(within(chooser).getByRole('alert').textContent).toMatch(/http/);
    expect(value('photo') ?? null).toBeNull();
    fireEvent.change(within(chooser).getByTestId('media-external-url'), { target: { value: 'https://cdn.example.com/a.jpg' } });
    fireEvent.click(within(chooser).getByTestId('media-external-add'));
    expect(value('photo')).toEqual({ localURL: '', publicURL: 'https://cdn.example.com/a.jpg' });
    expect(submitted).not.toHaveBeenCalled();
  });

  it('removes the image', () => {
    const { value } = mount([field('photo', 'input', 'imagev2')], { record: { photo: { localURL: url('a.png'), publicURL: '' } } });
    fireEvent.click(screen.getByTestId('media-remove-photo'));
    expect(value('photo')).toBeNull();
  });
});

describe('input file', () => {
  it('stores one path, or a list when multiple, with the allowed extensions only', () => {
    const { value } = mount([
      field('doc', 'input', 'file', { constraints: { custom_data: { extensions: ['pdf'] } } }),
      field('docs', 'input', 'file', { constraints: { custom_data: { multiple: true } } }),
    ]);
    let chooser = choose('doc', 'library');
    expect(within(chooser).getByText('pick a.png').hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(chooser).getByText('pick docs/report.pdf'));
    expect(value('doc')).toBe(url('docs/report.pdf'));
    expect(screen.getByText('Allowed: pdf')).toBeTruthy();
    chooser = choose('docs', 'library');
    fireEvent.click(within(chooser).getByText('pick a.png'));
    chooser = choose('docs', 'library');
    fireEvent.click(within(chooser).getByText('pick docs/report.pdf'));
    expect(value('docs')).toEqual([url('a.png'), url('docs/report.pdf')]);
    fireEvent.click(screen.getByTestId('media-remove-docs-0'));
    expect(value('docs')).toEqual([url('docs/report.pdf')]);
  });
});

describe('image carousel', () => {
  const carousel = (custom: Record<string, unknown> = {}, rest: Partial<FieldInput> = {}) => field('gallery', 'image', 'carousel', { constraints: { custom_data: custom }, ...rest });

  it('adds images up to max_images and refuses more with maxNrOfImagesExceeded', () => {
    const { value } = mount([carousel({ max_images: 2 })]);
    for (const key of ['a.png', 'b.webp']) {
      const chooser = choose('gallery', 'library');
      fireEvent.click(within(chooser).getByText(`pick ${key}`));
    }
    expect(value('gallery')).toEqual([
      { localURL: url('a.png'), publicURL: '' },
      { localURL: url('b.webp'), publicURL: '' },
    ]);
    expect(screen.getByText('2 of 2 images')).toBeTruthy();
    fireEvent.click(screen.getByTestId('media-source-gallery'));
    fireEvent.click(screen.getByTestId('media-source-library'));
    expect(screen.queryByTestId('media-chooser')).toBeNull();
    expect(screen.getByTestId('media-exceeded-gallery').textContent).toBe('Maximum number of images exceeded');
  });

  it('shows the images 1024 by 480 with controls and the position, and clears after confirmation', () => {
    const images = ['a.png', 'b.png', 'c.png'].map((k) => ({ localURL: url(k), publicURL: '' }));
    const { container, value } = mount([carousel()], { record: { gallery: images } });
    const stage = container.querySelector('.carousel-stage') as HTMLElement;
    expect(stage.style.aspectRatio).toBe('1024 / 480');
    expect(screen.getByTestId('carousel-count').textContent).toBe('1 / 3');
    fireEvent.click(screen.getByTestId('carousel-prev'));
    expect(screen.getByTestId('carousel-count').textContent).toBe('3 / 3');
    expect(container.querySelector('img.carousel-slide')?.getAttribute('src')).toBe(url('c.png'));
    fireEvent.click(screen.getByTestId('media-clear-gallery'));
    expect(within(screen.getByTestId('media-clear-confirm')).getByText('Remove all images?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('media-clear-yes'));
    expect(value('gallery')).toBeNull();
  });

  it('moves on by itself every interval ms when interval is set, and not at all with interval 0', () => {
    const images = ['a.png', 'b.png', 'c.png'].map((k) => ({ localURL: url(k), publicURL: '' }));
    withFakeTimeouts((advance) => {
      mount([field('auto', 'image', 'carousel', { constraints: { custom_data: { interval: 1000 } } }), field('still', 'image', 'carousel')], { record: { auto: images, still: images } });
      const [auto, still] = screen.getAllByTestId('carousel-count');
      advance(999);
      expect(auto!.textContent).toBe('1 / 3');
      advance(1);
      expect(auto!.textContent).toBe('2 / 3');
      advance(1000);
      expect(auto!.textContent).toBe('3 / 3');
      advance(1000);
      expect(auto!.textContent).toBe('1 / 3');
      expect(still!.textContent).toBe('1 / 3');
    });
  });

  it('reports maxNrOfImages for a required carousel holding too many', async () => {
    const images = ['a.png', 'b.png', 'c.png'].map((k) => ({ localURL: url(k), publicURL: '' }));
    mount([carousel({ max_images: 2 }, { constraints: { required: true, custom_data: { max_images: 2 } } })], { record: { gallery: images } });
    fireEvent.click(screen.getByTestId('media-remove-gallery-2'));
    fireEvent.click(screen.getByTestId('media-remove-gallery-1'));
    fireEvent.click(screen.getByTestId('media-remove-gallery-0'));
    await waitFor(() => expect(screen.getByTestId('field-error-gallery').textContent).toBe('This is a required field'));
  });
});

describe('list cells', () => {
  const view = compile([field('photo', 'input', 'imagev2'), field('gallery', 'image', 'carousel'), field('doc', 'input', 'file')]);
  function Cell({ k, row }: { k: string; row: Record<string, unknown> }) {
    const renderers = useCellRenderers(view);
    return (
      <div data-testid="cell">
        <CellContent column={{ key: k, label: k, virtual: false, sortable: false, formatter: null }} row={{ uuid: 'r', ...row } as never} formatted={undefined} renderers={renderers} locale="en_US" />
      </div>
    );
  }
  it('show image thumbnails (old values too), three at most, and file names', () => {
    const { unmount } = render(withIntl(<Cell k="photo" row={{ photo: url('old.png') }} />));
    expect(screen.getByTestId('cell').querySelector('img')?.getAttribute('src')).toBe(`/media/library/${LIB}/preview/old.png`);
    // A preview that fails falls back to the file itself.
    fireEvent.error(screen.getByTestId('cell').querySelector('img')!);
    expect(screen.getByTestId('cell').querySelector('img')?.getAttribute('src')).toBe(url('old.png'));
    unmount();
    const images = ['a', 'b', 'c', 'd', 'e'].map((k) => ({ localURL: url(`${k}.png`), publicURL: '' }));
    const second = render(withIntl(<Cell k="gallery" row={{ gallery: images }} />));
    expect(screen.getByTestId('cell').querySelectorAll('img')).toHaveLength(3);
    expect(screen.getByTestId('cell').textContent).toBe('+2');
    second.unmount();
    render(withIntl(<Cell k="doc" row={{ doc: url('docs/report%20one.pdf') }} />));
    expect(screen.getByTestId('cell').textContent).toBe('report one.pdf');
  });
});
