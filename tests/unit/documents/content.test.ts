// Document content (runtime/documents/content.ts): the editor's slate nodes kept, everything that could
// become active HTML dropped, sizes capped, and the text length comment ranges are checked against.
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGE } from '../../../runtime/api/documents';
import { DOCUMENT_CONTENT_MAX_NODES, documentPlainText, documentTextLength, sanitiseDocumentContent } from '../../../runtime/documents/content';
import { isMessageKey } from '../../../runtime/i18n';

const p = (text: string) => ({ type: 'paragraph', children: [{ text }] });

describe('sanitiseDocumentContent', () => {
  it('keeps what the editor makes, unchanged', () => {
    const content = [
      { type: 'page', firstPage: true, margin: 10, children: [{ type: 'h1', align: 'center', children: [{ text: 'Title', bold: true, color: '#336699', fontFamily: 'Courier New', fontSize: 24 }] }] },
      { type: 'page', firstPage: false, margin: 20, children: [{ type: 'paragraph', children: [{ text: 'see ' }, { type: 'link', url: 'mailto:a@luma.test', children: [{ text: 'mail' }] }] }] },
      { type: 'table', children: [{ type: 'table-row', header: true, children: [{ type: 'table-cell', header: true, children: [{ text: 'h' }] }] }] },
      { type: 'image', src: 'https://luma.test/a.png', alt: 'a', children: [{ text: '' }] },
    ];
    const result = sanitiseDocumentContent(content);
    expect(result).toEqual({ ok: true, nodes: content, textLength: 'Title'.length + 'see '.length + 'mail'.length + 1 });
  });

  it('drops scripts in disguise: javascript: links keep their text, svg and html data images go, unknown attributes go', () => {
    const result = sanitiseDocumentContent([
      { type: 'paragraph', children: [{ type: 'link', url: ' JavaScript:alert(1)', children: [{ text: 'x' }] }] },
      { type: 'image', src: 'data:text/html;base64,PHNjcmlwdD4=', children: [{ text: '' }] },
      { type: 'image', src: 'javascript:alert(1)', children: [{ text: '' }] },
      { type: 'paragraph', style: 'x', dangerouslySetInnerHTML: { __html: '<script>' }, children: [{ text: 'y', color: 'expression(alert(1))', fontFamily: '<b>', onmouseover: 'z' }] },
    ]);
    expect(result).toEqual({ ok: true, nodes: [p('x'), p('y')], textLength: 2 });
  });

  it('wraps a bare text leaf at the top in a paragraph, and keeps an empty document', () => {
    expect(sanitiseDocumentContent([{ text: 'loose' }])).toMatchObject({ ok: true, nodes: [p('loose')] });
    expect(sanitiseDocumentContent([])).toEqual({ ok: true, nodes: [], textLength: 0 });
  });

  it('refuses unknown element types and broken nodes, and caps size and depth', () => {
    for (const content of ['text', null, {}, [{ type: 'iframe', children: [{ text: '' }] }], [{ type: 'paragraph', children: [] }], [{ type: 'paragraph', children: [{ text: 5 }] }], [42]]) {
      expect(sanitiseDocumentContent(content), JSON.stringify(content)).toEqual({ ok: false, reason: 'invalid' });
    }
    let deep: unknown = { text: 'x' };
    for (let i = 0; i < 13; i++) deep = { type: 'paragraph', children: [deep] };
    expect(sanitiseDocumentContent([deep])).toEqual({ ok: false, reason: 'tooLarge' });
    const many = Array.from({ length: DOCUMENT_CONTENT_MAX_NODES }, () => p(''));
    expect(sanitiseDocumentContent(many)).toEqual({ ok: false, reason: 'tooLarge' });
    expect(sanitiseDocumentContent([p('x'.repeat(600_000))])).toEqual({ ok: false, reason: 'tooLarge' });
  });
});

describe('text of a document', () => {
  it('counts every leaf in order, nothing between blocks', () => {
    const nodes = [p('ab'), { type: 'page', firstPage: true, margin: 10, children: [p('cd'), p('é')] }];
    expect(documentTextLength(nodes)).toBe(5);
    expect(documentPlainText(nodes)).toBe('ab\ncdé\n');
    expect(documentTextLength('nonsense')).toBe(0);
  });
});

describe('document messages', () => {
  it('every document message key is in the catalogue', () => {
    for (const key of Object.values(DOCUMENT_MESSAGE)) {
      // The shared media and integration keys live in the catalogues of those areas.
      if (['integrationDisabled', 'libraryNotFound', 'integrations.media.noPermissions'].includes(key)) continue;
      expect(isMessageKey(key), key).toBe(true);
    }
  });
});
