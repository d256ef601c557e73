// Writes the installable app's icons (src/app/public/icon-*.png, icon.svg) from the favicon's design
// in src/app/index.html: a rounded #5b4ff5 square with a white "L". Plain node:zlib PNG encoding, no
// image package; the letter is drawn as two bars so every size looks the same. The output is
// committed: run `node scripts/pwa-icons.mjs` again only when the design changes.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const OUT = new URL('../src/app/public/', import.meta.url);
const PURPLE = [0x5b, 0x4f, 0xf5];
// In a 32-unit box (the favicon's): the square's corner radius, and the L's two bars.
const RADIUS = 8;
const BARS = [
  [11, 8, 15, 24], // x0, y0, x1, y1: the upright
  [11, 20, 22, 24], // the foot
];

/** The rounded square and the letter at a point of the 32-unit box. */
function sample(x, y) {
  const inSquare = insideRounded(x, y, 32, RADIUS);
  return { inSquare, inLetter: BARS.some(([x0, y0, x1, y1]) => x >= x0 && x < x1 && y >= y0 && y < y1) };
}

function insideRounded(x, y, size, r) {
  if (x < 0 || y < 0 || x >= size || y >= size) return false;
  const cx = Math.min(Math.max(x, r), size - r);
  const cy = Math.min(Math.max(y, r), size - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

function crc32(buffer) {
  let crc = -1;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ -1) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGBA PNG of `px` pixels square, 4x4 supersampled. `maskable` fills the whole square and keeps the letter inside the safe zone. */
function png(px, maskable) {
  const at = maskable ? sampleMaskable : sample;
  const rows = [];
  for (let y = 0; y < px; y += 1) {
    const row = Buffer.alloc(1 + px * 4);
    for (let x = 0; x < px; x += 1) {
      let square = 0;
      let letter = 0;
      for (let sy = 0; sy < 4; sy += 1) {
        for (let sx = 0; sx < 4; sx += 1) {
          const point = at(((x + (sx + 0.5) / 4) * 32) / px, ((y + (sy + 0.5) / 4) * 32) / px);
          if (point.inSquare) square += 1;
          if (point.inSquare && point.inLetter) letter += 1;
        }
      }
      const a = square / 16;
      const w = square === 0 ? 0 : letter / square;
      const o = 1 + x * 4;
      for (let c = 0; c < 3; c += 1) row[o + c] = Math.round(PURPLE[c] * (1 - w) + 255 * w);
      row[o + 3] = Math.round(a * 255);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(px, 0);
  header.writeUInt32BE(px, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** Maskable: the full square is purple, the letter drawn at 70 % around the centre (inside the 80 % safe circle). */
function sampleMaskable(x, y) {
  const ux = 16 + (x - 16) / 0.7;
  const uy = 16 + (y - 16) / 0.7;
  return { inSquare: true, inLetter: BARS.some(([x0, y0, x1, y1]) => ux >= x0 && ux < x1 && uy >= y0 && uy < y1) };
}

const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="${RADIUS}" fill="#5b4ff5"/>${BARS.map(([x0, y0, x1, y1]) => `<rect x="${x0}" y="${y0}" width="${x1 - x0}" height="${y1 - y0}" fill="#fff"/>`).join('')}</svg>\n`;

writeFileSync(new URL('icon.svg', OUT), svg);
for (const size of [192, 512]) writeFileSync(new URL(`icon-${size}.png`, OUT), png(size, false));
writeFileSync(new URL('icon-maskable-512.png', OUT), png(512, true));
writeFileSync(new URL('apple-touch-icon.png', OUT), png(180, true));
console.log('icons written to src/app/public/');
