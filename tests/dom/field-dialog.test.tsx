// The field dialog shows only what applies to the chosen module and type (issue 29 item 3): an image
// field's options are words with help, its media libraries are picked from the project's libraries
// (not typed as comma-separated uuids), each image type says what it is, a yes/no checkbox asks for no
// Items, Range, Relationship or Hashed, and a relation select has its Relationship.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '../../runtime/components';
import type { ComponentModel } from '../../runtime/client/components';
import { declareFieldTypes } from '../../runtime/fieldTypes';
import { CATALOGUES } from '../../runtime/i18n/catalogues';
import type { FieldDefinition } from '../../schemas';
import { FieldDialog } from '../../src/app/features/components/settings/fields/FieldDialog';
import { json } from './list-harness';

const PRODUCTS = '00000000-0000-4000-8000-0000000000a1';
const AVATARS = '00000000-0000-4000-8000-0000000000a2';
const library = (uuid: string, name: string) => ({ uuid, name, provider: 'local', dir: name, size: 0, allowed_storage: null, free_space: null, roles: [] });
const orders = {
  uuid: '00000000-0000-4000-8000-000000000001', name: 'orders', ref: 'orders', scope: null, label: { en_US: 'Orders' }, is_active: true,
  public_version: null, dev_version: 'v1', settings: defaultSettings('v1'),
};

async function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const path = new URL(String(input), 'http://localhost').pathname;
  if (path === '/api/media/v1/dms/media/library/list') return json([library(PRODUCTS, 'Products'), library(AVATARS, 'Avatars')]);
  if (path.endsWith('/v1/user/role/list')) return json([]);
  if (path.endsWith('/v3/system/components')) return json([orders]);
  return json({ message: 'notFound' }, 404);
}

let submitted: FieldDefinition[] | null = null;

function open(locale: 'en_US' | 'sr' = 'en_US') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <IntlProvider locale={locale === 'sr' ? 'sr-Latn' : 'en-US'} messages={CATALOGUES[locale]} onError={() => undefined}>
      <QueryClientProvider client={client}>
        <FieldDialog model={orders as unknown as ComponentModel} index={0} onClose={() => undefined} onSubmit={(fields) => (submitted = fields)} />
      </QueryClientProvider>
    </IntlProvider>,
  );
  return screen.getByTestId('field-dialog');
}

const select = (name: string) => document.querySelector<HTMLSelectElement>(`select[name="${name}"]`)!;
const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`);

function choose(module: string, type: string) {
  fireEvent.change(select('field.module'), { target: { value: module } });
  fireEvent.change(select('field.type'), { target: { value: type } });
}

describe('the field dialog', () => {
  beforeEach(() => {
    submitted = null;
    vi.stubGlobal('fetch', vi.fn(fakeFetch));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    declareFieldTypes([]);
  });

  it("says in a line what each image type is, and names an image field's options in words with help", () => {
    const dialog = open();
    fireEvent.change(select('field.module'), { target: { value: 'input' } });
    const types = [...select('field.type').options].map((o) => o.textContent ?? '');
    expect(types.find((t) => t.startsWith('image —'))).toContain('path in a media library');
    expect(types.find((t) => t.startsWith('imagev2 —'))).toContain('local and public address');
    fireEvent.change(select('field.module'), { target: { value: 'image' } });
    expect([...select('field.type').options].map((o) => o.textContent)).toContain('carousel — Several images shown as a slideshow.');

    choose('input', 'imagev2');
    expect(screen.getByTestId('field-type-help').textContent).toBe('One image, stored with its local and public address (use this for new fields).');
    const options = within(screen.getByTestId('custom-data-editor'));
    for (const words of ['Choose from a media library', 'Upload from the device', 'Link from elsewhere', 'Public uploads', 'Upload folder', 'Default media library', 'Media libraries offered']) {
      expect(options.getByText(words)).toBeTruthy();
    }
    expect(options.getByText('The folder inside the library where uploads go, such as products/photos; empty: the top folder.')).toBeTruthy();
    // No raw key is a label, and nothing asks for comma-separated text.
    const labels = [...dialog.querySelectorAll('label, legend')].map((l) => l.textContent?.trim());
    for (const key of ['chooseFromLibrary', 'defaultLibrary', 'subDir', 'libraries', 'publicUpload']) expect(labels).not.toContain(key);
    expect(dialog.textContent).not.toContain('Comma separated');
  });

  it('picks the media libraries and the default one from the project, and stores their uuids as before', async () => {
    open();
    fireEvent.change(input('field.name')!, { target: { value: 'Photo' } });
    choose('input', 'imagev2');
    const picker = screen.getByTestId('libraries-libraries');
    await waitFor(() => expect(within(picker).getByLabelText('Avatars')).toBeTruthy());
    expect(picker.querySelector('input[type="text"], textarea')).toBeNull();
    fireEvent.click(within(picker).getByLabelText('Products'));
    const defaultLibrary = select('field.constraints.custom_data.defaultLibrary');
    expect([...defaultLibrary.options].map((o) => o.textContent)).toEqual(['None (the first offered)', 'Products', 'Avatars']);
    fireEvent.change(defaultLibrary, { target: { value: PRODUCTS } });
    fireEvent.click(input('field.constraints.custom_data.chooseFromLibrary')!);
    fireEvent.change(input('field.constraints.custom_data.subDir')!, { target: { value: 'orders/photos' } });

    fireEvent.click(screen.getByTestId('field-form-submit'));
    await waitFor(() => expect(submitted).not.toBeNull());
    expect(submitted![0]!.constraints.custom_data).toEqual({ libraries: [PRODUCTS], defaultLibrary: PRODUCTS, chooseFromLibrary: true, subDir: 'orders/photos' });
  });

  it('edits a list of free texts as entries, not comma text (a file field\'s allowed types)', () => {
    open();
    choose('input', 'file');
    const tags = screen.getByTestId('tags-field.constraints.custom_data.extensions');
    const entry = within(tags).getByRole('textbox');
    fireEvent.change(entry, { target: { value: 'pdf' } });
    fireEvent.keyDown(entry, { key: 'Enter' });
    fireEvent.change(entry, { target: { value: 'docx' } });
    fireEvent.click(within(tags).getByRole('button', { name: 'Add' }));
    expect(within(tags).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['pdf', 'docx']);
    fireEvent.click(within(tags).getByRole('button', { name: 'Remove pdf' }));
    expect(within(tags).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['docx']);
  });

  it('asks a yes/no checkbox for no Items, Range, Relationship or Hashed', () => {
    const dialog = open();
    choose('checkbox', 'bool');
    expect(screen.getByTestId('field-type-help').textContent).toBe('One tick: yes or no.');
    expect(screen.queryByTestId('selectables-editor')).toBeNull();
    expect(screen.queryByTestId('relationship-editor')).toBeNull();
    expect(input('field.constraints.hashed')).toBeNull();
    expect(input('field.constraints.selectables.range.from')).toBeNull();
    for (const words of ['Items', 'Range from', 'Relationship', 'Hashed']) expect(within(dialog).queryByText(words)).toBeNull();
    expect(input('field.constraints.required')).not.toBeNull();
  });

  it('gives number choices a Range, text choices Items only, a text Hashed, and a relation select its Relationship', () => {
    open();
    choose('checkbox', 'number');
    expect(screen.getByTestId('selectables-editor')).toBeTruthy();
    expect(screen.getByTestId('selectables-range')).toBeTruthy();
    choose('radio', 'text');
    expect(screen.getByTestId('selectables-editor')).toBeTruthy();
    expect(screen.queryByTestId('selectables-range')).toBeNull();
    choose('input', 'text');
    expect(input('field.constraints.hashed')).not.toBeNull();
    expect(screen.queryByTestId('relationship-editor')).toBeNull();
    choose('select', 'relation');
    expect(screen.getByTestId('relationship-editor')).toBeTruthy();
    expect(input('field.constraints.hashed')).toBeNull();
  });

  it('says the options in Serbian too', () => {
    open('sr');
    choose('input', 'imagev2');
    const options = within(screen.getByTestId('custom-data-editor'));
    expect(options.getByText('Podrazumevana medijska biblioteka')).toBeTruthy();
    expect(options.getByText('Fascikla za otpremanje')).toBeTruthy();
  });

  it("renders a plugin type's declared options schema as a form of the same controls", async () => {
    declareFieldTypes([{
      module: 'input', type: 'rating', label: 'Star rating', value: { type: 'integer' },
      options: { type: 'object', properties: { stars: { type: 'integer', minimum: 1, title: 'Number of stars', description: 'How many stars the field shows.' }, half: { type: 'boolean', title: 'Half stars' } } },
    }]);
    open();
    fireEvent.change(input('field.name')!, { target: { value: 'Score' } });
    choose('input', 'rating');
    expect(screen.getByTestId('field-type-help').textContent).toBe('Star rating');
    const options = within(screen.getByTestId('custom-data-editor'));
    expect(options.getByText('How many stars the field shows.')).toBeTruthy();
    fireEvent.change(options.getByLabelText('Number of stars'), { target: { value: '10' } });
    fireEvent.click(options.getByLabelText('Half stars'));
    fireEvent.click(screen.getByTestId('field-form-submit'));
    await waitFor(() => expect(submitted).not.toBeNull());
    expect(submitted![0]!.constraints.custom_data).toEqual({ stars: 10, half: true });
  });
  it("stores a field's read sources: the kinds ticked and one app by name (docs/public-apps.md)", async () => {
    open();
    fireEvent.change(input('field.name')!, { target: { value: 'Email' } });
    choose('input', 'email');
    const sources = screen.getByTestId('read-sources');
    fireEvent.click(within(sources).getByLabelText('public-api'));
    const named = screen.getByTestId('read-sources-named');
    fireEvent.change(named, { target: { value: 'public-app::shop, bad source' } });
    fireEvent.blur(named);
    expect(within(sources).getByRole('alert').textContent).toContain('public-app::name');
    fireEvent.change(named, { target: { value: 'public-app::shop' } });
    fireEvent.blur(named);
    expect(within(sources).queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByTestId('field-form-submit'));
    await waitFor(() => expect(submitted).not.toBeNull());
    expect(submitted![0]!.read_sources).toEqual(['public-api', 'public-app::shop']);
  });
});
