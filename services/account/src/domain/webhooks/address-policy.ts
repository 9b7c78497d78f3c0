// Which addresses a webhook may reach (SSRF guard). A tenant-supplied URL must never make the fleet
// call into its own network: private (RFC 1918, RFC 4193), loopback, link-local (cloud metadata at
// 169.254.169.254 and fd00:ec2::254 fall in these), shared CGNAT space, multicast, documentation and
// reserved blocks are refused, for IP literals and for every address a host name resolves to. The
// blocks are the IANA special-purpose registries (RFC 6890 and its updates). An operator can exempt
// networks (WEBHOOK_ALLOWED_NETWORKS; the local fleet and tests exempt 127.0.0.1/32); production
// exempts none. The same check runs again at delivery time on the addresses actually connected to,
// so a DNS answer that changes after registration (rebinding) is refused too.
import { inCidr, parseCidr, parseIp, type Cidr, type IpAddress } from './ip.ts';

const BLOCKED_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network" (RFC 791); 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8], // private (RFC 1918)
  ['100.64.0.0', 10], // shared address space, CGNAT (RFC 6598)
  ['127.0.0.0', 8], // loopback (RFC 1122)
  ['169.254.0.0', 16], // link-local (RFC 3927), cloud metadata 169.254.169.254
  ['172.16.0.0', 12], // private (RFC 1918)
  ['192.0.0.0', 24], // IETF protocol assignments (RFC 6890)
  ['192.0.2.0', 24], // TEST-NET-1 (RFC 5737)
  ['192.88.99.0', 24], // 6to4 relay anycast (RFC 7526)
  ['192.168.0.0', 16], // private (RFC 1918)
  ['198.18.0.0', 15], // benchmarking (RFC 2544)
  ['198.51.100.0', 24], // TEST-NET-2 (RFC 5737)
  ['203.0.113.0', 24], // TEST-NET-3 (RFC 5737)
  ['224.0.0.0', 4], // multicast (RFC 5771)
  ['240.0.0.0', 4], // reserved, and the broadcast address (RFC 1112, RFC 919)
];
const BLOCKED_V6: Array<[string, number]> = [
  ['::', 128], // unspecified (RFC 4291)
  ['::1', 128], // loopback (RFC 4291)
  ['64:ff9b::', 96], // NAT64 (RFC 6052): would reach an IPv4 address through a translator
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215)
  ['100::', 64], // discard-only (RFC 6666)
  ['2001::', 23], // IETF protocol assignments (RFC 2928), Teredo inside
  ['2001:db8::', 32], // documentation (RFC 3849)
  ['2002::', 16], // 6to4 (RFC 3056): embeds an IPv4 address
  ['fc00::', 7], // unique local (RFC 4193), AWS metadata fd00:ec2::254
  ['fe80::', 10], // link-local (RFC 4291)
  ['fec0::', 10], // deprecated site-local (RFC 3879)
  ['ff00::', 8], // multicast (RFC 4291)
];

const BLOCKED: Cidr[] = [...BLOCKED_V4, ...BLOCKED_V6].map(([net, prefix]) => parseCidr(`${net}/${prefix}`)!);
const MAPPED_V4 = parseCidr('::ffff:0:0/96')!;

/** The IPv4 address inside an IPv4-mapped IPv6 one (::ffff:a.b.c.d, RFC 4291 2.5.5.2), else null. */
export function mappedIpv4(address: string): string | null {
  const ip = parseIp(address);
  if (!ip || !inCidr(ip, MAPPED_V4)) return null;
  const v = Number(ip.value & 0xffffffffn);
  return [v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255].join('.');
}

/** An IPv4-mapped address is judged as the IPv4 address it carries. */
function effective(ip: IpAddress): IpAddress {
  return ip.family === 6 && inCidr(ip, MAPPED_V4) ? { family: 4, value: ip.value & 0xffffffffn } : ip;
}

export class AddressPolicy {
  private readonly exempt: Cidr[];

  /** `allowedNetworks`: CIDRs (or single addresses) reachable even though a block above names them. */
  constructor(allowedNetworks: readonly string[] = []) {
    this.exempt = allowedNetworks.map((entry) => {
      const cidr = parseCidr(entry);
      if (!cidr) throw new RangeError(`not an IP network: ${entry}`);
      return cidr;
    });
  }

  /** True when a webhook may connect to this IP address. */
  allows(address: string): boolean {
    const parsed = parseIp(address);
    if (!parsed) return false;
    const ip = effective(parsed);
    if (this.exempt.some((c) => inCidr(ip, c) || inCidr(parsed, c))) return true;
    return !BLOCKED.some((c) => inCidr(ip, c));
  }
}

export type UrlRefusal =
  | { reason: 'malformed' }
  | { reason: 'scheme' }
  | { reason: 'credentials' }
  | { reason: 'unresolvable'; host: string }
  | { reason: 'private_address'; host: string; address: string };

/** Resolves a host name to every address it has (dns.lookup with all: true, in clients/). */
export type Resolver = (host: string) => Promise<string[]>;

/**
 * Null when `url` may be registered: http(s), no credentials in it, and the host (an IP literal, or
 * every address its name resolves to) allowed by `policy`.
 */
export async function checkWebhookUrl(
  url: string,
  policy: AddressPolicy,
  resolve: Resolver,
): Promise<UrlRefusal | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { reason: 'malformed' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { reason: 'scheme' };
  // user:password@ in a URL would be stored and shown in every listing.
  if (parsed.username || parsed.password) return { reason: 'credentials' };
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (!host) return { reason: 'malformed' };
  let addresses: string[];
  if (parseIp(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) return { reason: 'unresolvable', host };
  }
  const refused = addresses.find((a) => !policy.allows(a));
  return refused === undefined ? null : { reason: 'private_address', host, address: refused };
}
