import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../support/server.js';
import { asNewVisitor } from '../support/visitors.js';
import { SqliteEventStore } from '../../platform/eventstore/sqlite.js';
import { validatingEventStore } from '../../platform/eventstore/validating.js';
import { eventSchemas } from '../../contracts/events.js';
import { baseForm } from '../support/enrollment-forms.js';
import { allEvents, eventually } from './support.js';

/**
 * Given a real server (SQLite files under DATA_DIR) with 25 confirmed bookings of a free workshop,
 * when the administrator moves its date, the reactors start moving the bookings and e-mailing the
 * parents, and the server is killed with SIGKILL as soon as the first new-date e-mail is written,
 * then after a restart on the same DATA_DIR: every booking moved once (one BookingRescheduled),
 * every parent told once (one CustomerNotified, one outbox file each), nobody twice.
 */

const ADMIN = { 'Admin-Key': 'test-admin-key-123456', 'content-type': 'application/json' };
const BOOKINGS = 25;
const ENV = { RATE_LIMIT_PER_MINUTE: 'off', MAX_HELD_SEATS_PER_CLIENT: 'off' };

let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
});

const movedFiles = (dataDir: string) => {
  const dir = join(dataDir, 'outbox');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith('moved-') && f.endsWith('.eml')) : [];
};

describe('new-date e-mails across a kill', () => {
  it(
    'given bookings being moved and e-mailed when the server is killed, then after the restart each booking is moved and told exactly once',
    { timeout: 120_000 },
    async () => {
      server = await startServer(ENV);
      const { url, dataDir } = server;
      const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      const form = {
        title: 'Spring Networking Evening',
        description: 'An evening of introductions.',
        category: 'business',
        date: `${day(40)}T17:00`,
        time: '5:00 PM - 7:00 PM',
        location: 'Legacy Commons, Plano',
        price: 0,
        capacity: 40,
      };
      const created = await fetch(`${url}/api/admin/workshops`, {
        method: 'POST',
        headers: ADMIN,
        body: JSON.stringify(form),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const enrollments: string[] = [];
      for (let i = 0; i < BOOKINGS; i++) {
        const r = await fetch(`${url}/api/enroll/workshop/${id}`, {
          method: 'POST',
          headers: asNewVisitor({ 'content-type': 'application/json' }),
          body: JSON.stringify({ ...baseForm({ email: `parent-${i}@example.com` }), totalPrice: 0 }),
        });
        expect(r.status).toBe(201);
        enrollments.push(((await r.json()) as { enrollmentId: string }).enrollmentId);
      }

      // Not awaited: the answer waits for the bookings to move, and the kill comes before.
      const moved = fetch(`${url}/api/admin/workshops/${id}`, {
        method: 'PUT',
        headers: ADMIN,
        body: JSON.stringify({ ...form, date: `${day(47)}T17:00` }),
      }).catch(() => null);
      expect(await eventually(() => movedFiles(dataDir).length > 0, 30_000, 5)).toBe(true);
      await server.stop('SIGKILL');
      await moved;
      const atKill = movedFiles(dataDir).length;

      server = await startServer(ENV, dataDir);
      const store = validatingEventStore(new SqliteEventStore(join(dataDir, 'events.db')), eventSchemas);
      try {
        const told = async () =>
          (await allEvents(store)).filter(
            (e) => e.type === 'CustomerNotified' && (e.data as { kind: string }).kind === 'reschedule',
          ).length >= BOOKINGS;
        expect(await eventually(told, 30_000, 100)).toBe(true);
        // Give any second move or e-mail a chance to show before counting.
        await new Promise((r) => setTimeout(r, 1_500));
        const events = await allEvents(store);
        for (const enrollmentId of enrollments) {
          const mine = events.filter((e) => e.streamId === `enrollment-${enrollmentId}`);
          expect(
            mine.filter((e) => e.type === 'BookingRescheduled'),
            enrollmentId,
          ).toHaveLength(1);
          expect(
            mine.filter((e) => e.type === 'CustomerNotified' && (e.data as { kind: string }).kind === 'reschedule'),
            enrollmentId,
          ).toHaveLength(1);
        }
        const files = movedFiles(dataDir);
        expect(files).toHaveLength(BOOKINGS);
        expect(new Set(files.map((f) => f.slice('moved-'.length, 'moved-'.length + 36)))).toEqual(new Set(enrollments));
        console.log(
          `[reschedule kill] new-date e-mails at the kill: ${atKill}/${BOOKINGS}; after the restart: ${files.length}`,
        );
      } finally {
        await store.close();
      }
    },
  );
});
