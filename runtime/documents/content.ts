// A document's content (docs/documents.md "Content"): the slate nodes of the rich text editor
// (renderers/controls/text/rich/types.ts; the document variant adds page nodes with margin and the
// firstPage flag). Everything in it may become HTML in a browser (the editor serialises it), so the
// server keeps only what the editor makes, with the editor's own rules:
//   elements paragraph, h1-h3 (align), link (http(s)/mailto url), image (http(s) or raster data src),
//   table, table-row, table-cell (header), page (firstPage, margin 0..200)
//   text leaves with the marks bold, italic, strike, highlight (true), color (#hex, rgb(a), a name),
//   fontFamily (letters, digits, spaces, quotes, commas, hyphens), fontSize (1..100 px)
// Unknown attributes are dropped; a link with another scheme keeps its text; an image with another
// source is dropped; an unknown element type, a node without text or children, too deep a tree or too
// many nodes refuse the whole content. Framework-free: the server and a screen share it.

export const DOCUMENT_CONTENT_MAX_BYTES = 512 * 1024;
export const DOCUMENT_CONTENT_MAX_NODES = 20_000;
export const DOCUMENT_CONTENT_MAX_DEPTH = 12;
const MAX_PAGE_MARGIN = 200;

export type ContentNode = Record<string, unknown>;

export type SanitisedContent = { ok: true; nodes: ContentNode[]; textLength: number } | { ok: false; reason: 'invalid' | 'tooLarge' };

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+))?\s*\)$/i, /^[a-z]{3,20}$/i];
const FONT_FAMILY = /^[a-z0-9 ,'"-]{1,100}$/i;
const ALIGN = new Set(['left', 'center', 'right', 'justify']);
const MARKS = ['bold', 'italic', 'strike', 'highlight'] as const;
const TEXT_MAX = 200_000;

export function isAllowedDocumentHref(href: string): boolean {
  return /^(https?:\/\/|mailto:)[^\s]*$/i.test(href.trim()) && href.length <= 2048;
}

export function isAllowedDocumentImageSrc(src: string): boolean {
  const s = src.trim();
  return (/^https?:\/\/[^\s]+$/i.test(s) && s.length <= 2048) || /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i.test(s);
}

class Refused extends Error {
  constructor(readonly reason: 'invalid' | 'tooLarge') {
    super(reason);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

interface Walk {
  nodes: number;
}

function leaf(input: Record<string, unknown>): ContentNode {
  if (typeof input.text !== 'string' || input.text.length > TEXT_MAX) throw new Refused(typeof input.text === 'string' ? 'tooLarge' : 'invalid');
  const out: ContentNode = { text: input.text };
  for (const mark of MARKS) if (input[mark] === true) out[mark] = true;
  if (typeof input.color === 'string' && COLOR.some((pattern) => pattern.test(input.color as string))) out.color = input.color;
  if (typeof input.fontFamily === 'string' && FONT_FAMILY.test(input.fontFamily)) out.fontFamily = input.fontFamily;
  if (typeof input.fontSize === 'number' && Number.isFinite(input.fontSize)) out.fontSize = Math.min(100, Math.max(1, Math.round(input.fontSize)));
  return out;
}

function children(input: Record<string, unknown>, depth: number, walk: Walk): ContentNode[] {
  if (!Array.isArray(input.children) || input.children.length === 0) throw new Refused('invalid');
  const out: ContentNode[] = [];
  for (const child of input.children) out.push(...node(child, depth + 1, walk));
  // Slate needs a text child in every element: a link unwrapped or an image dropped may leave none.
  return out.length > 0 ? out : [{ text: '' }];
}

/** One input node as zero or more kept nodes (a refused link becomes its text). */
function node(input: unknown, depth: number, walk: Walk): ContentNode[] {
  if (++walk.nodes > DOCUMENT_CONTENT_MAX_NODES || depth > DOCUMENT_CONTENT_MAX_DEPTH) throw new Refused('tooLarge');
  if (!isObject(input)) throw new Refused('invalid');
  if (!('type' in input)) return [leaf(input)];
  const type = input.type;
  switch (type) {
    case 'paragraph':
    case 'h1':
    case 'h2':
    case 'h3': {
      const out: ContentNode = { type, children: children(input, depth, walk) };
      if (typeof input.align === 'string' && ALIGN.has(input.align)) out.align = input.align;
      return [out];
    }
    case 'link': {
      // A link holds text only (a block inside one is dropped, as the editor's HTML reading does).
      const texts = children(input, depth, walk).filter((child) => !('type' in child));
      if (typeof input.url !== 'string' || !isAllowedDocumentHref(input.url)) return texts;
      return [{ type, url: input.url.trim(), children: texts.length > 0 ? texts : [{ text: '' }] }];
    }
    case 'image': {
      // The children of an image are slate's empty text: checked, then replaced by it.
      children(input, depth, walk);
      if (typeof input.src !== 'string' || !isAllowedDocumentImageSrc(input.src)) return [];
      const out: ContentNode = { type, src: input.src.trim(), children: [{ text: '' }] };
      if (typeof input.alt === 'string') out.alt = input.alt.slice(0, 500);
      return [out];
    }
    case 'table':
    case 'table-row':
    case 'table-cell': {
      const out: ContentNode = { type, children: children(input, depth, walk) };
      if (type !== 'table' && input.header === true) out.header = true;
      return [out];
    }
    case 'page': {
      const margin = typeof input.margin === 'number' && Number.isFinite(input.margin) ? Math.min(MAX_PAGE_MARGIN, Math.max(0, Math.round(input.margin))) : 10;
      return [{ type, firstPage: input.firstPage === true, margin, children: children(input, depth, walk) }];
    }
    default:
      throw new Refused('invalid');
  }
}

/** The content as the server stores it, or why it is refused. An empty list is an empty document. */
export function sanitiseDocumentContent(input: unknown): SanitisedContent {
  if (!Array.isArray(input)) return { ok: false, reason: 'invalid' };
  const walk: Walk = { nodes: 0 };
  try {
    const nodes: ContentNode[] = [];
    for (const item of input) {
      const kept = node(item, 1, walk);
      // A top-level text leaf is not a block: wrap it in a paragraph as the editor would.
      for (const one of kept) nodes.push('type' in one ? one : { type: 'paragraph', children: [one] });
    }
    if (JSON.stringify(nodes).length > DOCUMENT_CONTENT_MAX_BYTES) return { ok: false, reason: 'tooLarge' };
    return { ok: true, nodes, textLength: documentTextLength(nodes) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    throw error;
  }
}

/**
 * The length of a content's text: every text leaf in document order, as slate counts offsets (UTF-16
 * code units), with nothing between blocks. A comment's range (from, to) lies within 0..length.
 */
export function documentTextLength(nodes: unknown): number {
  if (!Array.isArray(nodes)) return 0;
  let length = 0;
  const stack: unknown[] = [...nodes];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!isObject(item)) continue;
    if (typeof item.text === 'string' && !('type' in item)) length += item.text.length;
    else if (Array.isArray(item.children)) stack.push(...item.children);
  }
  return length;
}

/** The plain text of a content (blocks on their own lines), for search and previews. */
export function documentPlainText(nodes: unknown, max = 10_000): string {
  const parts: string[] = [];
  let size = 0;
  const visit = (item: unknown, block: boolean): void => {
    if (size > max || !isObject(item)) return;
    if (typeof item.text === 'string' && !('type' in item)) {
      parts.push(item.text);
      size += item.text.length;
      return;
    }
    if (Array.isArray(item.children)) for (const child of item.children) visit(child, false);
    if (block) parts.push('\n');
  };
  if (Array.isArray(nodes)) for (const item of nodes) visit(item, true);
  return parts.join('').slice(0, max);
}

/**
 * The text of a content as a comment's range counts it (documentTextLength: every text leaf in
 * document order, nothing between blocks), so `documentRangeText(nodes).slice(from, to)` is the text
 * a comment is about.
 */
export function documentRangeText(nodes: unknown): string {
  const parts: string[] = [];
  const visit = (item: unknown): void => {
    if (!isObject(item)) return;
    if (typeof item.text === 'string' && !('type' in item)) parts.push(item.text);
    else if (Array.isArray(item.children)) for (const child of item.children) visit(child);
  };
  if (Array.isArray(nodes)) for (const item of nodes) visit(item);
  return parts.join('');
}
