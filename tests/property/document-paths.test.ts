// Properties of document paths and content: a normalised path never leaves its library and is a fixed
// point; sanitised content is a fixed point of the sanitiser.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitiseDocumentContent } from '../../runtime/documents/content';
import { normaliseDocumentPath } from '../../runtime/documents/paths';

const pieces = fc.constantFrom('a', 'B', '.', '..', '/', '\\', '%2e', '%2f', ' ', '\u0000', '\uff0f', '\uff0e', '\u2215', '\u2025', 'č', 'c\u0301', '~', ':', '__proto__', '\n');
const hostilePath = fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join(''));

describe('document paths (property)', () => {
  it('a normalised path has no dot segment, no backslash, no control character, does not start with / and normalises to itself', () => {
    fc.assert(
      fc.property(fc.oneof(hostilePath, fc.string({ maxLength: 40 })), (input) => {
        const path = normaliseDocumentPath(input);
        if (path === null) return;
        const segments = path.split('/');
        expect(segments.every((segment) => segment !== '' && !/^\.+$/.test(segment))).toBe(true);
        expect(path.startsWith('/')).toBe(false);
        expect(/[\\\u0000-\u001f]/.test(path)).toBe(false);
        expect(path.normalize('NFKC').split('/').some((segment) => segment === '..')).toBe(false);
        expect(normaliseDocumentPath(path)).toBe(path);
      }),
      { numRuns: 2000 },
    );
  });
});

const leaf = fc.record({ text: fc.string({ maxLength: 6 }), bold: fc.constantFrom(true, false, 'yes'), color: fc.constantFrom('#fff', 'red', 'url(x)', 7), fontSize: fc.oneof(fc.integer({ min: -5, max: 500 }), fc.constant(Number.NaN)) }, { requiredKeys: ['text'] });
const node: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof(
    { weight: 3, arbitrary: leaf },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constantFrom('paragraph', 'h2', 'link', 'image', 'table', 'table-row', 'table-cell', 'page'),
        url: fc.constantFrom('https://a.test', 'javascript:x', 'mailto:a@b.c'),
        src: fc.constantFrom('https://a.test/a.png', 'data:image/svg+xml;base64,AA==', 'data:image/png;base64,AA=='),
        margin: fc.integer({ min: -10, max: 900 }),
        firstPage: fc.boolean(),
        header: fc.constantFrom(true, 1),
        align: fc.constantFrom('left', 'evil'),
        children: fc.array(tie('node'), { minLength: 1, maxLength: 3 }),
      }),
    },
  ),
})).node;

describe('document content (property)', () => {
  it('sanitising sanitised content changes nothing', () => {
    fc.assert(
      fc.property(fc.array(node, { maxLength: 4 }), (content) => {
        const first = sanitiseDocumentContent(content);
        if (!first.ok) return;
        const second = sanitiseDocumentContent(first.nodes);
        expect(second).toEqual(first);
        expect(JSON.stringify(first.nodes)).not.toMatch(/javascript:|svg\+xml|evil/);
      }),
      { numRuns: 500 },
    );
  });
});
