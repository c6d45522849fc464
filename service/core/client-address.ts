import { BlockList, isIP, isIPv4 } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The client address every limit counts by (rate limits, unpaid holds, wrong admin keys).
 *
 * X-Forwarded-For is believed only as far as trusted proxies (TRUST_PROXY) vouch for it: the
 * socket peer must be trusted, and then the client is the right-most entry that is not itself a
 * trusted proxy. Entries left of it were written by the client or by hops nobody vouches for, so
 * a client could invent them to spread its requests over fresh addresses.
 *
 * IPv4-mapped IPv6 (::ffff:1.2.3.4) is IPv4. An IPv6 client is its /64: one home or one host gets
 * a whole /64, so counting single IPv6 addresses would give each attacker 2^64 fresh buckets.
 */

declare module 'hono' {
  interface ContextVariableMap {
    clientAddress: string;
  }
}

/** The address when the request came without a socket (`app.request` in tests): one shared bucket. */
export const UNKNOWN_CLIENT = 'unknown';

export class TrustProxyError extends Error {}

/** Parses TRUST_PROXY: addresses or CIDR ranges, IPv4 or IPv6, separated by commas. */
export function parseTrustedProxies(spec: string | undefined): BlockList {
  const list = new BlockList();
  for (const raw of (spec ?? '').split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const [address = '', prefixText, extra] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || extra !== undefined)
      throw new TrustProxyError(`"${entry}" is not an IP address or a CIDR range (e.g. 10.0.0.0/8, fd00::/8)`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefixText === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const prefix = Number(prefixText);
    const max = family === 4 ? 32 : 128;
    if (!/^\d{1,3}$/.test(prefixText) || prefix > max)
      throw new TrustProxyError(`"${entry}" has a prefix length outside 0-${max}`);
    list.addSubnet(address, prefix, type);
  }
  return list;
}

/** An address as written in a header or by the socket, or null when it is not one. */
export function parseAddress(raw: string): string | null {
  let a = raw.trim();
  // "[2001:db8::1]:443" and "203.0.113.5:1234": some proxies add the port.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  a = a.replace(/%[\w.-]+$/, ''); // an IPv6 zone id names a local interface, not a client
  const family = isIP(a);
  if (family === 0) return null;
  if (family === 6) {
    const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(a);
    if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
    const groups = ipv6Groups(a);
    if (
      groups[0] === 0 &&
      groups[1] === 0 &&
      groups[2] === 0 &&
      groups[3] === 0 &&
      groups[4] === 0 &&
      groups[5] === 0xffff
    ) {
      return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
    }
  }
  return a.toLowerCase();
}

/**
 * The eight 16-bit groups of a valid IPv6 address (checked by isIP before). Node checks and
 * matches addresses (isIP, BlockList) but has no way to give their bits, which the /64 needs.
 */
function ipv6Groups(address: string): number[] {
  let text = address;
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}

/** The key limits count by: an IPv4 address, or the /64 of an IPv6 one (e.g. "2001:db8:0:1::/64"). */
export function clientKeyOf(address: string): string {
  if (isIP(address) !== 6) return address;
  const [a, b, c, d] = ipv6Groups(address).map((g) => g.toString(16));
  return `${a}:${b}:${c}:${d}::/64`;
}

/**
 * The client of a request: the socket peer, or, when that peer is a trusted proxy, the right-most
 * X-Forwarded-For entry that is not trusted. An entry that is not an address stops the walk: the
 * client is then the hop that passed it on, since nothing left of it can be read safely.
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trusted: BlockList,
  isTrusted = (a: string) => trusted.check(a, isIP(a) === 6 ? 'ipv6' : 'ipv4'),
): string {
  const peer = socketAddress ? parseAddress(socketAddress) : null;
  if (!peer) return UNKNOWN_CLIENT;
  let client = peer;
  if (isTrusted(peer) && forwardedFor) {
    const hops = forwardedFor.split(',').reverse();
    for (const hop of hops) {
      const address = parseAddress(hop);
      if (!address) break;
      client = address;
      if (!isTrusted(address)) break;
    }
  }
  return clientKeyOf(client);
}

/** Resolves the client once per request (TRUST_PROXY parsed once) and keeps it for every limit. */
export function clientAddressMiddleware(trustProxy: string | undefined): MiddlewareHandler {
  const trusted = parseTrustedProxies(trustProxy);
  // BlockList.check builds a native SocketAddress per call, which costs more than the rest of this
  // module; the peers (the proxies) are few and asked about on every request, so answers are kept.
  const known = new Map<string, boolean>();
  const isTrusted = (a: string) => {
    let answer = known.get(a);
    if (answer === undefined) {
      if (known.size >= 1_000) known.clear();
      known.set(a, (answer = trusted.check(a, isIP(a) === 6 ? 'ipv6' : 'ipv4')));
    }
    return answer;
  };
  return async (c, next) => {
    c.set(
      'clientAddress',
      resolveClientAddress(socketAddressOf(c), c.req.header('x-forwarded-for'), trusted, isTrusted),
    );
    await next();
  };
}

/** The client address the middleware found (see clientAddressMiddleware). */
export function clientAddress(c: Context): string {
  return c.get('clientAddress') ?? UNKNOWN_CLIENT;
}

function socketAddressOf(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // No socket: `app.request` in tests. Every such request shares one client, which limits rather than exempts.
    return undefined;
  }
}
