// Rich text on the server (issue 7): text/editor, text/document and text/editor_i18n values are
// sanitised before they are written, on create, update and import; the length rule runs on the text
// with tags stripped and answers the runtime's own 417.
import { beforeAll, expect, it } from 'vitest';
import { compileViewSchema } from '../../runtime/compile';
import { validateRecord } from '../../runtime/validation';
import type { ComponentSettings } from '../../schemas';
import { sanitizeRichHtml } from '../../src/server/records/html';
import { XSS_PAYLOADS } from '../unit/rich/xss-payloads';
import { componentApi, componentWithFields, recordApi, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { importApi } from './import-fixtures';

const EXECUTABLE = /<\s*(script|iframe|object|embed|svg|math|style|base|meta|link|form)\b|\son[a-z]+\s*=|javascript:|vbscript:|data:text|expression\(/i;

describeApi(`records: rich text sanitised and checked on the server (${DB_KIND})`, () => {
  const server = useServer();
  let admin = '';
  const app = () => server().app;
  const db = () => server().database.db;
  const api = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  const importFile = importApi(app, () => admin, 'dev');
  let notes = '';
  let settings: ComponentSettings;

  const rich = (key: string, type: string, constraints: Record<string, unknown> = {}) => ({ name: key, key, auto_key: false, module: 'text', type, constraints });
  const storedData = async (uuid: string) => (await db().selectFrom('records').select(['data']).where('uuid', '=', uuid).executeTakeFirstOrThrow()).data as Record<string, unknown>;
  const view = (page: 'model_create' | 'model_edit') =>
    compileViewSchema(settings, { component: { uuid: notes, ref: notes, name: 'notes', label: { en_US: 'notes' } }, locale: 'en_US', roles: [], isAdmin: true, page });

  // A component with editor, document, editor_i18n and a short editor.
  beforeAll(async () => {
    admin = await login(app());
    notes = await componentWithFields(api, 'notes', [
      f.text('title', { required: true, length: { min: 1, max: 200 } }),
      rich('body', 'editor'),
      rich('doc', 'document', { margin: 20 }),
      rich('intl', 'editor_i18n'),
      rich('short', 'editor', { length: { min: 2, max: 10 } }),
    ]);
    settings = (await api.settings(notes, 'v1')).json().settings;
  }, SETUP_TIMEOUT_MS);

  it('create: every payload is stored sanitised, in editor, document and each locale of editor_i18n', async () => {
    for (const [i, payload] of XSS_PAYLOADS.entries()) {
      const data = { title: `xss ${i}`, body: `<p>ok</p>${payload}`, doc: payload, intl: { locales: { en_US: payload, sr: `<b>${payload}</b>` } } };
      const created = await records.create(notes, data);
      expect(created.statusCode, `${payload}: ${created.body}`).toBe(200);
      const stored = await storedData(created.json().uuid);
      expect(stored.body).toBe(sanitizeRichHtml(`<p>ok</p>${payload}`));
      expect(stored.doc).toBe(sanitizeRichHtml(payload));
      expect(stored.intl).toEqual({ locales: { en_US: sanitizeRichHtml(payload), sr: sanitizeRichHtml(`<b>${payload}</b>`) } });
      for (const value of [stored.body, stored.doc, (stored.intl as { locales: Record<string, string> }).locales.en_US, (stored.intl as { locales: Record<string, string> }).locales.sr]) {
        expect(value, payload).not.toMatch(EXECUTABLE);
      }
      // The answer is what was stored.
      expect(created.json().body).toBe(stored.body);
    }
  });

  it('what the editor makes is stored unchanged', async () => {
    const body = `<h1 style="text-align:center">T</h1><p><strong>b</strong> <span style="color:#ff0000;font-family:'Courier New';font-size:20px">c</span> <a href="https://luma.test/" rel="noopener">l</a></p><table style="border-collapse:collapse"><thead><tr><th style="border:2px solid #000">h</th></tr></thead><tbody><tr><td style="border:2px solid #000">d</td></tr></tbody></table><img src="https://luma.test/a.png" alt="" />`;
    const doc = '<div data-page="true" data-first-page="true" style="padding:20px"><p>one</p></div><div data-page="true" style="page-break-before:always;padding:20px"><p>two</p></div>';
    const created = await records.create(notes, { title: 'clean', body, doc });
    expect(created.statusCode, created.body).toBe(200);
    const stored = await storedData(created.json().uuid);
    expect(stored.body).toBe(body);
    expect(stored.doc).toBe(doc);
  });

  it('update: the written values are sanitised too', async () => {
    const created = await records.create(notes, { title: 'to update', body: '<p>fine</p>' });
    const uuid = created.json().uuid;
    const updated = await records.update(notes, uuid, 1, {
      body: '<p onclick="alert(1)">x<script>alert(1)</script></p><a href="javascript:alert(1)">y</a>',
      intl: { locales: { sr: '<img src=x onerror=alert(1)><p>z</p>' } },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const stored = await storedData(uuid);
    expect(stored.body).toBe('<p>x</p><a rel="noopener">y</a>');
    expect(stored.intl).toEqual({ locales: { sr: '<p>z</p>' } });
    expect(updated.json().body).toBe(stored.body);
  });

  it('import: every row is sanitised before it is written', async () => {
    const rows = XSS_PAYLOADS.slice(0, 10).map((payload, i) => ({ title: `imported ${i}`, body: payload, intl: { locales: { en_US: payload } } }));
    const response = await importFile(notes, { file: JSON.stringify(rows), filename: 'notes.json', contentType: 'application/json', primaryKey: '', fieldMap: '' });
    expect(response.statusCode, response.body).toBe(200);
    const stored = await db().selectFrom('records').select(['data']).where('component_uuid', '=', notes).where('deleted_at', 'is', null).execute();
    const imported = stored.map((row) => row.data as Record<string, unknown>).filter((data) => String(data.title).startsWith('imported '));
    expect(imported).toHaveLength(10);
    for (const data of imported) {
      const payload = XSS_PAYLOADS[Number(String(data.title).slice('imported '.length))]!;
      expect(data.body).toBe(sanitizeRichHtml(payload));
      expect(data.intl).toEqual({ locales: { en_US: sanitizeRichHtml(payload) } });
      expect(String(data.body)).not.toMatch(EXECUTABLE);
    }
  });

  it('the length rule runs on the text with tags stripped: the same 417 as the runtime', async () => {
    // 26 characters of markup around 5 of text: within max 10.
    const fits = await records.create(notes, { title: 'fits', short: '<p><strong><em>Hello</em></strong></p>' });
    expect(fits.statusCode, fits.body).toBe(200);
    // Entities count as the character they show: 'a &amp; b' is 5 characters.
    expect((await records.create(notes, { title: 'entities', short: '<p>a &amp; b &lt; c</p>' })).statusCode).toBe(200);

    for (const data of [
      { title: 'too long', short: '<p><strong>Hello world!</strong></p>' },
      { title: 'too short', short: '<h1>x</h1>' },
      { title: 'both', short: '<p>abcdefghijk</p>', intl: { locales: { en_US: '<p>ok</p>' } } },
    ]) {
      const refused = await records.create(notes, data);
      expect(refused.statusCode).toBe(417);
      const expected = validateRecord(view('model_create'), { body: null, doc: null, intl: null, ...data }, { page: 'model_create' });
      expect(expected.length).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ message: 'fieldsNotValid', errors: expected });
    }
    const refused = await records.create(notes, { title: 'max', short: '<p><strong>Hello world!</strong></p>' });
    expect(refused.json().errors).toEqual([{ field: 'short', messages: ['cantBeMoreThenChars'], values: [{ max: 10 }] }]);
  });
});
