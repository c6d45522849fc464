import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { startServer } from '../support/server.js';
import { SqliteEventStore } from '../../platform/eventstore/sqlite.js';
import { asNewVisitor } from '../support/visitors.js';

/**
 * Given a server taking a stream of contact messages, when it is killed with SIGKILL mid-stream,
 * then every message that got a 2xx is in the event store after the crash.
 */
describe('durability of acknowledged writes', () => {
  it('loses no acknowledged contact message when the process is killed with SIGKILL', async () => {
    const server = await startServer();
    const acknowledged = new Set<string>();
    let refused = 0;
    let stop = false;
    const killAfter = 300;

    const sender = async (worker: number) => {
      for (let i = 0; !stop && i < 5_000; i++) {
        try {
          const r = await fetch(`${server.url}/api/contact`, {
            method: 'POST',
            // Each message from another parent: one client sending 300 in seconds would be throttled.
            headers: asNewVisitor({ 'content-type': 'application/json' }),
            body: JSON.stringify({
              fullname: `Parent ${worker}-${i}`,
              email: 'parent@example.com',
              message: `Hello ${worker}-${i}`,
            }),
          });
          if (r.status === 201) acknowledged.add(((await r.json()) as { id: string }).id);
          else refused++;
        } catch {
          return; // the server is gone: no acknowledgement for this one
        }
        if (acknowledged.size >= killAfter && !stop) {
          stop = true;
          server.proc.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, w) => sender(w)));
    await server.exited;

    const store = new SqliteEventStore(join(server.dataDir, 'events.db'));
    const stored = new Set<string>();
    for (let after: bigint | undefined; ;) {
      const page = await store.readAll({ after, limit: 1000 });
      if (page.length === 0) break;
      for (const e of page)
        if (e.type === 'ContactMessageReceived') stored.add((e.data as { inquiryId: string }).inquiryId);
      after = page[page.length - 1]!.position;
    }
    await store.close();

    expect(refused).toBe(0);
    expect(acknowledged.size).toBeGreaterThanOrEqual(killAfter);
    const lost = [...acknowledged].filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
  });
});
