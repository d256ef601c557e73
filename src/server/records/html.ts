// Server-side sanitising of rich text values (issue 7): every text/editor, text/document and
// text/editor_i18n value (each locale) is cleaned before it is written, by record create, update and
// import (records.ts checkWrite, which the import shares). The allow-list is what the editor makes
// (renderers/controls/text/rich/html.ts): headings, paragraphs, marks, styled spans, tables with
// borders, images from http(s) or raster data URLs, http(s)/mailto links, and document pages.
// No script, event handler, javascript: URL or style expression survives.
import sanitizeHtml from 'sanitize-html';
import type { ViewField } from '../../../schemas/viewSchema.schema';

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+))?\s*\)$/i, /^[a-z]{3,20}$/i];
const LENGTH_PX = /^\d{1,3}(\.\d+)?px$/;
// A font size in px, capped at 100 (spec section 5).
const FONT_SIZE = /^(100|[1-9]\d?)(\.\d+)?px$/;
const FONT_FAMILY = /^[a-z0-9 ,'"-]{1,100}$/i;
const BORDER = /^\d{1,2}px (solid|dashed|dotted) (#[0-9a-f]{3,8}|[a-z]{3,20})$/i;
const ALIGN = /^(left|center|right|justify)$/;

const TEXT_STYLES = {
  color: COLOR,
  'background-color': COLOR,
  'font-family': [FONT_FAMILY],
  'font-size': [FONT_SIZE],
  'text-align': [ALIGN],
};

/** Raster images only: an SVG or HTML data URL could carry script. */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

export const RICH_HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'p', 'br', 'strong', 'b', 'em', 'i', 's', 'strike', 'del', 'u', 'mark', 'span', 'div', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'a'],
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    '*': ['style'],
    img: ['src', 'alt', 'width', 'height', 'style'],
    a: ['href', 'rel', 'style'],
    th: ['colspan', 'rowspan', 'style'],
    td: ['colspan', 'rowspan', 'style'],
    div: ['data-page', 'data-first-page', 'style'],
  },
  allowedStyles: {
    '*': TEXT_STYLES,
    table: { ...TEXT_STYLES, 'border-collapse': [/^collapse$/], border: [BORDER] },
    th: { ...TEXT_STYLES, border: [BORDER] },
    td: { ...TEXT_STYLES, border: [BORDER] },
    div: { ...TEXT_STYLES, padding: [LENGTH_PX], 'page-break-before': [/^always$/], 'break-before': [/^page$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'], a: ['http', 'https', 'mailto'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'formaction', 'xlink:href'],
  allowProtocolRelative: false,
  enforceHtmlBoundary: false,
  parseStyleAttributes: true,
  transformTags: {
    // Links: absolute http(s) or mailto only (a relative or odd href is dropped, the text kept).
    a: (tagName, attribs) => {
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(attribs)) {
        if (name === 'rel') continue;
        if (name === 'href' && !/^(https?:\/\/|mailto:)/i.test(value.trim())) continue;
        kept[name] = name === 'href' ? value.trim() : value;
      }
      return { tagName, attribs: { ...kept, rel: 'noopener' } };
    },
    // Images: absolute http(s), or data: for raster images only (an SVG or HTML data URL could carry script).
    img: (tagName, attribs) => {
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(attribs)) {
        if (name === 'src' && !(/^https?:\/\//i.test(value.trim()) || DATA_IMAGE.test(value.trim()))) continue;
        kept[name] = name === 'src' ? value.trim() : value;
      }
      return { tagName, attribs: kept };
    },
  },
  // An image without a source is nothing.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * Rich HTML text cleaned to the editor's allow-list. A tag left unfinished at the end ('<A', '<p cla')
 * is dropped first, as the HTML standard (and the rules' stripTags) read it; the parser under
 * sanitize-html keeps parts of such a tail as text, which would make the stored text differ from the
 * text the rules counted.
 */
export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html.replace(UNFINISHED_TAG, ''), RICH_HTML_OPTIONS);
}

const UNFINISHED_TAG = /<[a-zA-Z/!?][^>]*$/;

const RICH_HTML = new Set(['text/editor', 'text/document']);

/**
 * A field's (coerced) value with its rich HTML sanitised: the text of text/editor and text/document,
 * each locale's text of text/editor_i18n. Other fields and other shapes are returned as they are
 * (the rules refuse wrong shapes).
 */
export function sanitizeRichValue(field: Pick<ViewField, 'renderer'>, value: unknown): unknown {
  if (RICH_HTML.has(field.renderer)) return typeof value === 'string' ? sanitizeRichHtml(value) : value;
  if (field.renderer === 'text/editor_i18n' && value && typeof value === 'object' && !Array.isArray(value)) {
    const locales = (value as { locales?: unknown }).locales;
    if (!locales || typeof locales !== 'object' || Array.isArray(locales)) return value;
    const clean = Object.fromEntries(Object.entries(locales).map(([code, text]) => [code, typeof text === 'string' ? sanitizeRichHtml(text) : text]));
    return { locales: clean };
  }
  return value;
}
