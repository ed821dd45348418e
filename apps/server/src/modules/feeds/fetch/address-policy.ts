import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * What kind of network an IP address belongs to, as far as fetching a member-supplied URL goes.
 * Only `public` is always fetched; `loopback` only when the sandbox flag allows it; the rest never.
 */
export type AddressKind =
  'public' | 'loopback' | 'private' | 'link_local' | 'metadata' | 'unspecified' | 'multicast' | 'reserved';

type BlockedKind = Exclude<AddressKind, 'public'>;
type Range<A extends ipaddr.IPv4 | ipaddr.IPv6> = [A, number, BlockedKind];

const v4 = (cidr: string, kind: BlockedKind): Range<ipaddr.IPv4> => [...ipaddr.IPv4.parseCIDR(cidr), kind];
const v6 = (cidr: string, kind: BlockedKind): Range<ipaddr.IPv6> => [...ipaddr.IPv6.parseCIDR(cidr), kind];

/** First match wins, so the metadata address comes before the link-local block that contains it. */
const IPV4_RANGES: readonly Range<ipaddr.IPv4>[] = [
  v4('169.254.169.254/32', 'metadata'), // AWS, GCP, Azure, OpenStack instance metadata
  v4('127.0.0.0/8', 'loopback'),
  v4('0.0.0.0/8', 'unspecified'),
  v4('10.0.0.0/8', 'private'),
  v4('172.16.0.0/12', 'private'),
  v4('192.168.0.0/16', 'private'),
  v4('100.64.0.0/10', 'private'), // carrier-grade NAT, also used inside cloud networks
  v4('169.254.0.0/16', 'link_local'),
  v4('192.0.0.0/24', 'reserved'), // IETF protocol assignments (incl. 192.0.0.192 Oracle metadata)
  v4('192.0.2.0/24', 'reserved'),
  v4('192.88.99.0/24', 'reserved'),
  v4('198.18.0.0/15', 'reserved'),
  v4('198.51.100.0/24', 'reserved'),
  v4('203.0.113.0/24', 'reserved'),
  v4('224.0.0.0/4', 'multicast'),
  v4('240.0.0.0/4', 'reserved'), // includes 255.255.255.255
];

function classifyV4(address: ipaddr.IPv4): AddressKind {
  return IPV4_RANGES.find(([range, bits]) => address.match(range, bits))?.[2] ?? 'public';
}

/** An IPv4 address carried inside an IPv6 one, from its bytes `from` to `from + 4`. */
const embeddedV4 = (address: ipaddr.IPv6, from: number) =>
  new ipaddr.IPv4(address.toByteArray().slice(from, from + 4));

const V6_LOOPBACK = ipaddr.IPv6.parse('::1');
const V6_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96'); // deprecated IPv4-compatible ::a.b.c.d
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96'); // well-known NAT64 prefix
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR('2002::/16'); // 6to4 2002:aabb:ccdd::/48 → aa.bb.cc.dd
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/** Checked after the forms that embed an IPv4 address; first match wins. */
const IPV6_RANGES: readonly Range<ipaddr.IPv6>[] = [
  v6('fd00:ec2::254/128', 'metadata'), // AWS instance metadata over IPv6
  v6('fc00::/7', 'private'), // unique-local
  v6('fe80::/10', 'link_local'),
  v6('fec0::/10', 'private'), // deprecated site-local
  v6('ff00::/8', 'multicast'),
  v6('64:ff9b:1::/48', 'reserved'), // local-use NAT64: could translate to anything
  v6('100::/64', 'reserved'), // discard-only
  v6('2001::/32', 'reserved'), // Teredo: the real IPv4 end is obfuscated, so refuse it all
  v6('2001:db8::/32', 'reserved'), // documentation
];

function classifyV6(address: ipaddr.IPv6): AddressKind {
  if (address.range() === 'unspecified') return 'unspecified';
  if (address.match(V6_LOOPBACK, 128)) return 'loopback';
  // IPv4-mapped ::ffff:a.b.c.d and the well-known NAT64 prefix 64:ff9b::/96 reach the embedded IPv4 address.
  if (address.isIPv4MappedAddress()) return classifyV4(address.toIPv4Address());
  if (address.match(NAT64)) return classifyV4(embeddedV4(address, 12));
  // Deprecated IPv4-compatible ::a.b.c.d: never legitimate, but name the embedded kind when it is a bad one.
  if (address.match(V6_COMPATIBLE)) {
    const embedded = classifyV4(embeddedV4(address, 12));
    return embedded === 'public' ? 'reserved' : embedded;
  }
  if (address.match(SIX_TO_FOUR)) return classifyV4(embeddedV4(address, 2));
  const special = IPV6_RANGES.find(([range, bits]) => address.match(range, bits));
  if (special) return special[2];
  // Everything outside global unicast 2000::/3 is unassigned or special-purpose.
  return address.match(GLOBAL_UNICAST) ? 'public' : 'reserved';
}

/**
 * `::a.b.c.d` is the deprecated IPv4-compatible form — the address a socket opens is `::aabb:ccdd` —
 * but ipaddr.js reads it as IPv4-mapped (`::ffff:a.b.c.d`), so that one form is built here.
 */
function parseV6(text: string): ipaddr.IPv6 {
  const compatible = /^::(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (compatible === undefined) return ipaddr.IPv6.parse(text);
  const [a = 0, b = 0, c = 0, d = 0] = ipaddr.IPv4.parse(compatible).octets;
  return new ipaddr.IPv6([0, 0, 0, 0, 0, 0, (a << 8) | b, (c << 8) | d]);
}

/**
 * Classifies an IP address (v4, v6, with or without brackets or a zone id). Anything that is not a
 * valid address is `reserved`, so a caller can never mistake garbage for a public address. Node's
 * `isIP` decides what is an address (strict dotted decimal: no `0x7f.1` or `127.1` forms);
 * ipaddr.js parses it and matches the ranges.
 */
export function classifyAddress(address: string): AddressKind {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return classifyV4(ipaddr.IPv4.parse(bare));
  if (family === 6) return classifyV6(parseV6(bare));
  return 'reserved';
}

/** Whether FitPost may open a connection to this address; loopback only with the sandbox flag. */
export function isAddressAllowed(kind: AddressKind, allowLoopback: boolean): boolean {
  return kind === 'public' || (kind === 'loopback' && allowLoopback);
}
