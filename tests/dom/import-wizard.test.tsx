// The import wizard: a picked file's preview (first 10 rows, parsed in the browser), the mapping
// prefilled from keys and labels (any case), the primary key choice, the progress while running,
// the 417 table of every bad row with translated messages, the fixed file, and the result.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../runtime/client/errors';
import type { ImportRequest, ImportResult } from '../../src/app/api/import';
import { ImportWizard } from '../../src/app/features/records/import/ImportWizard';
import { badRows, prefillMapping, previewCsv, previewJson } from '../../src/app/features/records/import/importModel';
import { importEn_US } from '../../runtime/i18n/import.en_US';
import { importSr } from '../../runtime/i18n/import.sr';
import { compile, field, withIntl } from './harness';
import { IntlMessageFormat } from 'intl-messageformat';

const calls: ImportRequest[] = [];
let answer: (request: ImportRequest) => Promise<ImportResult> = async () => ({ created: 0, updated: 0, total: 0 });

vi.mock('../../src/app/api/import', () => ({
  importRecords: (request: ImportRequest) => {
    calls.push(request);
    return answer(request);
  },
}));

const view = compile([
  field('title', 'input', 'text', { label: { en_US: 'Full name' }, constraints: { required: true } }),
  field('age', 'input', 'number', { constraints: { min: 0, max: 150 } }),
  field('email', 'input', 'email'),
]);

function csvFile(lines: string[], name = 'people.csv'): File {
  return new File([lines.join('\r\n') + '\r\n'], name, { type: 'text/csv' });
}

function mount() {
  const onClose = vi.fn();
  const onImported = vi.fn();
  render(withIntl(<ImportWizard componentRef="orders" view={view} onClose={onClose} onImported={onImported} />));
  return { onClose, onImported };
}

async function pickFile(file: File) {
  const input = screen.getAllByTestId('import-file')[0] as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
  await screen.findByTestId('import-preview');
}

const select = (name: string) => document.querySelector(`select[name="${name}"]`) as HTMLSelectElement;

beforeEach(() => {
  calls.length = 0;
});

describe('import wizard', () => {
  it('previews the first 10 rows and prefills the mapping from keys and labels, any case', async () => {
    mount();
    expect(screen.getByTestId('import-wizard')).toBeTruthy();
    const lines = ['FULL NAME,Age,E-mail,notes'];
    for (let i = 1; i <= 15; i += 1) lines.push(`"Name, ${i}",${i},n${i}@luma.test,"multi\nline"`);
    await pickFile(csvFile(lines));
    const preview = screen.getByTestId('import-preview');
    expect(within(preview).getAllByRole('row')).toHaveLength(11);
    const firstCells = within(preview).getAllByRole('row').slice(1).map((row) => row.querySelector('td')!.textContent);
    expect(firstCells).toEqual(Array.from({ length: 10 }, (_, i) => `Name, ${i + 1}`));
    expect(select('map.FULL NAME').value).toBe('title');
    expect(select('map.Age').value).toBe('age');
    expect(select('map.E-mail').value).toBe('email');
    expect(select('map.notes').value).toBe('');
    // The column left out is named plainly; a field moved to another column leaves its old one out.
    expect(within(screen.getByTestId('import-unmapped')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['notes']);
    expect(screen.getByTestId('import-unmapped').textContent).toContain('1 column matches no field and will not be imported');
    expect(screen.queryByTestId('import-all-mapped')).toBeNull();
    fireEvent.change(select('map.notes'), { target: { value: 'age' } });
    expect(select('map.Age').value).toBe('');
    expect(within(screen.getByTestId('import-unmapped')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Age']);
    expect(select('primary_key').value).toBe('');
    // Options: not imported, the fields, uuid; primary key: none, uuid, the fields.
    expect([...select('primary_key').options].map((option) => option.value)).toEqual(['', 'uuid', 'title', 'age', 'email']);
  });

  it('maps headers that differ from keys and labels by case, spaces, _ or - and says every column is mapped', async () => {
    mount();
    await pickFile(csvFile([' full  name ,AGE,e_mail', 'Ann,3,a@x.test']));
    expect(select('map.full  name').value).toBe('title');
    expect(select('map.AGE').value).toBe('age');
    expect(select('map.e_mail').value).toBe('email');
    expect(screen.getByTestId('import-all-mapped').textContent).toBe('Every column is mapped to a field.');
    expect(screen.queryByTestId('import-unmapped')).toBeNull();
  });

  it('runs with the mapping and primary key, shows progress, then on 417 every bad row; the fixed file imports', async () => {
    const { onImported } = mount();
    await pickFile(csvFile(['title,age,email', 'Ann,200,ann@x.test', ',1,bad', 'Cid,3,c@x.test']));
    fireEvent.change(select('map.email'), { target: { value: 'email' } });
    fireEvent.change(select('primary_key'), { target: { value: 'title' } });

    let fail!: (error: unknown) => void;
    answer = (request) => {
      request.onUploadProgress?.(50, 100);
      return new Promise((_, reject) => (fail = reject));
    };
    fireEvent.click(screen.getByTestId('import-run'));
    const progress = await screen.findByTestId('import-progress');
    expect(progress.getAttribute('value')).toBe('50');
    expect(screen.getByText('Uploading... 50%')).toBeTruthy();
    expect(calls[0]).toMatchObject({
      ref: 'orders',
      primaryKey: 'title',
      fieldMap: [
        { from: 'title', to: 'title' },
        { from: 'age', to: 'age' },
        { from: 'email', to: 'email' },
      ],
    });

    await act(async () => {
      fail(
        new ApiRequestError(417, 'fieldsNotValid', 'http', 'main', [
          { field: 'row.1.age', messages: ['cantBeMoreThen'], values: [{ max: 150 }] },
          { field: 'row.2.title', messages: ['identityField.requiredField'], values: [null] },
          { field: 'row.2.email', messages: ['invalidEmail'], values: [null] },
        ]),
      );
    });
    const table = await screen.findByTestId('import-errors');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('1');
    expect(rows[0]!.textContent).toContain("Can't be more then 150");
    expect(rows[1]!.textContent).toContain('Full name');
    expect(rows[1]!.textContent).toContain('This is a required field');
    expect(rows[2]!.textContent).toContain('Invalid email');
    expect(screen.getByTestId('import-message').textContent).toBe('Some fields are not valid.');
    expect(screen.getByText(/^2 rows are not valid; nothing was imported/)).toBeTruthy();

    // The fixed file: the mapping and primary key are kept; this time it succeeds.
    await pickFile(csvFile(['title,age,email', 'Ann,20,ann@x.test', 'Bea,1,b@x.test', 'Cid,3,c@x.test'], 'fixed.csv'));
    expect(select('map.email').value).toBe('email');
    expect(select('primary_key').value).toBe('title');
    answer = async (request) => {
      request.onUploadProgress?.(100, 100);
      request.onUploaded?.();
      return { created: 2, updated: 1, total: 3 };
    };
    fireEvent.click(screen.getByTestId('import-run'));
    const result = await screen.findByTestId('import-result');
    expect(result.textContent).toContain('2');
    expect(screen.getByTestId('import-created').textContent).toBe('2');
    expect(screen.getByTestId('import-updated').textContent).toBe('1');
    expect(onImported).toHaveBeenCalledWith({ created: 2, updated: 1, total: 3 });
  });

  it('another error shows the server message; close calls onClose', async () => {
    const { onClose } = mount();
    await pickFile(new File([JSON.stringify([{ title: 'A', age: 1 }])], 'data.json', { type: 'application/json' }));
    expect(select('map.title').value).toBe('title');
    answer = async () => {
      throw new ApiRequestError(400, 'badRequest', 'http', 'main', [{ field: 'field_map.0.to', messages: ['importUnknownField'], values: [{ key: 'x' }] }]);
    };
    fireEvent.click(screen.getByTestId('import-run'));
    await waitFor(() => expect(screen.getByTestId('import-message').textContent).toContain('Unknown field x'));
    fireEvent.click(screen.getByTestId('import-close'));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('import model', () => {
  it('a CSV prefix that ends inside a quoted cell asks for more text; a complete one parses', () => {
    expect(previewCsv('a,b\n1,"open\n', false)).toBeNull();
    expect(previewCsv('\uFEFFa,b\n1,2\n', true)).toEqual({ format: 'csv', columns: ['a', 'b'], rows: [['1', '2']] });
  });

  it('JSON: the first objects of a prefix, without parsing the rest', () => {
    const items = Array.from({ length: 12 }, (_, i) => ({ n: i, tags: ['x', '}'] }));
    const text = JSON.stringify(items);
    const preview = previewJson(text.slice(0, text.length - 40), false)!;
    expect(preview.rows).toHaveLength(10);
    expect(preview.columns).toEqual(['n', 'tags']);
    expect(previewJson('[{"a":1}', false)).toBeNull();
  });

  it('prefill takes each field once; bad rows group by row number', () => {
    expect(prefillMapping(['title', 'Title', 'uuid'], view)).toEqual({ title: 'title', Title: '', uuid: 'uuid' });
    expect(badRows([{ field: 'row.10.a', messages: ['x'] }, { field: 'row.2.b', messages: ['y'] }]).map((row) => row.row)).toEqual([2, 10]);
  });
});

describe('the count of bad rows (issue 29 item 10)', () => {
  const intro = (message: string, locale: string, rows: number) => String(new IntlMessageFormat(message, locale).format({ rows })).split(';')[0];
  it('says one row in the singular and more in the plural, in both languages', () => {
    expect([1, 2, 1000].map((n) => intro(importEn_US['import.errors.intro'], 'en-US', n))).toEqual(['1 row is not valid', '2 rows are not valid', '1,000 rows are not valid']);
    expect([1, 3, 5, 21].map((n) => intro(importSr['import.errors.intro'], 'sr-Latn', n))).toEqual(['1 red nije ispravan', '3 reda nisu ispravna', '5 redova nije ispravno', '21 red nije ispravan']);
  });
});
