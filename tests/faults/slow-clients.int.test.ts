import { afterAll, beforeAll, describe, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import { startServer, type RunningServer } from '../support/server.js';

/**
 * The server cuts slow clients: headers within 10 s, the whole request within 30 s, an idle
 * keep-alive connection after 5 s. Each case is a raw socket against `service/main.ts`; the test
 * measures when the server closes it (the limits plus Node's 1 s check interval, with margin).
 */

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
});

interface Trickle {
  /** Resolves with the seconds from connect to the server's close, and what the server sent. */
  closed: Promise<{ seconds: number; received: string }>;
  socket: Socket;
}

/** Opens a socket, sends `first`, then one byte of `rest` every `everyMs` until the server closes it. */
function trickle(first: string, rest: string, everyMs: number): Trickle {
  const { port } = new URL(server.url);
  const socket = connect({ host: '127.0.0.1', port: Number(port) });
  const started = Date.now();
  let received = '';
  let timer: NodeJS.Timeout | undefined;
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => (received += d));
  socket.on('error', () => undefined);
  socket.once('connect', () => {
    socket.write(first);
    let i = 0;
    timer = setInterval(() => {
      if (!socket.writable) return;
      socket.write(rest[i % rest.length]!);
      i++;
    }, everyMs);
  });
  const closed = new Promise<{ seconds: number; received: string }>((resolve) =>
    socket.once('close', () => {
      clearInterval(timer);
      resolve({ seconds: (Date.now() - started) / 1000, received });
    }),
  );
  return { closed, socket };
}

const host = () => new URL(server.url).host;

// Concurrent: each case waits out a limit, and they do not share a socket.
describe.concurrent('slow clients', () => {
  it('given a client that trickles its header bytes (one a second, never finishing), when 10 s pass, then the server closes the socket within 15 s', async ({
    expect,
  }) => {
    const t = trickle(
      `GET /api/workshops HTTP/1.1\r\nHost: ${host()}\r\n`,
      'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      1000,
    );
    const { seconds, received } = await t.closed;
    expect(seconds).toBeGreaterThanOrEqual(9.5);
    expect(seconds).toBeLessThan(15);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);

  it('given a client whose headers are complete but whose body trickles, when 30 s pass, then the server closes the socket within 35 s', async ({
    expect,
  }) => {
    const body = JSON.stringify({ fullname: 'Slow Sender', email: 'slow@example.com', message: 'x'.repeat(200) });
    const t = trickle(
      `POST /api/contact HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
      // 200+ bytes at one a second would take over three minutes.
      1000,
    );
    const { seconds } = await t.closed;
    expect(seconds).toBeGreaterThanOrEqual(29.5);
    expect(seconds).toBeLessThan(35);
  }, 60_000);

  it('given a keep-alive connection left idle after an answer, when 5 s pass, then the server closes it within 8 s', async ({
    expect,
  }) => {
    const t = trickle(`GET /health HTTP/1.1\r\nHost: ${host()}\r\n\r\n`, '', 60_000);
    const { seconds, received } = await t.closed;
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(seconds).toBeGreaterThanOrEqual(4.5);
    expect(seconds).toBeLessThan(8);
  }, 30_000);

  it('given a client that sends a whole request at once, when it is answered, then the limits did not get in its way', async ({
    expect,
  }) => {
    const r = await fetch(`${server.url}/api/workshops`);
    expect(r.status).toBe(200);
  });
});
