import type { Server, ServerOptions } from 'node:http';

/**
 * How long the HTTP server waits for a slow client. A client that trickles its headers or body
 * would otherwise hold a socket (and memory) for as long as it likes; an idle keep-alive socket
 * is let go after a few seconds.
 */
export const HTTP_TIMEOUTS = {
  /** The request line and headers must arrive within this (408 and closed otherwise). */
  headersTimeoutMs: 10_000,
  /** The whole request, body included, must arrive within this. */
  requestTimeoutMs: 30_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: 5_000,
  /**
   * Node checks the two request timeouts only every this often (30 s by default, which would let
   * a slow client keep its socket for up to a minute).
   */
  connectionsCheckingIntervalMs: 1_000,
} as const;

/** Options for `http.createServer` (through @hono/node-server's `serverOptions`). */
export const httpServerOptions = (): ServerOptions => ({
  headersTimeout: HTTP_TIMEOUTS.headersTimeoutMs,
  requestTimeout: HTTP_TIMEOUTS.requestTimeoutMs,
  connectionsCheckingInterval: HTTP_TIMEOUTS.connectionsCheckingIntervalMs,
});

/** What `createServer` takes only as a property on Node 20. */
export function applyKeepAliveTimeout(server: Server): void {
  server.keepAliveTimeout = HTTP_TIMEOUTS.keepAliveTimeoutMs;
}
