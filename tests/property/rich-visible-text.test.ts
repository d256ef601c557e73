// The rules count rich text with stripTags (screen and server, on what was sent); the server stores the
// sanitised HTML. The two must show the same text for the HTML an editor or client writes. Found by
// records-property.test.ts on a random seed: '<A' was two characters to stripTags and an unfinished tag
// to the sanitiser.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stripTags } from '../../runtime/validation/stripTags';
import { sanitizeRichHtml } from '../../src/server/records/html';

// Well-formed HTML as an editor or an API client writes it: text runs (with references) and balanced
// tags, comments and script or style elements. Malformed markup is outside the claim: parsers differ
// on it, and the rules judge what was sent while the server stores the sanitised form.
const text = fc.array(fc.constantFrom('a', 'B', ' ', 'é', '1', '&amp;', '&lt;', '&gt;', '&nbsp;', '&#65;', '&#x42;', ';', '#', '>', '"', "'", '&'), { maxLength: 8 }).map((parts) => parts.join(''));
const html: fc.Arbitrary<string> = fc.letrec<{ node: string; nodes: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.constant('<br>'),
    fc.constant('<!-- note -->'),
    fc.constantFrom('<script>alert(1)</script>', '<style>p { color: red }</style>'),
    fc.tuple(fc.constantFrom('p', 'b', 'strong', 'em', 'span', 'h1', 'mark'), tie('nodes')).map(([tag, inner]) => `<${tag}>${inner}</${tag}>`),
  ),
  nodes: fc.array(tie('node'), { maxLength: 4 }).map((parts) => parts.join('')),
})).nodes;
const visible = (value: string) => stripTags(value).replace(/\s+/g, ' ').trim();

describe('rich text: what the rules count is what is stored', () => {
  it('for well-formed HTML, stripTags of the input equals stripTags of its sanitised form (whitespace aside)', () => {
    fc.assert(
      fc.property(html, (value) => {
        expect(visible(sanitizeRichHtml(value))).toBe(visible(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads unfinished tags, text that only looks like a tag, bare references and hidden content as HTML does', () => {
    expect(stripTags('<A')).toBe('');
    expect(stripTags('x<p cla')).toBe('x');
    expect(stripTags('1<2>3')).toBe('1<2>3');
    expect(stripTags('a < b')).toBe('a < b');
    expect(stripTags('&#65&amp &lt;')).toBe('A& <');
    expect(stripTags('<style>p{}</style>shown<script>hidden()</script>')).toBe('shown');
    expect(stripTags('<!-- a > b -->t')).toBe('t');
  });
});
