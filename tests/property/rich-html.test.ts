// @vitest-environment jsdom
// Rich text properties: any document the editor can hold survives slate -> HTML -> slate, its HTML is
// a fixed point, the server's sanitiser keeps it unchanged, and the stripped text is the typed text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FONT_FAMILIES } from '../../renderers/controls/text/rich/constants';
import { htmlToSlate, normaliseInlines, slateToHtml } from '../../renderers/controls/text/rich/html';
import { createTable } from '../../renderers/controls/text/rich/table';
import type { BlockElement, Inline, RichText } from '../../renderers/controls/text/rich/types';
import { stripTags } from '../../runtime/validation/stripTags';
import { sanitizeRichHtml } from '../../src/server/records/html';

const text = fc.string({ unit: fc.constantFrom('a', 'b', 'Z', ' ', '&', '<', '>', '"', "'", 'é', 'ж', '1', '\n'), minLength: 1, maxLength: 8 });
const leaf: fc.Arbitrary<RichText> = fc
  .record(
    {
      text,
      bold: fc.constant(true as const),
      italic: fc.constant(true as const),
      strike: fc.constant(true as const),
      highlight: fc.constant(true as const),
      color: fc.constantFrom('#000000', '#ff0000', '#336699'),
      fontFamily: fc.constantFrom(...FONT_FAMILIES),
      fontSize: fc.integer({ min: 1, max: 100 }),
    },
    { requiredKeys: ['text'] },
  )
  .map((l) => l as RichText);
const inlines = fc.array(fc.oneof({ weight: 4, arbitrary: leaf }, { weight: 1, arbitrary: fc.record({ type: fc.constant('link' as const), url: fc.constantFrom('https://luma.test/a?b=1&c=2', 'mailto:a@luma.test'), children: fc.array(leaf, { minLength: 1, maxLength: 2 }) }) }), { minLength: 1, maxLength: 4 }) as fc.Arbitrary<Inline[]>;

// Leading/trailing spaces next to block edges are content, so the documents keep some text at the edges.
const textBlock: fc.Arbitrary<BlockElement> = fc.record({
  type: fc.constantFrom('paragraph' as const, 'h1' as const, 'h2' as const, 'h3' as const),
  align: fc.constantFrom(undefined, 'center' as const, 'right' as const, 'justify' as const),
  children: inlines,
}).map(({ type, align, children }) => ({ type, ...(align ? { align } : {}), children: normaliseInlines(children.map((c) => ('text' in c ? c : { ...c, children: normaliseInlines(c.children) as RichText[] }))) }) as BlockElement);
const block = fc.oneof({ weight: 6, arbitrary: textBlock }, { weight: 1, arbitrary: fc.constant(createTable() as BlockElement) }, { weight: 1, arbitrary: fc.constant({ type: 'image', src: 'https://luma.test/i.png', children: [{ text: '' }] } as BlockElement) });
const doc = fc.array(block, { minLength: 1, maxLength: 5 });

const visible = (nodes: BlockElement[]) => nodes.map((n) => (n.type === 'paragraph' || n.type.startsWith('h') ? (n as { children: Inline[] }).children.map((c) => ('text' in c ? c.text : c.children.map((x) => x.text).join(''))).join('') : '')).join('');

describe('rich HTML properties', () => {
  it('HTML -> slate -> HTML is a fixed point, and the sanitiser keeps editor HTML unchanged', () => {
    fc.assert(
      fc.property(doc, (nodes) => {
        const html = slateToHtml(nodes);
        const again = slateToHtml(htmlToSlate(html) as BlockElement[]);
        expect(again).toBe(html);
        expect(sanitizeRichHtml(html)).toBe(html);
      }),
      { numRuns: 150 },
    );
  });

  it('slate -> HTML -> slate gives the same nodes when text has no whitespace-only block', () => {
    fc.assert(
      fc.property(doc, (nodes) => {
        fc.pre(nodes.every((n) => !('children' in n) || n.type === 'table' || n.type === 'image' || visible([n]).trim() !== ''));
        expect(htmlToSlate(slateToHtml(nodes))).toEqual(nodes);
      }),
      { numRuns: 150 },
    );
  });

  it('the stripped text is the visible text (entities count as one character)', () => {
    fc.assert(
      fc.property(fc.array(textBlock, { minLength: 1, maxLength: 4 }), (nodes) => {
        fc.pre(visible(nodes).trim() !== '');
        expect(stripTags(slateToHtml(nodes))).toBe(visible(nodes).replace(/\n/g, ''));
      }),
      { numRuns: 150 },
    );
  });
});
