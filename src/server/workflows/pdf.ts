// html2pdf e-mail attachments: HTML rendered to a PDF with pdfmake (headings, paragraphs, emphasis,
// lists, tables, links) through html-to-pdfmake over a jsdom window. The HTML is first cut down by
// sanitize-html to formatting tags only (no scripts, styles, images or frames: nothing is fetched and
// nothing runs), and pdfmake may read only its own font files and no URL at all.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sanitizeHtml from 'sanitize-html';

const require = createRequire(import.meta.url);

/** The largest HTML a node may turn into a PDF. */
export const MAX_PDF_HTML_BYTES = 512 * 1024;

const ALLOWED_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'b', 'strong', 'i', 'em', 'u', 's', 'del', 'sub', 'sup', 'small', 'span', 'div', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'a', 'blockquote', 'pre', 'code'];

type PdfMake = {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(callback: (url: string) => boolean): void;
  setLocalAccessPolicy(callback: (path: string) => boolean): void;
  createPdf(definition: object): { getBuffer(): Promise<Buffer> };
};

let ready: { pdfmake: PdfMake; convert: (html: string) => unknown } | null = null;

function engine() {
  if (ready) return ready;
  const pdfmake = require('pdfmake') as PdfMake;
  const fonts = require('pdfmake/fonts/Roboto') as Record<string, Record<string, string>>;
  const fontDir = dirname(fonts.Roboto!.normal!);
  pdfmake.setFonts(fonts);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => dirname(path) === fontDir || path.startsWith(join(fontDir, '/')));
  const htmlToPdfmake = require('html-to-pdfmake') as (html: string, options: { window: unknown }) => unknown;
  const { JSDOM } = require('jsdom') as typeof import('jsdom');
  // No scripts run: jsdom executes none unless asked (runScripts), and none are left in the HTML anyway.
  const { window } = new JSDOM('');
  ready = { pdfmake, convert: (html) => htmlToPdfmake(html, { window }) };
  return ready;
}

export class PdfInputTooLarge extends Error {
  readonly retryable = false;
  constructor() {
    super(`an html2pdf attachment's HTML is larger than ${MAX_PDF_HTML_BYTES} bytes`);
  }
}

export async function htmlToPdf(html: string): Promise<Buffer> {
  if (Buffer.byteLength(html, 'utf8') > MAX_PDF_HTML_BYTES) throw new PdfInputTooLarge();
  const clean = sanitizeHtml(html, { allowedTags: ALLOWED_TAGS, allowedAttributes: { a: ['href'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] }, allowedSchemes: ['http', 'https', 'mailto'] });
  const { pdfmake, convert } = engine();
  const content = clean.trim() === '' ? [{ text: '' }] : convert(clean);
  return pdfmake.createPdf({ content, defaultStyle: { font: 'Roboto', fontSize: 11 }, info: { producer: 'Luma' } }).getBuffer();
}
