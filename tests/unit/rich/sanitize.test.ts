// @vitest-environment jsdom
// The server's rich HTML sanitiser against filter-evasion payloads (OWASP XSS filter evasion cheat
// sheet style): nothing executable survives, and what the editor makes passes unchanged.
import { describe, expect, it } from 'vitest';
import { htmlToSlate, slateToHtml } from '../../../renderers/controls/text/rich/html';
import { createTable } from '../../../renderers/controls/text/rich/table';
import type { BlockElement } from '../../../renderers/controls/text/rich/types';
import { sanitizeRichHtml, sanitizeRichValue } from '../../../src/server/records/html';
import { XSS_PAYLOADS } from './xss-payloads';


const ALLOWED_TAGS = new Set(['H1', 'H2', 'H3', 'P', 'BR', 'STRONG', 'B', 'EM', 'I', 'S', 'STRIKE', 'DEL', 'U', 'MARK', 'SPAN', 'DIV', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TH', 'TD', 'IMG', 'A']);
const ALLOWED_ATTRIBUTES = new Set(['style', 'src', 'alt', 'width', 'height', 'href', 'rel', 'colspan', 'rowspan', 'data-page', 'data-first-page']);

/** Every way the sanitised HTML could run script, checked on the parsed DOM. */
function executableParts(html: string): string[] {
  const found: string[] = [];
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  for (const el of doc.body.querySelectorAll('*')) {
    if (!ALLOWED_TAGS.has(el.tagName)) found.push(`tag ${el.tagName}`);
    for (const attr of el.attributes) {
      const value = attr.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (!ALLOWED_ATTRIBUTES.has(attr.name)) found.push(`attribute ${attr.name}`);
      if (attr.name.startsWith('on')) found.push(`handler ${attr.name}`);
      if (attr.name === 'href' && !/^(https?:\/\/|mailto:)/.test(value)) found.push(`href ${attr.value}`);
      if (attr.name === 'src' && !/^(https?:\/\/|data:image\/(png|jpeg|gif|webp);base64,)/.test(value)) found.push(`src ${attr.value}`);
      if (attr.name === 'style' && /expression|url\(|javascript|behavior|@import|position/.test(value)) found.push(`style ${attr.value}`);
    }
  }
  if (/<script|javascript:|vbscript:|data:text/i.test(html)) found.push('text');
  return found;
}

describe('sanitizeRichHtml', () => {
  it(`leaves nothing executable in ${XSS_PAYLOADS.length} filter-evasion payloads`, () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(25);
    for (const payload of XSS_PAYLOADS) {
      const clean = sanitizeRichHtml(payload);
      expect(executableParts(clean), `${payload} -> ${clean}`).toEqual([]);
      // Sanitising is stable: a second pass changes nothing.
      expect(sanitizeRichHtml(clean), payload).toBe(clean);
    }
  });

  it('keeps safe content around the payloads, and forces rel=noopener on links', () => {
    expect(sanitizeRichHtml('<p onclick="alert(1)">hello</p>')).toBe('<p>hello</p>');
    expect(sanitizeRichHtml('<a href="https://ok.test" onclick="x()" target="_blank">ok</a>')).toBe('<a href="https://ok.test" rel="noopener">ok</a>');
    expect(sanitizeRichHtml('<a href="mailto:a@b.test">m</a>')).toBe('<a href="mailto:a@b.test" rel="noopener">m</a>');
    expect(sanitizeRichHtml('<span style="color:#f00;font-size:400px">x</span>')).toBe('<span style="color:#f00">x</span>');
    expect(sanitizeRichHtml('<p>a & b</p>')).toBe('<p>a &amp; b</p>');
  });

  it('passes what the editor makes unchanged', () => {
    const doc: BlockElement[] = [
      { type: 'h1', align: 'center', children: [{ text: 'Title' }] },
      {
        type: 'paragraph',
        align: 'justify',
        children: [
          { text: 'a & b ', bold: true, italic: true, strike: true, highlight: true },
          { text: 'styled', color: '#336699', fontFamily: 'Comic Sans', fontSize: 100 },
          { text: ' ' },
          { type: 'link', url: 'https://luma.test/?a=1&b=2', children: [{ text: 'link' }] },
          { text: '' },
        ],
      } as unknown as BlockElement,
      createTable(),
      { type: 'image', src: 'https://luma.test/a.png', children: [{ text: '' }] },
      { type: 'image', src: 'data:image/webp;base64,UklGRg==', children: [{ text: '' }] },
    ];
    const html = slateToHtml(doc);
    expect(sanitizeRichHtml(html)).toBe(html);
    const paged = slateToHtml(htmlToSlate(`${html}`, { paged: true, margin: 30 }));
    expect(paged).toContain('data-first-page="true"');
    expect(sanitizeRichHtml(paged)).toBe(paged);
    const twoPages = paged + paged.replace(' data-first-page="true" style="', ' style="page-break-before:always;');
    expect(sanitizeRichHtml(twoPages)).toBe(twoPages);
  });
});

describe('sanitizeRichValue', () => {
  it('cleans text/editor and text/document text and every locale of text/editor_i18n; leaves other fields', () => {
    expect(sanitizeRichValue({ renderer: 'text/editor' }, '<p>x<script>1</script></p>')).toBe('<p>x</p>');
    expect(sanitizeRichValue({ renderer: 'text/document' }, '<img src=x onerror=alert(1)>')).toBe('');
    expect(sanitizeRichValue({ renderer: 'text/editor_i18n' }, { locales: { en_US: '<b onclick=1>a</b>', sr: null }, extra: '<script>' })).toEqual({
      locales: { en_US: '<b>a</b>', sr: null },
    });
    expect(sanitizeRichValue({ renderer: 'input/text' }, '<script>')).toBe('<script>');
    expect(sanitizeRichValue({ renderer: 'text/editor' }, 42)).toBe(42);
  });
});
