// The stored value of the rich text controls is HTML text (spec section 3, "Values"): slate nodes are
// serialised to HTML on every change, and HTML (stored, imported or pasted) is parsed back to nodes.
// Only what the toolbar makes is kept; the server sanitises with the same allow-list
// (src/server/records/html.ts).
import { CELL_BORDER, clampFontSize, isAllowedHref, isAllowedImageSrc, pageMargin } from './constants';
import type {
  Align,
  BlockElement,
  BlockType,
  ImageElement,
  Inline,
  LinkElement,
  PageElement,
  RichText,
  TableCellElement,
  TableElement,
  TableRowElement,
  TextBlockElement,
} from './types';

type Node = BlockElement | PageElement;
type Marks = Omit<RichText, 'text'>;

// ---------------------------------------------------------------------------------------------
// Serialise

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\u00a0/g, '&nbsp;');
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** A font family as CSS: quoted when it holds a space. */
export function cssFontFamily(name: string): string {
  const clean = name.replace(/["';]/g, '').trim();
  return /\s/.test(clean) ? `'${clean}'` : clean;
}

function leafHtml(leaf: RichText): string {
  if (leaf.text === '') return '';
  let out = escapeText(leaf.text).replace(/\n/g, '<br />');
  const styles: string[] = [];
  if (leaf.color) styles.push(`color:${leaf.color}`);
  if (leaf.fontFamily) styles.push(`font-family:${cssFontFamily(leaf.fontFamily)}`);
  if (leaf.fontSize !== undefined) styles.push(`font-size:${clampFontSize(leaf.fontSize)}px`);
  if (styles.length > 0) out = `<span style="${escapeAttr(styles.join(';'))}">${out}</span>`;
  if (leaf.highlight) out = `<mark>${out}</mark>`;
  if (leaf.strike) out = `<s>${out}</s>`;
  if (leaf.italic) out = `<em>${out}</em>`;
  if (leaf.bold) out = `<strong>${out}</strong>`;
  return out;
}

function inlineHtml(node: Inline): string {
  if ('text' in node) return leafHtml(node);
  return `<a href="${escapeAttr(node.url)}" rel="noopener">${node.children.map(leafHtml).join('')}</a>`;
}

const alignAttr = (align: Align | undefined) => (align && align !== 'left' ? ` style="text-align:${align}"` : '');

function tableHtml(table: TableElement): string {
  const cell = (c: TableCellElement) => {
    const tag = c.header ? 'th' : 'td';
    return `<${tag} style="border:${CELL_BORDER}">${c.children.map(inlineHtml).join('')}</${tag}>`;
  };
  const row = (r: TableRowElement) => `<tr>${r.children.map(cell).join('')}</tr>`;
  const head = table.children.filter((r) => r.header);
  const body = table.children.filter((r) => !r.header);
  return (
    `<table style="border-collapse:collapse">` +
    (head.length ? `<thead>${head.map(row).join('')}</thead>` : '') +
    (body.length ? `<tbody>${body.map(row).join('')}</tbody>` : '') +
    `</table>`
  );
}

function blockHtml(node: Node): string {
  switch (node.type) {
    case 'paragraph':
      return `<p${alignAttr(node.align)}>${node.children.map(inlineHtml).join('')}</p>`;
    case 'h1':
    case 'h2':
    case 'h3':
      return `<${node.type}${alignAttr(node.align)}>${node.children.map(inlineHtml).join('')}</${node.type}>`;
    case 'image':
      return `<img src="${escapeAttr(node.src)}" alt="${escapeAttr(node.alt ?? '')}" />`;
    case 'table':
      return tableHtml(node);
    case 'page': {
      const style = `${node.firstPage ? '' : 'page-break-before:always;'}padding:${pageMargin(node.margin)}px`;
      return `<div data-page="true"${node.firstPage ? ' data-first-page="true"' : ''} style="${style}">${node.children.map(blockHtml).join('')}</div>`;
    }
  }
}

const inlineText = (nodes: Inline[]): string => nodes.map((n) => ('text' in n ? n.text : n.children.map((c) => c.text).join(''))).join('');

/** A block with no content: an empty paragraph or heading. */
export function isEmptyBlock(node: Node): boolean {
  if (node.type === 'paragraph' || node.type === 'h1' || node.type === 'h2' || node.type === 'h3') return inlineText(node.children).trim() === '';
  if (node.type === 'page') return node.children.every(isEmptyBlock);
  return false;
}

/** Slate nodes as HTML; a document with no content is '' (so `required` sees it empty). */
export function slateToHtml(nodes: readonly Node[]): string {
  if (nodes.every(isEmptyBlock)) return '';
  return nodes.map(blockHtml).join('');
}

// ---------------------------------------------------------------------------------------------
// Parse

const INLINE_TAGS = new Set(['SPAN', 'STRONG', 'B', 'EM', 'I', 'S', 'STRIKE', 'DEL', 'MARK', 'U', 'A', 'FONT', 'CODE', 'SUB', 'SUP', 'SMALL', 'LABEL', 'BR']);
const DROP_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'HEAD', 'TITLE', 'META', 'LINK', 'SVG', 'MATH']);
const ALIGNS: readonly Align[] = ['left', 'center', 'right', 'justify'];

/** A style attribute as a map of lower-case property to value (no CSSOM: values are kept as written). */
export function parseStyle(style: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (style ?? '').split(';')) {
    const at = part.indexOf(':');
    if (at < 0) continue;
    const name = part.slice(0, at).trim().toLowerCase();
    const value = part.slice(at + 1).trim();
    if (name && value) out[name] = value;
  }
  return out;
}

const firstFamily = (value: string) => (value.split(',')[0] ?? '').replace(/["']/g, '').trim();
const SAFE_COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+)$/i;

function marksOf(el: Element, inherited: Marks): Marks {
  const marks: Marks = { ...inherited };
  const tag = el.tagName;
  if (tag === 'STRONG' || tag === 'B') marks.bold = true;
  if (tag === 'EM' || tag === 'I') marks.italic = true;
  if (tag === 'S' || tag === 'STRIKE' || tag === 'DEL') marks.strike = true;
  if (tag === 'MARK') marks.highlight = true;
  const style = parseStyle(el.getAttribute('style'));
  if (style.color && SAFE_COLOR.test(style.color)) marks.color = style.color;
  if (style['font-family']) {
    const family = firstFamily(style['font-family']);
    if (family) marks.fontFamily = family;
  }
  if (style['font-size'] && /^\d+(\.\d+)?px$/.test(style['font-size'])) marks.fontSize = clampFontSize(style['font-size']);
  if (style['font-weight'] && /^(bold|bolder|[6-9]00)$/.test(style['font-weight'])) marks.bold = true;
  if (style['font-style'] === 'italic') marks.italic = true;
  if (style['text-decoration']?.includes('line-through')) marks.strike = true;
  const background = style['background-color'] ?? style.background;
  if (background && !/^(transparent|none|initial|inherit)$/i.test(background)) marks.highlight = true;
  return marks;
}

function alignOf(el: Element): Align | undefined {
  const value = parseStyle(el.getAttribute('style'))['text-align'] ?? el.getAttribute('align') ?? '';
  return (ALIGNS as readonly string[]).includes(value) && value !== 'left' ? (value as Align) : undefined;
}

const sameMarks = (a: RichText, b: RichText) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete('text');
  for (const key of keys) if ((a as unknown as Record<string, unknown>)[key] !== (b as unknown as Record<string, unknown>)[key]) return false;
  return true;
};

/** Merges neighbouring texts with the same marks and puts texts around links, as slate normalises. */
export function normaliseInlines(list: Inline[]): Inline[] {
  const merged: Inline[] = [];
  for (const node of list) {
    const last = merged[merged.length - 1];
    if ('text' in node) {
      if (node.text === '') continue;
      if (last && 'text' in last && sameMarks(last, node)) merged[merged.length - 1] = { ...last, text: last.text + node.text };
      else merged.push(node);
    } else {
      const children = normaliseInlines(node.children).filter((c): c is RichText => 'text' in c);
      merged.push({ ...node, children: children.length ? children : [{ text: '' }] });
    }
  }
  const out: Inline[] = [];
  merged.forEach((node, i) => {
    if (!('text' in node) && (i === 0 || !('text' in merged[i - 1]!))) out.push({ text: '' });
    out.push(node);
  });
  const tail = out[out.length - 1];
  if (!tail || !('text' in tail)) out.push({ text: '' });
  return out;
}

function inlinesOf(node: globalThis.Node, marks: Marks): Inline[] {
  if (node.nodeType === 3) return [{ ...marks, text: (node.textContent ?? '').replace(/[\r\n\t]+/g, ' ') }];
  if (node.nodeType !== 1) return [];
  const el = node as Element;
  if (DROP_TAGS.has(el.tagName)) return [];
  if (el.tagName === 'BR') return [{ ...marks, text: '\n' }];
  const inner = marksOf(el, marks);
  const children = [...el.childNodes].flatMap((child) => inlinesOf(child, inner));
  if (el.tagName === 'A') {
    const href = el.getAttribute('href') ?? '';
    const texts = children.flatMap((c) => ('text' in c ? [c] : c.children));
    return isAllowedHref(href) ? [{ type: 'link', url: href.trim(), children: texts }] : texts;
  }
  return children;
}

const isInlineNode = (node: globalThis.Node) => node.nodeType === 3 || (node.nodeType === 1 && INLINE_TAGS.has((node as Element).tagName));

function imageOf(el: Element): ImageElement | null {
  const src = el.getAttribute('src') ?? '';
  if (!isAllowedImageSrc(src)) return null;
  const alt = el.getAttribute('alt');
  return { type: 'image', src: src.trim(), ...(alt ? { alt } : {}), children: [{ text: '' }] };
}

function tableOf(el: Element): TableElement | null {
  const rows: TableRowElement[] = [];
  const visit = (parent: Element, inHead: boolean) => {
    for (const child of parent.children) {
      if (child.tagName === 'THEAD') visit(child, true);
      else if (child.tagName === 'TBODY' || child.tagName === 'TFOOT') visit(child, false);
      else if (child.tagName === 'TR') {
        const cells = [...child.children].filter((c) => c.tagName === 'TD' || c.tagName === 'TH');
        const header = inHead || (cells.length > 0 && cells.every((c) => c.tagName === 'TH'));
        rows.push({
          type: 'table-row',
          ...(header ? { header: true as const } : {}),
          children: cells.map((c) => ({
            type: 'table-cell',
            ...(header ? { header: true as const } : {}),
            children: normaliseInlines([...c.childNodes].flatMap((n) => inlinesOf(n, {}))),
          })),
        });
      }
    }
  };
  visit(el, false);
  const width = Math.max(0, ...rows.map((r) => r.children.length));
  if (width === 0) return null;
  for (const row of rows) {
    while (row.children.length < width) row.children.push({ type: 'table-cell', ...(row.header ? { header: true as const } : {}), children: [{ text: '' }] });
  }
  return { type: 'table', children: rows };
}

const HEADINGS: Record<string, BlockType> = { H1: 'h1', H2: 'h2', H3: 'h3', H4: 'h3', H5: 'h3', H6: 'h3' };

/** The blocks of a list of DOM nodes: runs of inline content become blocks of `type`. */
function blocksOf(nodes: globalThis.Node[], type: BlockType, align: Align | undefined, marks: Marks, keepWhitespace = false): (BlockElement | PageElement)[] {
  const out: (BlockElement | PageElement)[] = [];
  let run: Inline[] = [];
  const flush = () => {
    if (run.length === 0) return;
    if (keepWhitespace || inlineText(run).trim() !== '' || run.some((n) => !('text' in n))) {
      const block: TextBlockElement = { type, ...(align ? { align } : {}), children: normaliseInlines(run) } as TextBlockElement;
      out.push(block);
    }
    run = [];
  };
  for (const node of nodes) {
    if (isInlineNode(node)) {
      run.push(...inlinesOf(node, marks));
      continue;
    }
    if (node.nodeType !== 1) continue;
    const el = node as Element;
    if (DROP_TAGS.has(el.tagName)) continue;
    flush();
    if (el.tagName === 'IMG') {
      const image = imageOf(el);
      if (image) out.push(image);
    } else if (el.tagName === 'TABLE') {
      const table = tableOf(el);
      if (table) out.push(table);
    } else if (el.tagName === 'P') {
      const inner = blocksOf([...el.childNodes], 'paragraph', alignOf(el), marksOf(el, marks), true);
      out.push(...(inner.length ? inner : [{ type: 'paragraph' as const, ...(alignOf(el) ? { align: alignOf(el) } : {}), children: [{ text: '' }] }]));
    } else if (HEADINGS[el.tagName]) {
      const headingType = HEADINGS[el.tagName]!;
      const inner = blocksOf([...el.childNodes], headingType, alignOf(el), marksOf(el, marks), true);
      out.push(...(inner.length ? inner : [{ type: headingType, ...(alignOf(el) ? { align: alignOf(el) } : {}), children: [{ text: '' }] } as TextBlockElement]));
    } else if (el.tagName === 'DIV' && el.hasAttribute('data-page')) {
      const padding = parseStyle(el.getAttribute('style')).padding;
      out.push({ type: 'page', firstPage: false, margin: pageMargin(padding), children: blocksOf([...el.childNodes], 'paragraph', undefined, {}) as BlockElement[] });
    } else {
      // div, section, blockquote, lists...: their content, in order.
      out.push(...blocksOf([...el.childNodes], 'paragraph', alignOf(el) ?? align, marksOf(el, marks)));
    }
  }
  flush();
  return out;
}

export interface ParseOptions {
  /** The document variant: the top level is pages (flagged and margined again here). */
  paged?: boolean;
  /** The page margin for pages that do not say theirs, and for new pages. */
  margin?: number;
}

const emptyParagraph = (): TextBlockElement => ({ type: 'paragraph', children: [{ text: '' }] });

/** The flags of spec section 4: the first page is firstPage, later pages break before. */
export function recalculatePages(pages: PageElement[], margin?: number): PageElement[] {
  const list = pages.length ? pages : [{ type: 'page' as const, firstPage: true, margin: pageMargin(margin), children: [emptyParagraph()] }];
  return list.map((page, i) => ({ ...page, firstPage: i === 0, margin: margin === undefined ? pageMargin(page.margin) : pageMargin(margin) }));
}

/** HTML as slate nodes: never empty (one empty paragraph, or one empty page). Needs a DOM (DOMParser). */
export function htmlToSlate(html: unknown, options: ParseOptions = {}): (BlockElement | PageElement)[] {
  const text = typeof html === 'string' ? html : '';
  const doc = new DOMParser().parseFromString(`<!doctype html><html><body>${text}</body></html>`, 'text/html');
  const parsed = blocksOf([...doc.body.childNodes], 'paragraph', undefined, {});
  if (options.paged) {
    const pages: PageElement[] = [];
    let loose: BlockElement[] = [];
    const flushLoose = () => {
      if (loose.length) pages.push({ type: 'page', firstPage: false, margin: pageMargin(options.margin), children: loose });
      loose = [];
    };
    for (const node of parsed) {
      if (node.type === 'page') {
        flushLoose();
        pages.push({ ...node, children: node.children.length ? node.children : [emptyParagraph()] });
      } else loose.push(node);
    }
    flushLoose();
    return recalculatePages(pages, options.margin);
  }
  const flat = parsed.flatMap((node) => (node.type === 'page' ? node.children : [node]));
  return flat.length ? flat : [emptyParagraph()];
}
