// html2pdf e-mail attachments: HTML rendered to a PDF with pdfmake (headings, paragraphs, emphasis,
// lists, tables, links) through html-to-pdfmake over a jsdom window. The HTML is first cut down by
// sanitize-html to formatting tags only (no scripts, styles, images or frames: nothing is fetched and
// nothing runs), and pdfmake may read only its own font files and no URL at all (platform/pdf.ts).
import { createRequire } from 'node:module';
import sanitizeHtml from 'sanitize-html';
import { renderPdf } from '../platform/pdf';

const require = createRequire(import.meta.url);

/** The largest HTML a node may turn into a PDF. */
export const MAX_PDF_HTML_BYTES = 512 * 1024;

const ALLOWED_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'b', 'strong', 'i', 'em', 'u', 's', 'del', 'sub', 'sup', 'small', 'span', 'div', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'a', 'blockquote', 'pre', 'code'];

let convert: ((html: string) => unknown) | null = null;

function converter(): (html: string) => unknown {
  if (convert) return convert;
  const htmlToPdfmake = require('html-to-pdfmake') as (html: string, options: { window: unknown }) => unknown;
  const { JSDOM } = require('jsdom') as typeof import('jsdom');
  // No scripts run: jsdom executes none unless asked (runScripts), and none are left in the HTML anyway.
  const { window } = new JSDOM('');
  convert = (html) => htmlToPdfmake(html, { window });
  return convert;
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
  const content = clean.trim() === '' ? [{ text: '' }] : converter()(clean);
  return renderPdf({ content, info: { producer: 'Luma' } });
}
