// Reading IP addresses in every form an attacker may write them (docs/security.md): the IPv4 address an
// IPv6 one carries (mapped, compatible, NAT64, 6to4), IPv6 groups, and IPv4 as inet_aton reads it
// (decimal 2852039166, hex 0xa9fea9fe, octal 0251.0376.0251.0376, short forms 169.254.43518).
// Shared by the workflow nodes' outgoing requests (workflows/net.ts) and ratchet's targets (ratchet/target.ts).
import { isIP } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
export function expandIpv6(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    text = text.slice(0, -dotted[1]!.length) + `${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail === undefined ? [] : new Array(8 - left.length - right.length).fill('0');
  const groups = [...left, ...fill, ...right].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), if any. */
export function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const groups = expandIpv6(lower);
  if (!groups) return null;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zero = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  // ::ffff:a.b.c.d and ::a.b.c.d (compatible)
  if (zero(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) return v4(groups[6]!, groups[7]!);
  // 64:ff9b::/96 (NAT64)
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zero(2, 6)) return v4(groups[6]!, groups[7]!);
  // 2002:AABB:CCDD::/48 (6to4)
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  return null;
}

function inetPart(text: string): number | null {
  if (/^0x[0-9a-f]*$/i.test(text)) return text.length === 2 ? 0 : parseInt(text.slice(2), 16);
  if (/^0[0-7]*$/.test(text)) return parseInt(text, 8);
  if (/^[1-9][0-9]*$/.test(text)) return Number(text);
  return null;
}

/**
 * The dotted IPv4 address a host text means as inet_aton (and so the resolver) reads it: one to four
 * parts, each decimal, octal (leading 0) or hex (0x), the last filling the remaining bytes. Null when
 * the text is not such a number (a name).
 */
export function looseIpv4(text: string): string | null {
  const parts = text.split('.');
  if (parts.length < 1 || parts.length > 4) return null;
  const values = parts.map(inetPart);
  if (values.some((value) => value === null)) return null;
  const numbers = values as number[];
  const last = numbers[numbers.length - 1]!;
  const head = numbers.slice(0, -1);
  if (head.some((value) => value > 255) || last >= 2 ** (8 * (5 - numbers.length))) return null;
  let value = last;
  head.forEach((part, index) => (value += part * 2 ** (8 * (3 - index))));
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
}
