import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../support/server.js';
import { asNewVisitor } from '../support/visitors.js';
import { SqliteEventStore } from '../../platform/eventstore/sqlite.js';
import { validatingEventStore } from '../../platform/eventstore/validating.js';
import { eventSchemas } from '../../contracts/events.js';
import { workshopDecider } from '../../service/catalogue/workshop-decider.js';
import type { WorkshopEvent } from '../../contracts/catalogue/events.js';
import { allEvents, eventually } from './support.js';
import { baseForm } from '../support/enrollment-forms.js';

/**
 * Given a real server (SQLite files under DATA_DIR) with a full workshop of 10 seats and 45
 * parents on its waitlist (each confirmed from the link of the join e-mail in the outbox), when the administrator raises the capacity to 40, the reactor starts
 * offering the 30 new seats, and the server is killed with SIGKILL as soon as the first offer
 * e-mail is written, then after a restart on the same DATA_DIR: exactly 30 offers, to the first 30
 * entries in order, each held once on the workshop stream, recorded once, e-mailed once (30 outbox
 * files, 30 WaitlistOfferEmailSent), and never more seats taken than the workshop has.
 */

const ADMIN = { 'Admin-Key': 'test-admin-key-123456', 'content-type': 'application/json' };
const FIRST_CAPACITY = 10;
const CAPACITY = 40;
const OFFERS = CAPACITY - FIRST_CAPACITY;
const WAITING = 45;
const ENV = { RATE_LIMIT_PER_MINUTE: 'off', MAX_HELD_SEATS_PER_CLIENT: 'off', MAX_WAITLIST_ENTRIES_PER_CLIENT: 'off' };

let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
});

const outboxFiles = (dataDir: string, prefix: string) => {
  const dir = join(dataDir, 'outbox');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith(prefix) && f.endsWith('.eml')) : [];
};
const offerFiles = (dataDir: string) => outboxFiles(dataDir, 'waitlist-offer-');

/** The confirmation token of each join e-mail in the outbox, by recipient (quoted-printable undone). */
function confirmationTokens(dataDir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of outboxFiles(dataDir, 'waitlist-join-')) {
    const eml = readFileSync(join(dataDir, 'outbox', file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const to = /^To: (.+)$/m.exec(eml)?.[1]?.trim();
    const token = /\/waitlist\/confirm\?token=([A-Za-z0-9_.-]+)/.exec(eml)?.[1];
    if (to && token) out.set(to, token);
  }
  return out;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: asNewVisitor({ 'content-type': 'application/json', ...headers }),
    body: JSON.stringify(body),
  });
}

describe('waitlist offers across a kill', () => {
  it(
    'given offers being made when the server is killed, then after the restart none is lost and none is made twice',
    { timeout: 120_000 },
    async () => {
      server = await startServer(ENV);
      const { url, dataDir } = server;
      const date = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 16);
      const form = {
        title: 'Holiday Dinner',
        description: 'A festive dinner.',
        category: 'adult',
        date,
        time: '6:00 PM - 8:00 PM',
        location: 'Legacy Commons, Plano',
        price: 40,
        capacity: FIRST_CAPACITY,
      };
      const created = await fetch(`${url}/api/admin/workshops`, {
        method: 'POST',
        headers: ADMIN,
        body: JSON.stringify(form),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };

      for (let i = 0; i < FIRST_CAPACITY; i++) {
        const r = await post(`${url}/api/enroll/workshop/${id}`, {
          ...baseForm({ email: `holder-${i}@example.com` }),
          totalPrice: 40,
        });
        expect(r.status).toBe(201);
      }
      for (let i = 0; i < WAITING; i++) {
        const r = await post(`${url}/api/workshops/${id}/waitlist`, {
          firstName: 'Grace',
          lastName: 'Hopper',
          email: `wait-${i}@example.com`,
          phone: '9725550199',
          participants: 1,
        });
        expect(r.status).toBe(202);
      }
      // Each parent confirms from their e-mail, in the order they joined: that is the line's order.
      expect(await eventually(() => confirmationTokens(dataDir).size === WAITING, 30_000, 20)).toBe(true);
      const tokens = confirmationTokens(dataDir);
      const entries: string[] = [];
      for (let i = 0; i < WAITING; i++) {
        const token = tokens.get(`wait-${i}@example.com`)!;
        const r = await post(`${url}/api/waitlist/confirm`, { token });
        expect(r.status).toBe(200);
        expect(((await r.json()) as { position: number }).position).toBe(i + 1);
        entries.push(token.split('.')[1]!);
      }

      const raised = await fetch(`${url}/api/admin/workshops/${id}`, {
        method: 'PUT',
        headers: ADMIN,
        body: JSON.stringify({ ...form, capacity: CAPACITY }),
      });
      expect(raised.status).toBe(200);
      expect(await eventually(() => offerFiles(dataDir).length > 0, 30_000, 5)).toBe(true);
      await server.stop('SIGKILL');
      const atKill = offerFiles(dataDir).length;

      server = await startServer(ENV, dataDir);
      const store = validatingEventStore(new SqliteEventStore(join(dataDir, 'events.db')), eventSchemas);
      try {
        const sent = async () =>
          (await allEvents(store)).filter((e) => e.type === 'WaitlistOfferEmailSent').length === OFFERS;
        expect(await eventually(sent, 30_000, 100)).toBe(true);
        // Give any second offer a chance to show before counting.
        await new Promise((r) => setTimeout(r, 1_500));
        const events = await allEvents(store);
        const line = events.filter((e) => e.streamId === `waitlist-${id}`);
        const offered = line
          .filter((e) => e.type === 'WaitlistOffered')
          .map((e) => (e.data as { entryId: string }).entryId);
        expect(offered).toEqual(entries.slice(0, OFFERS));
        const mailed = line
          .filter((e) => e.type === 'WaitlistOfferEmailSent')
          .map((e) => (e.data as { entryId: string }).entryId);
        expect(new Set(mailed).size).toBe(mailed.length);
        expect(mailed).toHaveLength(OFFERS);
        expect(offerFiles(dataDir)).toHaveLength(OFFERS);

        const seats = events.filter((e) => e.streamId === `workshop-${id}`);
        const offerHolds = seats.filter(
          (e) => e.type === 'SeatsReserved' && (e.data as { waitlistEntryId?: string }).waitlistEntryId,
        );
        expect(offerHolds).toHaveLength(OFFERS);
        const state = seats.reduce(
          (s, e) => workshopDecider.evolve(s, e as unknown as WorkshopEvent),
          workshopDecider.initialState,
        );
        expect(state.taken).toBe(CAPACITY);
        console.log(`[waitlist kill] offer e-mails at the kill: ${atKill}/${OFFERS}; after the restart: ${OFFERS}`);
      } finally {
        await store.close();
      }
    },
  );
});
