// IP address text -> number, and CIDR membership, without node:net (domain code stays free of
// transport modules). Accepts the canonical textual forms: dotted-quad IPv4 and RFC 4291 section 2.2
// IPv6 (with "::" and a trailing dotted quad), no zone ids.

export interface IpAddress {
  family: 4 | 6;
  /** 32-bit (IPv4) or 128-bit (IPv6) value. */
  value: bigint;
}

function parseV4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let v = 0n;
  for (const p of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(p) || Number(p) > 255) return null;
    v = (v << 8n) | BigInt(p);
  }
  return v;
}

function parseV6(text: string): bigint | null {
  let s = text;
  // A trailing dotted quad (::ffff:10.0.0.1) is the last two groups written in IPv4 notation.
  const lastColon = s.lastIndexOf(':');
  const quad = s.slice(lastColon + 1);
  if (lastColon >= 0 && quad.includes('.')) {
    const v4 = parseV4(quad);
    if (v4 === null) return null;
    s = `${s.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (h: string) => (h === '' ? [] : h.split(':'));
  const head = groups(halves[0] ?? '');
  const rest = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const explicit = head.length + rest.length;
  if (halves.length === 1 ? explicit !== 8 : explicit > 7) return null;
  let v = 0n;
  for (const g of [...head, ...Array<string>(8 - explicit).fill('0'), ...rest]) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    v = (v << 16n) | BigInt(parseInt(g, 16));
  }
  return v;
}

/** The address, or null when `text` is not an IP literal (brackets around IPv6 are accepted). */
export function parseIp(text: string): IpAddress | null {
  const bare = text.replace(/^\[|\]$/g, '');
  if (bare.includes(':')) {
    const v = parseV6(bare);
    return v === null ? null : { family: 6, value: v };
  }
  const v = parseV4(bare);
  return v === null ? null : { family: 4, value: v };
}

export interface Cidr {
  family: 4 | 6;
  network: bigint;
  prefix: number;
}

/** `a.b.c.d/n`, `x::/n` or a single address; null when malformed. */
export function parseCidr(text: string): Cidr | null {
  const [addr = '', prefixText, extra] = text.split('/');
  if (extra !== undefined) return null;
  const ip = parseIp(addr);
  if (!ip) return null;
  const bits = ip.family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : /^[0-9]{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > bits) return null;
  return { family: ip.family, network: ip.value >> BigInt(bits - prefix), prefix };
}

export function inCidr(ip: IpAddress, cidr: Cidr): boolean {
  if (ip.family !== cidr.family) return false;
  const bits = ip.family === 4 ? 32 : 128;
  return ip.value >> BigInt(bits - cidr.prefix) === cidr.network;
}
