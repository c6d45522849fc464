import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The peer address of the socket. X-Forwarded-For is not read: any client can write it, so it
 * would let one client spread its failures over invented addresses. Without a socket (`app.request`
 * in tests) every request shares one bucket, which limits rather than exempts.
 */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
