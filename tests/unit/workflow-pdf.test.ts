// html2pdf attachments (src/server/workflows/pdf.ts): a real PDF from HTML; scripts never run and
// nothing is fetched; the input is bounded.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlToPdf, MAX_PDF_HTML_BYTES } from '../../src/server/workflows/pdf';

let hits = 0;
const server = http.createServer((_request, response) => {
  hits++;
  response.end('x');
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('html2pdf', () => {
  it('renders headings, paragraphs, lists and tables (Latin Extended too) to a PDF', async () => {
    const pdf = await htmlToPdf('<h1>Račun 42</h1><p>Total: <b>12,00</b> — čćđšž</p><ul><li>one</li><li>two</li></ul><table><tr><th>A</th><td>1</td></tr></table>');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(pdf.length).toBeGreaterThan(1000);
  });

  it('runs no script and fetches no image or style', async () => {
    const pdf = await htmlToPdf(`<p>Hi</p><script>globalThis.__pdfPwned = 1</script><img src="${base}/img.png"><link rel="stylesheet" href="${base}/s.css"><iframe src="${base}/f"></iframe>`);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((globalThis as { __pdfPwned?: number }).__pdfPwned).toBeUndefined();
    expect(hits).toBe(0);
  });

  it('refuses HTML over its size bound', async () => {
    await expect(htmlToPdf('x'.repeat(MAX_PDF_HTML_BYTES + 1))).rejects.toThrow(/larger than/);
  });
});
