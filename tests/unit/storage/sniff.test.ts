// Content types from the bytes (src/server/media/storage/sniff.ts): binary formats by magic bytes,
// markup found in the head as active content, the stream handed back byte for byte.
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { isActiveContent, sniffBuffer, sniffStream } from '../../../src/server/media/storage/sniff';
import { digestOf, patternDigest, patternStream } from './streams';

let png: Buffer;
let jpeg: Buffer;
let gif: Buffer;
let webp: Buffer;

beforeAll(async () => {
  const image = sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } });
  png = await image.clone().png().toBuffer();
  jpeg = await image.clone().jpeg().toBuffer();
  gif = await image.clone().gif().toBuffer();
  webp = await image.clone().webp().toBuffer();
});

const text = (s: string): Buffer => Buffer.from(s, 'utf8');

describe('sniffBuffer', () => {
  it('names images by their magic bytes', async () => {
    expect(await sniffBuffer(png)).toEqual({ mime: 'image/png', ext: 'png' });
    expect(await sniffBuffer(jpeg)).toEqual({ mime: 'image/jpeg', ext: 'jpg' });
    expect(await sniffBuffer(gif)).toEqual({ mime: 'image/gif', ext: 'gif' });
    expect(await sniffBuffer(webp)).toEqual({ mime: 'image/webp', ext: 'webp' });
    expect((await sniffBuffer(text('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n'))).mime).toBe('application/pdf');
  });

  it('finds SVG whatever comes before the element (prolog, comments, doctype, BOM, UTF-16)', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    for (const source of [
      svg,
      `  \n${svg}`,
      `<?xml version="1.0" encoding="UTF-8"?>\n${svg}`,
      `<?xml version="1.0"?><!-- a comment --><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${svg}`,
      `\ufeff${svg}`,
      `<!-- ${'x'.repeat(2000)} -->${svg}`,
      '<svg:svg xmlns:svg="http://www.w3.org/2000/svg"/>',
    ]) {
      expect((await sniffBuffer(text(source))).mime, source.slice(0, 60)).toBe('image/svg+xml');
    }
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(svg, 'utf16le')]);
    expect((await sniffBuffer(utf16)).mime).toBe('image/svg+xml');
  });

  it('finds HTML and XML, and treats any other markup as HTML', async () => {
    for (const source of ['<!DOCTYPE html><title>x</title>', '<html><body>x', '  <script>alert(1)</script>', '<iframe src=x>', '<IMG SRC=x onerror=alert(1)>', '<!-- x --><p>hi</p>', 'hello <script>alert(1)</script>']) {
      expect((await sniffBuffer(text(source))).mime, source).toBe('text/html');
    }
    expect((await sniffBuffer(text('<?xml version="1.0"?><note><to>x</to></note>'))).mime).toBe('application/xml');
    expect((await sniffBuffer(text('<rss version="2.0"></rss>'))).mime).toBe('application/xml');
    expect((await sniffBuffer(text('<% weird %>'))).mime).toBe('text/html');
  });

  it('calls other text text/plain, binary it does not know application/octet-stream, nothing octet-stream', async () => {
    expect(await sniffBuffer(text('just some notes\nwith lines, 2 < 3 and ü'))).toEqual({ mime: 'text/plain', ext: 'txt' });
    expect((await sniffBuffer(text('{"a": 1}'))).mime).toBe('text/plain');
    expect((await sniffBuffer(Buffer.from([0x00, 0x01, 0x02, 0xff, 0x10, 0x00])))).toEqual({ mime: 'application/octet-stream', ext: '' });
    expect((await sniffBuffer(Buffer.from([0xc3, 0x28, 0xa0, 0x00])))).toEqual({ mime: 'application/octet-stream', ext: '' });
    // Latin-1 (not UTF-8, no control bytes): text, and its markup still found.
    expect((await sniffBuffer(Buffer.from('caf\xe9 cr\xe8me', 'latin1'))).mime).toBe('text/plain');
    expect((await sniffBuffer(Buffer.from('<html><body>caf\xe9</body></html>', 'latin1'))).mime).toBe('text/html');
    expect(await sniffBuffer(Buffer.alloc(0))).toEqual({ mime: 'application/octet-stream', ext: '' });
  });

  it('a polyglot is what its magic bytes say (a GIF header followed by HTML is a GIF)', async () => {
    const polyglot = Buffer.concat([gif.subarray(0, 13), text('<html><script>alert(1)</script></html>')]);
    expect((await sniffBuffer(polyglot)).mime).toBe('image/gif');
    expect((await sniffBuffer(Buffer.concat([png, text('<script>alert(1)</script>')]))).mime).toBe('image/png');
  });
});

describe('sniffStream', () => {
  it('hands back every byte of a large stream after reading only its head', async () => {
    const size = 3 * 1024 * 1024 + 5;
    const sniffed = await sniffStream(patternStream(size, 5));
    expect(sniffed.mime).toBe('application/octet-stream');
    expect(await digestOf(sniffed.stream)).toEqual({ digest: patternDigest(size, 5), size });
  });

  it('decides from tiny chunks as from one, and replays them', async () => {
    const source = `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>`;
    const bytes = text(source);
    const sniffed = await sniffStream(Readable.from([...bytes].map((b) => Buffer.from([b]))));
    expect(sniffed.mime).toBe('image/svg+xml');
    const chunks: Buffer[] = [];
    for await (const chunk of sniffed.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe(source);
  });

  it('names a PNG from a stream and handles a body shorter than the head', async () => {
    const sniffed = await sniffStream(Readable.from([png]));
    expect(sniffed.mime).toBe('image/png');
    const chunks: Buffer[] = [];
    for await (const chunk of sniffed.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(png)).toBe(true);
  });

  it("passes the body's error on and destroys the body when the answer is destroyed", async () => {
    let failLater!: (error: Error) => void;
    const failed = new Promise<never>((_, reject) => (failLater = reject));
    async function* failing(): AsyncGenerator<Buffer> {
      yield Buffer.alloc(20_000, 0x41);
      await failed;
    }
    const sniffed = await sniffStream(Readable.from(failing()));
    failLater(new Error('body failed'));
    await expect(digestOf(sniffed.stream)).rejects.toThrow('body failed');

    const body = patternStream(1024 * 1024, 6, 1024);
    const early = await sniffStream(body);
    early.stream.destroy();
    await new Promise<void>((resolve) => (body.destroyed ? resolve() : body.once('close', () => resolve())));
    expect(body.destroyed).toBe(true);
  });
});

describe('isActiveContent', () => {
  it('marks markup and script types, with parameters and any +xml', () => {
    for (const mime of ['text/html', 'TEXT/HTML; charset=utf-8', 'image/svg+xml', 'application/xml', 'text/xml', 'application/xhtml+xml', 'application/javascript', 'text/javascript', 'application/vnd.foo+xml', '']) {
      expect(isActiveContent(mime), mime).toBe(true);
    }
    for (const mime of ['image/png', 'image/jpeg', 'text/plain', 'application/octet-stream', 'application/pdf', 'video/mp4']) expect(isActiveContent(mime), mime).toBe(false);
  });
});
