import { describe, expect, it } from 'vitest';
import {
  clientKeyOf,
  parseAddress,
  parseTrustedProxies,
  resolveClientAddress,
  UNKNOWN_CLIENT,
} from '../../../service/core/client-address.js';
import { ConfigError, loadConfig } from '../../../service/core/config.js';

const trust = (spec: string) => parseTrustedProxies(spec);

describe('client address', () => {
  it('given no trusted proxies, when a client sends X-Forwarded-For, then it is ignored and the socket address counts', () => {
    expect(resolveClientAddress('203.0.113.9', '192.0.2.1', trust(''))).toBe('203.0.113.9');
  });

  it('given a trusted proxy, when a request comes from an untrusted peer with a forged X-Forwarded-For, then the peer counts', () => {
    expect(resolveClientAddress('203.0.113.9', '192.0.2.1, 10.0.0.1', trust('10.0.0.0/8'))).toBe('203.0.113.9');
  });

  it('given a trusted proxy as peer, then the client is the right-most forwarded address, not what the client wrote left of it', () => {
    const t = trust('127.0.0.1');
    expect(resolveClientAddress('127.0.0.1', '198.51.100.4', t)).toBe('198.51.100.4');
    // The client wrote "1.1.1.1"; the proxy appended the address it saw.
    expect(resolveClientAddress('127.0.0.1', '1.1.1.1, 198.51.100.4', t)).toBe('198.51.100.4');
  });

  it('given a chain of trusted proxies, then trusted hops are skipped from the right', () => {
    const t = trust('10.0.0.0/8, fd00::/8');
    expect(resolveClientAddress('10.0.0.2', '6.6.6.6, 198.51.100.4, 10.0.0.1, fd00::7', t)).toBe('198.51.100.4');
    // Every hop trusted (a health check from a proxy itself): the left-most one.
    expect(resolveClientAddress('10.0.0.2', '10.9.9.9, 10.0.0.1', t)).toBe('10.9.9.9');
  });

  it('given garbage in X-Forwarded-For, then the walk stops at it and the hop that passed it on counts', () => {
    const t = trust('10.0.0.0/8');
    expect(resolveClientAddress('10.0.0.2', 'not-an-ip', t)).toBe('10.0.0.2');
    expect(resolveClientAddress('10.0.0.2', '198.51.100.4, 10.0.0.1, <script>', t)).toBe('10.0.0.2');
    expect(resolveClientAddress('10.0.0.2', 'junk, 198.51.100.4', t)).toBe('198.51.100.4');
    expect(resolveClientAddress('10.0.0.2', '198.51.100.4, , 10.0.0.1', t)).toBe('10.0.0.1');
    expect(resolveClientAddress('10.0.0.2', '', t)).toBe('10.0.0.2');
  });

  it('given IPv6 clients, then they are grouped by /64', () => {
    const t = trust('::1');
    const a = resolveClientAddress('::1', '2001:db8:1:2:aaaa::1', t);
    expect(a).toBe('2001:db8:1:2::/64');
    expect(resolveClientAddress('::1', '2001:DB8:1:2:bbbb:cccc:dddd:eeee', t)).toBe(a);
    expect(resolveClientAddress('2001:db8:1:2::99', undefined, t)).toBe(a);
    expect(resolveClientAddress('::1', '2001:db8:1:3::1', t)).not.toBe(a);
    expect(clientKeyOf('::')).toBe('0:0:0:0::/64');
    expect(clientKeyOf('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('given IPv4-mapped IPv6, then it is the IPv4 address, for the socket, the trust list and the forwarded entries', () => {
    const t = trust('127.0.0.1');
    expect(resolveClientAddress('::ffff:127.0.0.1', '::ffff:198.51.100.4', t)).toBe('198.51.100.4');
    expect(resolveClientAddress('::ffff:203.0.113.9', undefined, t)).toBe('203.0.113.9');
    expect(parseAddress('::ffff:c633:6404')).toBe('198.51.100.4');
  });

  it('given ports, brackets and zone ids, then the address alone counts', () => {
    expect(parseAddress('198.51.100.4:5123')).toBe('198.51.100.4');
    expect(parseAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(parseAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(parseAddress('198.51.100.4:x')).toBeNull();
    expect(parseAddress('999.1.1.1')).toBeNull();
  });

  it('given no socket (a test calling the app directly), then the client is "unknown", one shared bucket', () => {
    expect(resolveClientAddress(undefined, '198.51.100.4', trust('127.0.0.1'))).toBe(UNKNOWN_CLIENT);
  });
});

describe('TRUST_PROXY', () => {
  it('given addresses and ranges of both families, then it loads', () => {
    const config = loadConfig({ TRUST_PROXY: '127.0.0.1, ::1,10.0.0.0/8 , fd00::/8' });
    expect(config.TRUST_PROXY).toContain('10.0.0.0/8');
  });

  it.each(['proxy.local', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', '10.0.0.0/-1', '10.0.0.0/'])(
    'given "%s", then start-up stops with a message naming TRUST_PROXY',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: .*is not an IP address or a CIDR range|TRUST_PROXY: .*prefix length/,
      );
    },
  );
});
