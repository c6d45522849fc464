import { describe, expect, it } from 'vitest';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { dataDirEvents } from '../support/data-dir-events.js';
import { startServer } from '../support/server.js';
import { asNewVisitor } from '../support/visitors.js';
import { SqliteEventStore } from '../../platform/eventstore/sqlite.js';
import { SqliteReadStore } from '../../platform/readstore/sqlite.js';
import { allProjectors } from '../../projections/index.js';
import { ADMIN_KEY, allEvents, cleanRebuild, eventually, freeEnrollment, snapshotReadModels } from './support.js';

/**
 * Given a server with slow requests in flight (their bodies still arriving), when it gets SIGTERM,
 * then those requests complete with 2xx, new connections are refused, the process exits 0, and the
 * projections stop at a checkpoint from which a restart catches up without applying anything twice.
 */

interface SlowRequest {
  /** Resolves once the server has read the headers (it answered 100 Continue). */
  started: Promise<void>;
  /** Sends the rest of the body; resolves with the status and body of the answer. */
  finish(): Promise<{ status: number; body: string }>;
}

/** A POST whose body the test holds back: the server has the request in flight until `finish`. */
function slowPost(url: string, path: string, body: unknown): SlowRequest {
  const payload = Buffer.from(JSON.stringify(body));
  const half = payload.length >> 1;
  const u = new URL(url);
  const req = request({
    host: u.hostname,
    port: u.port,
    path,
    method: 'POST',
    // No pooled keep-alive socket: the connection ends with the answer.
    agent: new Agent({ keepAlive: true }),
    headers: asNewVisitor({
      'content-type': 'application/json',
      'content-length': String(payload.length),
      expect: '100-continue',
    }),
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.once('error', reject);
    });
    req.once('error', reject);
  });
  answered.catch(() => undefined);
  // The server answers 100 Continue once it has read the headers and called the handler, which
  // then waits for the body: from here on the request is in flight.
  const started = new Promise<void>((resolve, reject) => {
    req.once('continue', () => {
      req.write(payload.subarray(0, half));
      resolve();
    });
    req.once('error', reject);
  });
  req.flushHeaders();
  return {
    started,
    finish: () => {
      req.end(payload.subarray(half));
      return answered;
    },
  };
}

/** True when a new TCP connection to the port is refused. */
const refuses = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });

describe('graceful shutdown', () => {
  it('given slow requests in flight, when SIGTERM arrives, then they complete with 2xx, new connections are refused, the process exits 0, and a restart resumes the projections at their checkpoint without replaying anything', async () => {
    let server = await startServer({ LOG_LEVEL: 'debug' });
    const dataDir = server.dataDir;
    const port = Number(new URL(server.url).port);

    // Some ordinary traffic first, so the projections have work behind them.
    let acknowledged = 0;
    for (let i = 0; i < 20; i++) {
      const r = await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: asNewVisitor({ 'content-type': 'application/json' }),
        body: JSON.stringify({ fullname: `Parent ${i}`, email: `p${i}@example.com`, message: 'Hello' }),
      });
      if (r.status === 201) acknowledged++;
    }

    // Given: slow requests in flight (headers read, bodies half sent).
    const slow = [
      ...Array.from({ length: 4 }, (_, i) =>
        slowPost(server.url, '/api/contact', {
          fullname: `Slow ${i}`,
          email: `slow${i}@example.com`,
          message: 'Still typing',
        }),
      ),
      slowPost(server.url, '/api/enroll/workshop/10', freeEnrollment(2)),
    ];
    await Promise.all(slow.map((s) => s.started));

    // When: SIGTERM.
    server.proc.kill('SIGTERM');

    // Then: new connections are refused (the listener is closed) while the slow ones stay open.
    expect(await eventually(() => refuses(port), 5_000, 20)).toBe(true);
    expect(server.proc.exitCode).toBeNull();

    // Then: the requests in flight complete with 2xx.
    const answers = await Promise.all(slow.map((s) => s.finish()));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    acknowledged += answers.length;

    // Then: the process exits 0, promptly.
    const exitStarted = Date.now();
    expect(await server.exited).toBe(0);
    const exitMs = Date.now() - exitStarted;
    expect(exitMs).toBeLessThan(5_000);
    expect(server.output()).not.toMatch(/Start-up failed|unhandled error/);

    // Then: every acknowledged write is in the event store, and each projection stopped at a
    // checkpoint (at or before the head, never past it).
    const events = new SqliteEventStore(join(dataDir, 'events.db'));
    const reads = new SqliteReadStore(join(dataDir, 'read.db'));
    const head = await events.headPosition();
    const all = await allEvents(events);
    expect(all.filter((e) => e.type === 'ContactMessageReceived')).toHaveLength(24);
    const stopped = await reads.listCheckpoints();
    for (const p of allProjectors) {
      const c = stopped.get(p.name) ?? -1n;
      expect(c).toBeGreaterThanOrEqual(0n);
      expect(c).toBeLessThanOrEqual(head);
    }
    await reads.close();
    await events.close();

    // When: it restarts on the same data.
    server = await startServer({ LOG_LEVEL: 'debug' }, dataDir);
    try {
      // Then: each projection resumes from the checkpoint it stopped at (so nothing before it is
      // applied again), and reaches the head.
      const resumed = new Map<string, bigint>();
      const readResumed = () => {
        for (const line of server.output().split('\n')) {
          if (!line.startsWith('{')) continue;
          const entry = JSON.parse(line) as { msg?: string; projection?: string; checkpoint?: string };
          if (entry.msg === 'projection lease acquired' && entry.projection && !resumed.has(entry.projection))
            resumed.set(entry.projection, BigInt(entry.checkpoint!));
        }
        return resumed.size === allProjectors.length;
      };
      // The projections thread may start after /ready answers: the read models were at the head already.
      expect(await eventually(readResumed, 20_000, 50)).toBe(true);
      const replayed: string[] = [];
      let caughtUp = 0n;
      for (const p of allProjectors) {
        expect({ projection: p.name, resumedFrom: resumed.get(p.name) }).toEqual({
          projection: p.name,
          resumedFrom: stopped.get(p.name),
        });
        if ((resumed.get(p.name) ?? -1n) < (stopped.get(p.name) ?? -1n)) replayed.push(p.name);
        caughtUp += head - stopped.get(p.name)!;
      }
      expect(replayed).toEqual([]);

      // The read models count each event once: the inbox holds 24 messages, the dashboard one enrollment.
      const inbox = await fetch(`${server.url}/api/admin/inquiries?pageSize=100`, {
        headers: { 'Admin-Key': ADMIN_KEY },
      });
      expect(Number(inbox.headers.get('x-total-count'))).toBe(24);
      const dashboard = (await (
        await fetch(`${server.url}/api/admin/dashboard`, { headers: { 'Admin-Key': ADMIN_KEY } })
      ).json()) as Record<string, unknown>;
      expect(dashboard.totalEnrollments).toBe(1);

      expect(await server.stop('SIGTERM')).toBe(0);
      const reads2 = new SqliteReadStore(join(dataDir, 'read.db'));
      const events2 = dataDirEvents(dataDir);
      try {
        const after = await reads2.listCheckpoints();
        // The head now: the restarted process's workflow may have finished work the first one left
        // (the free booking's seats confirmed), and the projections followed it.
        const headNow = await events2.store.headPosition();
        expect(headNow).toBeGreaterThanOrEqual(head);
        for (const p of allProjectors)
          expect({ projection: p.name, checkpoint: after.get(p.name) }).toEqual({
            projection: p.name,
            checkpoint: headNow,
          });
        // And the read models equal a clean rebuild from the first event.
        const rebuilt = await cleanRebuild(events2.store);
        expect(await snapshotReadModels(reads2)).toEqual(rebuilt.snapshot);
      } finally {
        await reads2.close();
        await events2.close();
      }
      console.info(
        `[graceful-shutdown] requests ${acknowledged} (slow in flight at SIGTERM: ${slow.length}), all 2xx; exit 0 after ${exitMs} ms; ` +
          `head ${head}; checkpoints at stop ${[...allProjectors].map((p) => `${p.name}=${stopped.get(p.name)}`).join(' ')}; events projected after restart ${caughtUp}; replayed 0; events compared ${all.length}`,
      );
    } finally {
      if (server.proc.exitCode === null) server.proc.kill('SIGKILL');
    }
  });
});
