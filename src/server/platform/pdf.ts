// pdfmake on the server, set up once (docs/platform.md): the Roboto fonts it ships (Latin with the
// Serbian letters), no URL ever fetched, no local file but those fonts read. Workflows' html2pdf
// attachments and billing's pro-forma invoices render through it.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

type PdfMake = {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(callback: (url: string) => boolean): void;
  setLocalAccessPolicy(callback: (path: string) => boolean): void;
  createPdf(definition: object): { getBuffer(): Promise<Buffer> };
};

let ready: PdfMake | null = null;

function pdfmake(): PdfMake {
  if (ready) return ready;
  const engine = require('pdfmake') as PdfMake;
  const fonts = require('pdfmake/fonts/Roboto') as Record<string, Record<string, string>>;
  const fontDir = dirname(fonts.Roboto!.normal!);
  engine.setFonts(fonts);
  engine.setUrlAccessPolicy(() => false);
  engine.setLocalAccessPolicy((path) => dirname(path) === fontDir || path.startsWith(join(fontDir, '/')));
  ready = engine;
  return engine;
}

/** A pdfmake document definition rendered to PDF bytes, in Roboto 11 unless the definition says otherwise. */
export function renderPdf(definition: { content: unknown; info?: Record<string, string>; defaultStyle?: object }): Promise<Buffer> {
  return pdfmake().createPdf({ defaultStyle: { font: 'Roboto', fontSize: 11 }, ...definition }).getBuffer();
}
