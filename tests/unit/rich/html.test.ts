// @vitest-environment jsdom
// The rich text value: slate <-> HTML, the font size cap, tables, pages and the locale choice.
import { describe, expect, it } from 'vitest';
import { deleteEmptyPage } from '../../../renderers/controls/text/rich/commands';
import { clampFontSize, isAllowedImageSrc } from '../../../renderers/controls/text/rich/constants';
import { htmlToSlate, recalculatePages, slateToHtml } from '../../../renderers/controls/text/rich/html';
import { addColumn, addRow, createTable, removeColumn, removeRow } from '../../../renderers/controls/text/rich/table';
import type { BlockElement, PageElement } from '../../../renderers/controls/text/rich/types';
import { chooseDefaultLocale, initialLocales } from '../../../renderers/controls/shared/LocaleChoice';
import { stripTags } from '../../../runtime/validation/stripTags';

const p = (text: string, extra: Record<string, unknown> = {}): BlockElement => ({ type: 'paragraph', ...extra, children: [{ text }] }) as BlockElement;

describe('slate -> HTML -> slate', () => {
  it('keeps headings, paragraphs, alignment and every mark', () => {
    const doc: BlockElement[] = [
      { type: 'h1', children: [{ text: 'Title' }] },
      { type: 'h2', align: 'center', children: [{ text: 'Sub' }] },
      { type: 'h3', align: 'justify', children: [{ text: 'Small' }] },
      {
        type: 'paragraph',
        align: 'right',
        children: [
          { text: 'plain ' },
          { text: 'bold', bold: true },
          { text: ' both', bold: true, italic: true },
          { text: ' struck', strike: true },
          { text: ' lit', highlight: true },
          { text: ' red', color: '#ff0000', fontFamily: 'Courier New', fontSize: 20 },
          { text: ' serif', fontFamily: 'Serif' },
        ],
      },
    ];
    const html = slateToHtml(doc);
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<h2 style="text-align:center">Sub</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<mark> lit</mark>');
    expect(html).toContain(`<span style="color:#ff0000;font-family:'Courier New';font-size:20px"> red</span>`);
    expect(htmlToSlate(html)).toEqual(doc);
  });

  it('escapes text and keeps entities, line breaks and links', () => {
    const doc: BlockElement[] = [
      { type: 'paragraph', children: [{ text: 'a < b & c > d\nnext' }] },
      { type: 'paragraph', children: [{ text: 'see ' }, { type: 'link', url: 'https://luma.test/x?a=1&b=2', children: [{ text: 'here' }] }, { text: '' }] } as unknown as BlockElement,
    ];
    const html = slateToHtml(doc);
    expect(html).toBe('<p>a &lt; b &amp; c &gt; d<br />next</p><p>see <a href="https://luma.test/x?a=1&amp;b=2" rel="noopener">here</a></p>');
    expect(htmlToSlate(html)).toEqual(doc);
    expect(stripTags(html)).toBe('a < b & c > dnextsee here');
  });

  it('an empty document is empty text, and empty text one empty paragraph', () => {
    expect(slateToHtml([p('')])).toBe('');
    expect(slateToHtml([p(''), p('  ')])).toBe('');
    expect(htmlToSlate('')).toEqual([p('')]);
    expect(htmlToSlate(null)).toEqual([p('')]);
    expect(htmlToSlate('just text')).toEqual([p('just text')]);
  });

  it('drops what the editor cannot make: scripts, unsafe links and images', () => {
    const nodes = htmlToSlate('<p>a<script>alert(1)</script><a href="javascript:alert(1)">x</a></p><img src="javascript:alert(1)"><img src="data:image/svg+xml;base64,AAAA">');
    expect(slateToHtml(nodes as BlockElement[])).toBe('<p>ax</p>');
  });

  it('tables: a header row, bordered cells, round trip', () => {
    const table = createTable();
    const html = slateToHtml([table, p('after')]);
    expect(html.match(/<th style="border:2px solid #000"><\/th>/g)).toHaveLength(3);
    expect(html.match(/<td style="border:2px solid #000"><\/td>/g)).toHaveLength(6);
    expect(html).toContain('<thead><tr>');
    expect(htmlToSlate(html)).toEqual([table, p('after')]);
  });

  it('images from http(s) and raster data URLs', () => {
    const image: BlockElement = { type: 'image', src: 'data:image/png;base64,iVBORw0KGgo=', children: [{ text: '' }] };
    const html = slateToHtml([image]);
    expect(html).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" alt="" />');
    expect(htmlToSlate(html)).toEqual([image]);
    expect(isAllowedImageSrc('https://luma.test/a.png')).toBe(true);
    expect(isAllowedImageSrc('data:image/svg+xml;base64,AAAA')).toBe(false);
    expect(isAllowedImageSrc('javascript:alert(1)')).toBe(false);
  });
});

describe('font size', () => {
  it('defaults to 12 and is capped at 100 (and at least 1)', () => {
    expect(clampFontSize(undefined)).toBe(12);
    expect(clampFontSize('abc')).toBe(12);
    expect(clampFontSize(101)).toBe(100);
    expect(clampFontSize('500px')).toBe(100);
    expect(clampFontSize(0)).toBe(1);
    expect(clampFontSize(14.6)).toBe(15);
    expect(htmlToSlate('<p><span style="font-size:400px">big</span></p>')).toEqual([{ type: 'paragraph', children: [{ text: 'big', fontSize: 100 }] }]);
    expect(slateToHtml([{ type: 'paragraph', children: [{ text: 'x', fontSize: 1000 }] }])).toBe('<p><span style="font-size:100px">x</span></p>');
  });
});

describe('table tools', () => {
  it('a new table is 3x3 with a header row', () => {
    const table = createTable();
    expect(table.children).toHaveLength(3);
    expect(table.children.map((row) => row.children.length)).toEqual([3, 3, 3]);
    expect(table.children.map((row) => !!row.header)).toEqual([true, false, false]);
    expect(table.children[0]!.children.every((cell) => cell.header)).toBe(true);
    expect(table.children[1]!.children.some((cell) => cell.header)).toBe(false);
  });

  it('rows and columns are added after and removed at the caret; the last one removes the table', () => {
    const table = createTable();
    expect(addRow(table, 0).children.map((row) => !!row.header)).toEqual([true, false, false, false]);
    expect(addColumn(table, 2).children.map((row) => row.children.length)).toEqual([4, 4, 4]);
    expect(addColumn(table, 0).children[0]!.children[1]!.header).toBe(true);
    expect(removeRow(table, 1)!.children).toHaveLength(2);
    const headless = removeRow(table, 0)!;
    expect(headless.children[0]!.header).toBe(true);
    expect(removeColumn(table, 1)!.children.map((row) => row.children.length)).toEqual([2, 2, 2]);
    expect(removeRow(createTable(1, 3), 0)).toBeNull();
    expect(removeColumn(createTable(3, 1), 0)).toBeNull();
  });
});

describe('document pages', () => {
  const page = (text: string, firstPage = false): PageElement => ({ type: 'page', firstPage, margin: 10, children: [p(text)] });

  it('serialises the first page flagged and later ones breaking before, with the margin', () => {
    const html = slateToHtml(recalculatePages([page('one'), page('two')], 24));
    expect(html).toBe(
      '<div data-page="true" data-first-page="true" style="padding:24px"><p>one</p></div>' +
        '<div data-page="true" style="page-break-before:always;padding:24px"><p>two</p></div>',
    );
    expect(htmlToSlate(html, { paged: true, margin: 24 })).toEqual([
      { ...page('one'), firstPage: true, margin: 24 },
      { ...page('two'), margin: 24 },
    ]);
  });

  it('plain HTML opens as one page with the default margin 10; no pages is one empty page', () => {
    expect(htmlToSlate('<p>a</p><p>b</p>', { paged: true })).toEqual([{ type: 'page', firstPage: true, margin: 10, children: [p('a'), p('b')] }]);
    expect(htmlToSlate('', { paged: true })).toEqual([{ type: 'page', firstPage: true, margin: 10, children: [p('')] }]);
    expect(recalculatePages([])).toHaveLength(1);
  });

  it('deleting an emptied page recalculates the flags', () => {
    const pages = recalculatePages([page('one'), page(''), page('three')]);
    const after = deleteEmptyPage(pages, 1);
    expect(after.map((x) => [x.firstPage, (x.children[0] as { children: { text: string }[] }).children[0]!.text])).toEqual([
      [true, 'one'],
      [false, 'three'],
    ]);
    // The first page removed: the next one becomes firstPage.
    const first = deleteEmptyPage(recalculatePages([page(''), page('two')]), 0);
    expect(first).toEqual([{ ...page('two'), firstPage: true }]);
    // A page with content, or the only page, stays.
    expect(deleteEmptyPage(pages, 0)).toHaveLength(3);
    expect(deleteEmptyPage([page('', true)], 0)).toHaveLength(1);
  });
});

describe('default locale', () => {
  it('custom_data default_locale, else en_US, else the user locale', () => {
    expect(chooseDefaultLocale('sr', 'en_US')).toBe('sr');
    expect(chooseDefaultLocale(' sr ', 'en_US')).toBe('sr');
    expect(chooseDefaultLocale(undefined, 'sr')).toBe('en_US');
    expect(chooseDefaultLocale('', 'sr')).toBe('en_US');
    expect(chooseDefaultLocale('<script>', 'sr')).toBe('en_US');
    expect(chooseDefaultLocale(null, 'sr', ['sr', 'de_DE'])).toBe('sr');
    expect(chooseDefaultLocale(null, 'fr', ['sr', 'de_DE'])).toBe('sr');
  });

  it('shows the default locale first, then those the value holds', () => {
    expect(initialLocales(null, 'en_US')).toEqual(['en_US']);
    expect(initialLocales({ locales: { sr: 'x' } }, 'en_US')).toEqual(['en_US', 'sr']);
    expect(initialLocales({ locales: { de_DE: 'x', en_US: 'y' } }, 'sr')).toEqual(['sr', 'en_US', 'de_DE']);
  });
});

describe('the document editor plugin', () => {
  it('Backspace at the start of an emptied page removes it and recalculates the flags', async () => {
    const { createEditor, Editor, Transforms } = await import('slate');
    const { withRich } = await import('../../../renderers/controls/text/rich/commands');
    const editor = withRich(createEditor() as never, { paged: true, margin: 10 });
    editor.children = htmlToSlate('<p>one</p>', { paged: true });
    const { addPage } = await import('../../../renderers/controls/text/rich/commands');
    addPage(editor, 10);
    addPage(editor, 10);
    expect(editor.children.map((n) => (n as PageElement).firstPage)).toEqual([true, false, false]);
    // The caret is at the start of the new (empty) third page.
    Transforms.select(editor, Editor.start(editor, [1]));
    editor.deleteBackward('character');
    expect(editor.children).toHaveLength(2);
    expect(editor.children.map((n) => (n as PageElement).firstPage)).toEqual([true, false]);
    expect(editor.selection?.anchor.path[0]).toBe(0);
    // A page with content is merged as usual, never removed whole; the first page is never removed.
    Transforms.select(editor, Editor.start(editor, [0]));
    editor.deleteBackward('character');
    expect(editor.children).toHaveLength(2);
    // Normalising keeps the flags right whatever is inserted at the top.
    Transforms.insertNodes(editor, { type: 'page', firstPage: false, margin: 3, children: [{ type: 'paragraph', children: [{ text: 'zero' }] }] } as never, { at: [0] });
    expect(editor.children.map((n) => [(n as PageElement).firstPage, (n as PageElement).margin])).toEqual([
      [true, 10],
      [false, 10],
      [false, 10],
    ]);
    expect(slateToHtml(editor.children as PageElement[])).toMatch(/^<div data-page="true" data-first-page="true" style="padding:10px"><p>zero<\/p><\/div><div data-page="true" style="page-break-before:always;padding:10px">/);
  });
});
