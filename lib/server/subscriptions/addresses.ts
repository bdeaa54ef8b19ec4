import 'server-only';
/**
 * Where a webhook may not point (issue 35.6, SSRF): an address is classified from its bytes, so every spelling of
 * one address gets the same answer — an IPv4 address written inside IPv6 (`::ffff:127.0.0.1`, `::ffff:7f00:1`,
 * `::127.0.0.1`, NAT64 `64:ff9b::a9fe:a9fe`) is judged as the IPv4 address it carries. Only `public` may be
 * connected to; the test-only setting WEBHOOK_ALLOW_LOOPBACK lets `loopback` through as well.
 */
import { isIPv4, isIPv6 } from 'node:net';

export type AddressClass = 'public' | 'loopback' | 'private' | 'linkLocal' | 'cgnat' | 'unspecified' | 'multicast' | 'reserved' | 'invalid';

/** Each range: first bytes, prefix length in bits, class. */
type Range = readonly [bytes: readonly number[], bits: number, kind: Exclude<AddressClass, 'public' | 'invalid'>];

const V4_RANGES: readonly Range[] = [
  [[0], 8, 'unspecified'], // "this network" incl. 0.0.0.0
  [[10], 8, 'private'],
  [[100, 64], 10, 'cgnat'],
  [[127], 8, 'loopback'],
  [[169, 254], 16, 'linkLocal'], // incl. the cloud metadata address 169.254.169.254
  [[172, 16], 12, 'private'],
  [[192, 0, 0], 24, 'reserved'], // IETF protocol assignments
  [[192, 0, 2], 24, 'reserved'], // documentation
  [[192, 88, 99], 24, 'reserved'], // 6to4 relay anycast
  [[192, 168], 16, 'private'],
  [[198, 18], 15, 'reserved'], // benchmarking
  [[198, 51, 100], 24, 'reserved'],
  [[203, 0, 113], 24, 'reserved'],
  [[224], 4, 'multicast'],
  [[240], 4, 'reserved'], // incl. broadcast 255.255.255.255
];

const V6_RANGES: readonly Range[] = [
  [[0xfc], 7, 'private'], // unique local fc00::/7
  [[0xfe, 0x80], 10, 'linkLocal'],
  [[0xfe, 0xc0], 10, 'private'], // deprecated site-local
  [[0xff], 8, 'multicast'],
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'reserved'], // documentation
  [[0x01, 0, 0, 0, 0, 0, 0, 0], 64, 'reserved'], // discard-only
  [[0x20, 0x01, 0, 0], 32, 'reserved'], // Teredo (tunnels to an address we cannot see)
  [[0x20, 0x02], 16, 'reserved'], // 6to4 (likewise)
];

function inRange(bytes: readonly number[], [prefix, bits]: Range): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const i = bit / 8;
    const take = Math.min(8, bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

function classifyV4(bytes: readonly number[]): AddressClass {
  for (const range of V4_RANGES) if (inRange(bytes, range)) return range[2];
  return 'public';
}

function v4Bytes(text: string): number[] {
  return text.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address (already known valid by node:net), an embedded dotted quad included. */
function v6Bytes(text: string): number[] {
  let s = text.split('%')[0]!.toLowerCase();
  let tail: number[] = [];
  const quad = s.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (quad) {
    tail = v4Bytes(quad[1]!);
    s = `${s.slice(0, -quad[1]!.length)}0:0`;
  }
  const [head, rest] = s.includes('::') ? s.split('::') : [s, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':').filter((g) => g !== '') : []);
  const left = groups(head);
  const right = groups(rest);
  const all = rest === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  const bytes = all.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** What kind of address `ip` (an IPv4 or IPv6 literal, no brackets) is. */
export function classifyAddress(ip: string): AddressClass {
  if (isIPv4(ip)) return classifyV4(v4Bytes(ip));
  if (!isIPv6(ip)) return 'invalid';
  const b = v6Bytes(ip);
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zero(0, 16)) return 'unspecified';
  if (zero(0, 15) && b[15] === 1) return 'loopback';
  // IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d, NAT64 64:ff9b::a.b.c.d
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return classifyV4(b.slice(12));
  if (zero(0, 12)) return classifyV4(b.slice(12));
  if (zero(0, 8) && b[8] === 0xff && b[9] === 0xff && zero(10, 12)) return classifyV4(b.slice(12));
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return classifyV4(b.slice(12));
  for (const range of V6_RANGES) if (inRange(b, range)) return range[2];
  return 'public';
}

/** Whether a webhook may connect to an address of this class. */
export function mayConnect(kind: AddressClass, allowLoopback: boolean): boolean {
  return kind === 'public' || (allowLoopback && kind === 'loopback');
}
