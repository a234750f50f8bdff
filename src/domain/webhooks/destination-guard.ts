import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { ProblemError } from '../../errors.js';
import { embeddedIpv4 } from './embedded-ipv4.js';
import { parseAllowedHost, type AllowedHost } from './allowed-host.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Host name → addresses; injectable so tests can answer without DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));

/** Cloud instance metadata endpoints: refused always, whatever the allow-list says. */
const METADATA = new BlockList();
METADATA.addAddress('169.254.169.254', 'ipv4'); // AWS, GCP, Azure, OpenStack, DigitalOcean
METADATA.addAddress('169.254.170.2', 'ipv4'); // AWS ECS task metadata
METADATA.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud
METADATA.addAddress('fd00:ec2::254', 'ipv6'); // AWS over IPv6

/** Addresses that are not the public internet. */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // unspecified / "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): a site's own translator, never the public internet
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

const typeOf = (address: ResolvedAddress): 'ipv4' | 'ipv6' => (address.family === 6 ? 'ipv6' : 'ipv4');

/** The address and every IPv4 address embedded in it (mapped, compatible, NAT64, 6to4, Teredo), each with its family. */
const judgedForms = (address: ResolvedAddress): [string, 'ipv4' | 'ipv6'][] => [
  [address.address, typeOf(address)],
  ...(address.family === 6 ? embeddedIpv4(address.address).map((v4): [string, 'ipv4'] => [v4, 'ipv4']) : []),
];

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

export interface VettedDestination {
  url: URL;
  /** The address the request must connect to: the one that was checked (no DNS rebinding). */
  address: ResolvedAddress;
}

export const destinationForbidden = (detail: string): ProblemError =>
  new ProblemError(400, 'PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN', detail, {
    errors: [{ code: 'destination_forbidden', message: 'the destination is not a public http(s) address', path: '/body/destinationUrl' }],
  });

/**
 * The SSRF policy for webhook destinations, applied at creation, on every destination change and
 * before every delivery attempt (re-resolving each time). The URL must be http(s) without
 * credentials; every address the host resolves to must be public, unless WEBHOOK_ALLOWED_HOSTS names
 * the host on the URL's port. Metadata endpoints are refused even then. An IPv6 address that embeds an
 * IPv4 address is judged by both.
 *
 * Allow-list entries are pinned to a port so that allowing a local receiver does not open the
 * databases and caches beside it: `host:port` allows that port, a bare `host` only the scheme's
 * default port (80/443), and `host:*` every port (explicit, for tests and development).
 */
export class DestinationGuard {
  private readonly allowedHosts: readonly AllowedHost[];

  constructor(
    allowedHosts: readonly string[],
    private readonly resolve: Resolver = systemResolver,
  ) {
    this.allowedHosts = allowedHosts.map(parseAllowedHost);
  }

  async vet(destinationUrl: string): Promise<VettedDestination> {
    let url: URL;
    try {
      url = new URL(destinationUrl);
    } catch {
      throw destinationForbidden('The destination is not an absolute URL.');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw destinationForbidden('The destination must use http or https.');
    if (url.username || url.password) throw destinationForbidden('The destination must not carry credentials.');

    const hostname = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
    const literal = isIP(hostname);
    let addresses: ResolvedAddress[];
    try {
      addresses = literal ? [{ address: hostname, family: literal === 6 ? 6 : 4 }] : await this.resolve(hostname);
    } catch {
      throw destinationForbidden(`The destination host ${hostname} does not resolve.`);
    }
    if (addresses.length === 0) throw destinationForbidden(`The destination host ${hostname} does not resolve.`);

    const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port);
    const allowListed = this.allowedHosts.some(
      (entry) => entry.host === hostname && (entry.port === '*' || (entry.port === 'default' ? DEFAULT_PORTS[url.protocol] : entry.port) === port),
    );
    for (const address of addresses) {
      const forms = judgedForms(address);
      if (forms.some(([value, type]) => METADATA.check(value, type))) {
        throw destinationForbidden('The destination resolves to a cloud metadata address, which is never allowed.');
      }
      if (!allowListed && forms.some(([value, type]) => NON_PUBLIC.check(value, type))) {
        throw destinationForbidden('The destination resolves to a loopback, private, link-local or otherwise non-public address.');
      }
    }
    return { url, address: addresses[0] };
  }
}
