import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../support/server.js';
import { asNewVisitor } from '../support/visitors.js';
import { SqliteEventStore } from '../../platform/eventstore/sqlite.js';
import { validatingEventStore } from '../../platform/eventstore/validating.js';
import { eventSchemas } from '../../contracts/events.js';
import type { WorkshopMessageAccepted } from '../../contracts/messages/api.js';
import { baseForm } from '../support/enrollment-forms.js';
import { allEvents, eventually } from './support.js';

/**
 * Given a real server (SQLite files under DATA_DIR) with 30 families booked in a free workshop,
 * three of them with two bookings under one e-mail, when the administrator writes to the booked
 * families and the server is killed with SIGKILL as soon as the first e-mail of the message is
 * written, then after a restart on the same DATA_DIR: every family got exactly one e-mail (one
 * outbox file each, to its own address, one WorkshopMessageSent each), nobody twice and nobody
 * never, and nobody outside the message.
 */

const ADMIN = { 'Admin-Key': 'test-admin-key-123456', 'content-type': 'application/json' };
const FAMILIES = 30;
const ENV = { RATE_LIMIT_PER_MINUTE: 'off', MAX_HELD_SEATS_PER_CLIENT: 'off', MAX_FREE_SEATS_PER_CLIENT: 'off' };

let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
});

const messageFiles = (dataDir: string) => {
  const dir = join(dataDir, 'outbox');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith('workshop-message-') && f.endsWith('.eml')) : [];
};
const recipientOf = (dataDir: string, file: string) =>
  /^To: (.+)$/m.exec(readFileSync(join(dataDir, 'outbox', file), 'utf8'))?.[1]?.trim();

describe('workshop message e-mails across a kill', () => {
  it(
    'given a message being e-mailed to 30 families when the server is killed, then after the restart each family has exactly one e-mail',
    { timeout: 120_000 },
    async () => {
      server = await startServer(ENV);
      const { url, dataDir } = server;
      const day = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
      const created = await fetch(`${url}/api/admin/workshops`, {
        method: 'POST',
        headers: ADMIN,
        body: JSON.stringify({
          title: 'Spring Networking Evening',
          description: 'An evening of introductions.',
          category: 'business',
          date: `${day}T17:00`,
          time: '5:00 PM - 7:00 PM',
          location: 'Legacy Commons, Plano',
          price: 0,
          capacity: 60,
        }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const enroll = async (email: string) => {
        const r = await fetch(`${url}/api/enroll/workshop/${id}`, {
          method: 'POST',
          headers: asNewVisitor({ 'content-type': 'application/json' }),
          body: JSON.stringify({ ...baseForm({ email }), totalPrice: 0 }),
        });
        expect(r.status, await r.clone().text()).toBe(201);
      };
      const families = Array.from({ length: FAMILIES }, (_, i) => `parent-${i}@example.com`);
      for (const email of families) await enroll(email);
      // A second booking of three families: still one e-mail each.
      for (const email of families.slice(0, 3)) await enroll(email.toUpperCase());

      const r = await fetch(`${url}/api/admin/workshops/${id}/messages`, {
        method: 'POST',
        headers: ADMIN,
        body: JSON.stringify({
          subject: 'Parking on Saturday',
          body: 'The north lot is closed; please park on the east side.',
          audience: 'enrolled',
        }),
      });
      expect(r.status, await r.clone().text()).toBe(202);
      const accepted = (await r.json()) as WorkshopMessageAccepted;
      expect(accepted.families).toBe(FAMILIES);
      expect(await eventually(() => messageFiles(dataDir).length > 0, 30_000, 2)).toBe(true);
      await server.stop('SIGKILL');
      const atKill = messageFiles(dataDir).length;

      server = await startServer(ENV, dataDir);
      const store = validatingEventStore(new SqliteEventStore(join(dataDir, 'events.db')), eventSchemas);
      try {
        const sentEvents = async () =>
          (await allEvents(store)).filter(
            (e) => e.type === 'WorkshopMessageSent' && e.streamId === `workshop-message-${accepted.id}`,
          );
        expect(await eventually(async () => (await sentEvents()).length >= FAMILIES, 30_000, 100)).toBe(true);
        // Give any second e-mail a chance to show before counting.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const sent = await sentEvents();
        expect(sent).toHaveLength(FAMILIES);
        expect(new Set(sent.map((e) => (e.data as { recipientId: string }).recipientId)).size).toBe(FAMILIES);
        const files = messageFiles(dataDir);
        expect(files).toHaveLength(FAMILIES);
        expect(files.map((f) => recipientOf(dataDir, f)?.toLowerCase()).sort()).toEqual([...families].sort());
        console.log(
          `[workshop message kill] e-mails at the kill: ${atKill}/${FAMILIES}; after the restart: ${files.length}`,
        );
        expect(atKill).toBeLessThan(FAMILIES);
      } finally {
        await store.close();
      }
    },
  );
});
