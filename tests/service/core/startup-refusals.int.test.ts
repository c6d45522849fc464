import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { compiled, tempDataDir } from '../../support/server.js';

/**
 * The two start-up refusals, as an operator meets them: `service/main.ts` in its own process. A
 * refusal exits non-zero with a message naming what to set, before any store is opened: the
 * EventStoreDB and MongoDB addresses point at listeners that record every connection, and the
 * embedded data folder stays empty. A control run with PAYMENTS=offline proves the listeners would
 * have seen the connection.
 */

interface Listener {
  url: (scheme: string, query: string) => string;
  connections: () => number;
  close(): Promise<void>;
}

/** A TCP listener that counts connections and never answers. */
async function recordingListener(): Promise<Listener> {
  let count = 0;
  const sockets = new Set<import('node:net').Socket>();
  const server: Server = createServer((socket) => {
    count++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: (scheme, query) => `${scheme}://127.0.0.1:${port}/${query}`,
    connections: () => count,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

interface Run {
  /** Exit code, or null when the test had to kill it. */
  code: Promise<number | null>;
  output: () => string;
  kill(): void;
}

/** Starts the service (compiled for this run) with exactly the variables given (plus what Node needs to run). */
function startMain(env: Record<string, string>): Run {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => ['PATH', 'HOME', 'TMPDIR', 'NODE_OPTIONS'].includes(k)),
  ) as Record<string, string>;
  const proc = spawn(process.execPath, [compiled('service/main.js')], {
    env: { ...base, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const code = new Promise<number | null>((resolve) => proc.on('exit', (c) => resolve(c)));
  return { code, output: () => out, kill: () => proc.exitCode === null && proc.kill('SIGKILL') };
}

const until = async (check: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return check();
};

let eventstore: Listener;
let mongo: Listener;
const runs: Run[] = [];
afterEach(async () => {
  for (const r of runs.splice(0)) r.kill();
  await Promise.all([eventstore?.close(), mongo?.close()]);
});

const productionEnv = () => ({
  EVENTSTORE_URL: eventstore.url('esdb', '?tls=false'),
  MONGODB_URL: mongo.url('mongodb', '?directConnection=true&serverSelectionTimeoutMS=60000'),
  ADMIN_KEY: 'a-long-admin-key-for-tests',
  BOOKING_LINK_SECRET: 'a-booking-link-secret-long-enough-for-tests',
  DATA_DIR: tempDataDir('refusal-'),
});

describe('start-up refusals', () => {
  it('given the production stores and no Stripe keys, when the API starts, then it exits non-zero naming STRIPE_SECRET_KEY and PAYMENTS, before connecting to either store', async () => {
    eventstore = await recordingListener();
    mongo = await recordingListener();
    const env = productionEnv();

    const run = startMain(env);
    runs.push(run);
    const code = await run.code;

    expect(code).toBe(78);
    expect(run.output()).toMatch(/STRIPE_SECRET_KEY: payments are not configured/);
    expect(run.output()).toMatch(/set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(run.output()).toMatch(/PAYMENTS=offline/);
    expect(eventstore.connections() + mongo.connections()).toBe(0);
    expect(readdirSync(env.DATA_DIR)).toEqual([]);
  });

  it('given the same stores and PAYMENTS=offline, when the API starts, then it goes on to connect (the listeners would have seen a connection)', async () => {
    eventstore = await recordingListener();
    mongo = await recordingListener();

    const run = startMain({ ...productionEnv(), PAYMENTS: 'offline' });
    runs.push(run);

    // Up to most of the test's minute: loading the service and both drivers on a busy machine has
    // taken over 20 s. A refusal would have ended the process long before.
    expect(await until(() => mongo.connections() + eventstore.connections() > 0, 50_000)).toBe(true);
    expect(run.output()).not.toMatch(/STRIPE_SECRET_KEY/);
  });

  it('given HOST on every interface and no PUBLIC_URL, when the API starts, then it exits 78 naming PUBLIC_URL and opens no store', async () => {
    const dataDir = tempDataDir('refusal-');

    const run = startMain({ DATA_DIR: dataDir, HOST: '0.0.0.0' });
    runs.push(run);

    expect(await run.code).toBe(78);
    expect(run.output()).toMatch(/PUBLIC_URL: is required when HOST is not a loopback address \(HOST=0\.0\.0\.0\)/);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('given TEST_PAGES=true and a live Stripe key, when the API starts, then it exits non-zero naming TEST_PAGES and opens no store', async () => {
    const dataDir = tempDataDir('refusal-');

    const run = startMain({
      DATA_DIR: dataDir,
      ADMIN_KEY: 'a-long-admin-key-for-tests',
      STRIPE_SECRET_KEY: 'sk_live_51abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      TEST_PAGES: 'true',
    });
    runs.push(run);
    const code = await run.code;

    expect(code).toBe(78);
    expect(run.output()).toMatch(/TEST_PAGES: cannot be true with a live Stripe key/);
    expect(existsSync(join(dataDir, 'events.db'))).toBe(false);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('given the production stores and no BOOKING_LINK_SECRET, when the API starts, then it exits 78 naming BOOKING_LINK_SECRET, before connecting to either store', async () => {
    eventstore = await recordingListener();
    mongo = await recordingListener();
    const { BOOKING_LINK_SECRET: _unset, ...env } = productionEnv();

    const run = startMain({ ...env, PAYMENTS: 'offline' });
    runs.push(run);
    const code = await run.code;

    expect(code).toBe(78);
    expect(run.output()).toMatch(/BOOKING_LINK_SECRET: is required when EVENTSTORE_URL or MONGODB_URL is set/);
    expect(eventstore.connections() + mongo.connections()).toBe(0);
    expect(readdirSync(env.DATA_DIR)).toEqual([]);
  });
});
