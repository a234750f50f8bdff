import { isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 literal (a trailing dotted quad counts as two groups). */
export function ipv6Groups(address: string): number[] | null {
  const text = address.toLowerCase().replace(/%.*$/, '');
  if (!isIPv6(text)) return null;
  // A trailing dotted quad is the last two groups written in decimal; rewrite it as hex first.
  const body = text.replace(/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/, (_m, a, b, c, d) =>
    `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`,
  );
  const [head, rest] = body.includes('::') ? body.split('::') : [body, undefined];
  const parse = (part: string | undefined): number[] => (part ? part.split(':').filter((g) => g !== '').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(rest);
  const missing = 8 - left.length - right.length;
  if (rest === undefined && missing !== 0) return null;
  return [...left, ...new Array<number>(Math.max(0, missing)).fill(0), ...right];
}

const dotted = (high: number, low: number): string => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * Every IPv4 address an IPv6 literal carries, by the standards that put one inside: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d, deprecated but
 * still routed by some stacks), NAT64 well-known (64:ff9b::/96) and local-use (64:ff9b:1::/48, whose
 * IPv4 sits in the last 32 bits for the common /96 layout), 6to4 (2002:AABB:CCDD::/16) and Teredo
 * (2001:0::/32: server in bits 32–63, client inverted in the last 32). A destination is judged by
 * these as well as by the IPv6 address itself, so no wrapping smuggles a private IPv4 past the guard.
 */
export function embeddedIpv4(address: string): string[] {
  const g = ipv6Groups(address);
  if (!g) return [];
  const zeros = (from: number, to: number): boolean => g.slice(from, to).every((x) => x === 0);
  const found: string[] = [];
  const last = dotted(g[6], g[7]);
  if (zeros(0, 5) && g[5] === 0xffff) found.push(last); // IPv4-mapped
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) found.push(last); // IPv4-translated
  if (zeros(0, 6) && !(g[6] === 0 && (g[7] === 0 || g[7] === 1))) found.push(last); // IPv4-compatible (not :: or ::1)
  if (g[0] === 0x64 && g[1] === 0xff9b && (zeros(2, 6) || g[2] === 1)) found.push(last); // NAT64
  if (g[0] === 0x2002) found.push(dotted(g[1], g[2])); // 6to4
  if (g[0] === 0x2001 && g[1] === 0) found.push(dotted(g[2], g[3]), dotted(g[6] ^ 0xffff, g[7] ^ 0xffff)); // Teredo
  return found;
}
