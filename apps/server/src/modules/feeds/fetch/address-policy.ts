import { isIP } from 'node:net';

/**
 * What kind of network an IP address belongs to, as far as fetching a member-supplied URL goes.
 * Only `public` is always fetched; `loopback` only when the sandbox flag allows it; the rest never.
 */
export type AddressKind =
  'public' | 'loopback' | 'private' | 'link_local' | 'metadata' | 'unspecified' | 'multicast' | 'reserved';

type Bytes = readonly number[];

interface Range {
  prefix: Bytes;
  bits: number;
  kind: Exclude<AddressKind, 'public'>;
}

const v4 = (cidr: string, kind: Range['kind']): Range => {
  const [address = '', bits = '32'] = cidr.split('/');
  return { prefix: address.split('.').map(Number), bits: Number(bits), kind };
};

/** First match wins, so the metadata address comes before the link-local block that contains it. */
const IPV4_RANGES: readonly Range[] = [
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

function inRange(bytes: Bytes, range: Range): boolean {
  let bits = range.bits;
  for (let i = 0; bits > 0; i += 1, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((range.prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

function classifyV4(bytes: Bytes): AddressKind {
  return IPV4_RANGES.find((range) => inRange(bytes, range))?.kind ?? 'public';
}

/** Parses an IPv6 address (already checked by net.isIP) into 16 bytes; a dotted IPv4 tail becomes two groups. */
function parseV6(address: string): number[] {
  const text = address.replace(
    /(\d+)\.(\d+)\.(\d+)\.(\d+)$/,
    (_, a: string, b: string, c: string, d: string) =>
      [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((g) => g.toString(16)).join(':'),
  );
  const [head = '', rest] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  const zeros = new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right].flatMap((group) => [(group >> 8) & 0xff, group & 0xff]);
}

const v6 = (cidr: string, kind: Range['kind']): Range => {
  const [address = '', bits = '128'] = cidr.split('/');
  return { prefix: parseV6(address), bits: Number(bits), kind };
};

/** Checked after the forms that embed an IPv4 address; first match wins. */
const IPV6_RANGES: readonly Range[] = [
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

const isZero = (bytes: Bytes) => bytes.every((b) => b === 0);

function classifyV6(bytes: Bytes): AddressKind {
  const head = bytes.slice(0, 12);
  const last4 = bytes.slice(12, 16);
  if (isZero(bytes)) return 'unspecified';
  if (isZero(bytes.slice(0, 15)) && bytes[15] === 1) return 'loopback';
  // IPv4-mapped ::ffff:a.b.c.d and the well-known NAT64 prefix 64:ff9b::/96 reach the embedded IPv4 address.
  const mapped = isZero(head.slice(0, 10)) && head[10] === 0xff && head[11] === 0xff;
  const nat64 = [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0].every((b, i) => head[i] === b);
  if (mapped || nat64) return classifyV4(last4);
  // Deprecated IPv4-compatible ::a.b.c.d: never legitimate, but name the embedded kind when it is a bad one.
  if (isZero(head)) {
    const embedded = classifyV4(last4);
    return embedded === 'public' ? 'reserved' : embedded;
  }
  // 6to4 2002:aabb:ccdd::/48 tunnels to the IPv4 address aa.bb.cc.dd.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return classifyV4(bytes.slice(2, 6));
  const special = IPV6_RANGES.find((range) => inRange(bytes, range));
  if (special) return special.kind;
  // Everything outside global unicast 2000::/3 is unassigned or special-purpose.
  return ((bytes[0] ?? 0) & 0xe0) === 0x20 ? 'public' : 'reserved';
}

/**
 * Classifies an IP address (v4, v6, with or without brackets or a zone id). Anything that is not a
 * valid address is `reserved`, so a caller can never mistake garbage for a public address.
 */
export function classifyAddress(address: string): AddressKind {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return classifyV4(bare.split('.').map(Number));
  if (family === 6) return classifyV6(parseV6(bare));
  return 'reserved';
}

/** Whether FitPost may open a connection to this address; loopback only with the sandbox flag. */
export function isAddressAllowed(kind: AddressKind, allowLoopback: boolean): boolean {
  return kind === 'public' || (kind === 'loopback' && allowLoopback);
}
