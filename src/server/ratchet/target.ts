// Where a ratchet connection may go (docs/ratchet.md "Trust model"): the admin chooses the database, so
// loopback and private addresses are allowed (a project's own database is often there), but the cloud
// metadata services are refused wherever they hide: by name (metadata.google.internal), as an address
// in any form (169.254.169.254 as decimal, hex, octal or short IPv4; IPv4-mapped, NAT64 or 6to4 IPv6;
// fd00:ec2::254; 100.100.100.200) and behind a name that resolves to one. The name is resolved at every
// connect, every address checked, and the driver is handed the vetted address (never the name), so a
// name that resolves elsewhere the second time (DNS rebinding) reaches nothing new.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { RATCHET_MESSAGE } from '../../../runtime/api/ratchet';
import { embeddedIpv4, looseIpv4 } from '../platform/addresses';
import { HttpError } from '../platform/errors';

const metadata = new BlockList();
// Link-local: AWS, GCP, Azure, OpenStack and DigitalOcean metadata (169.254.169.254), ECS task
// metadata (169.254.170.2), the AWS time service; no database lives there.
metadata.addSubnet('169.254.0.0', 16, 'ipv4');
// Alibaba Cloud's metadata service.
metadata.addAddress('100.100.100.200', 'ipv4');
// AWS's IPv6 metadata endpoint.
metadata.addAddress('fd00:ec2::254', 'ipv6');
// IPv6 link-local, where a metadata service may answer too.
metadata.addSubnet('fe80::', 10, 'ipv6');

const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

/** A connection's address refused: 422 ratchetAddressRefused. */
export const addressRefused = () => new HttpError(422, RATCHET_MESSAGE.addressRefused);

/** Whether an address (any form) is a cloud metadata address. */
export function isMetadataAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(bare);
  if (family === 4) return metadata.check(bare, 'ipv4');
  if (family === 6) {
    const inner = embeddedIpv4(bare);
    if (inner !== null && metadata.check(inner, 'ipv4')) return true;
    return metadata.check(bare.split('%')[0]!, 'ipv6');
  }
  const loose = looseIpv4(bare);
  return loose !== null && metadata.check(loose, 'ipv4');
}

/** The name as compared: lower case, without a trailing dot. */
function canonicalName(host: string): string {
  return host.toLowerCase().replace(/\.+$/, '');
}

/** Whether a host as written is refused before any lookup (a metadata name or address). */
export function isRefusedHost(host: string): boolean {
  const name = canonicalName(host);
  return METADATA_NAMES.has(name) || name.endsWith('.metadata.google.internal') || isMetadataAddress(name);
}

export interface Target {
  /** The address to connect to (vetted). */
  address: string;
  /** The host as the admin wrote it: TLS checks the certificate against it. */
  servername: string;
}

/** Resolves a host and vets every address; throws ratchetAddressRefused or ratchetUnreachable. */
export async function resolveTarget(host: string): Promise<Target> {
  if (isRefusedHost(host)) throw addressRefused();
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const literal = isIP(bare) ? bare : looseIpv4(bare);
  if (literal) return { address: literal, servername: bare };
  const addresses = await lookup(bare, { all: true, verbatim: true }).catch(() => []);
  if (addresses.length === 0) throw new HttpError(422, RATCHET_MESSAGE.unreachable);
  if (addresses.some(({ address }) => isMetadataAddress(address))) throw addressRefused();
  return { address: addresses[0]!.address, servername: bare };
}
