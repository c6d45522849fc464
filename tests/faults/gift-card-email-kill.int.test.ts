import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../support/server.js';
import { SqliteEventStore } from '../../platform/eventstore/sqlite.js';
import { validatingEventStore } from '../../platform/eventstore/validating.js';
import { eventSchemas } from '../../contracts/events.js';
import type { GiftCardPurchaseResponse } from '../../contracts/gift-cards/api.js';
import { allEvents, eventually } from './support.js';

/**
 * Given a real server (SQLite files under DATA_DIR) and 20 gift cards ordered for today, when all
 * 20 are paid at once and the server is killed with SIGKILL as soon as every payment is answered
 * and the first recipient's e-mail is written, then after a restart on the same DATA_DIR (each
 * buyer's payment page asking the server about its payment, as it does): every recipient has
 * exactly one e-mail (one outbox file, one GiftCardEmailSent), nobody twice and nobody never.
 */

const CARDS = 20;
const ENV = { RATE_LIMIT_PER_MINUTE: 'off' };
const JSON_HEADERS = { 'content-type': 'application/json' };

let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
});

const cardFiles = (dataDir: string) => {
  const dir = join(dataDir, 'outbox');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith('gift-card-') && f.endsWith('.eml')) : [];
};
const recipientOf = (dataDir: string, file: string) =>
  /^To: (.+)$/m.exec(readFileSync(join(dataDir, 'outbox', file), 'utf8'))?.[1]?.trim();

describe('gift card e-mails across a kill', () => {
  it(
    'given 20 cards being paid and e-mailed when the server is killed, then after the restart each recipient has exactly one e-mail',
    { timeout: 120_000 },
    async () => {
      server = await startServer(ENV);
      const { url, dataDir } = server;
      const recipients = Array.from({ length: CARDS }, (_, i) => `friend-${i}@example.com`);
      const orders: GiftCardPurchaseResponse[] = [];
      for (const email of recipients) {
        const r = await fetch(`${url}/api/gift-cards`, {
          method: 'POST',
          headers: JSON_HEADERS,
          body: JSON.stringify({
            amountCents: 5_000,
            recipientName: 'A Friend',
            recipientEmail: email,
            message: 'For the tea party',
            purchaserName: 'Ada Lovelace',
            purchaserEmail: 'ada@example.com',
          }),
        });
        expect(r.status, await r.clone().text()).toBe(201);
        orders.push((await r.json()) as GiftCardPurchaseResponse);
      }
      // Every card paid at once with the test card; the kill comes once all are paid and an e-mail is out.
      let answered = 0;
      const payments = orders.map((o) =>
        fetch(`${url}/api/offline-payments/confirm`, {
          method: 'POST',
          headers: JSON_HEADERS,
          body: JSON.stringify({
            clientSecret: o.clientSecret,
            cardNumber: '4242 4242 4242 4242',
            expiry: '12/34',
            cvc: '123',
          }),
        })
          .then(() => answered++)
          .catch(() => null),
      );
      // Not at the first e-mail alone: it can be written while later payments are still on their way,
      // and a payment the kill cuts off is never taken (its card owes no e-mail).
      expect(await eventually(() => answered === CARDS && cardFiles(dataDir).length > 0, 30_000, 2)).toBe(true);
      await server.stop('SIGKILL');
      await Promise.all(payments);
      const atKill = cardFiles(dataDir).length;

      server = await startServer(ENV, dataDir);
      // The payment pages ask: a payment whose notice the kill cut off is recorded now.
      for (const o of orders) {
        const r = await fetch(`${server.url}/api/payments/verify`, {
          method: 'POST',
          headers: JSON_HEADERS,
          body: JSON.stringify({ paymentIntentId: o.paymentIntentId, clientSecret: o.clientSecret }),
        });
        expect(r.status).toBe(200);
      }
      const store = validatingEventStore(new SqliteEventStore(join(dataDir, 'events.db')), eventSchemas);
      try {
        const sentEvents = async () => (await allEvents(store)).filter((e) => e.type === 'GiftCardEmailSent');
        expect(await eventually(async () => (await sentEvents()).length >= CARDS, 30_000, 100)).toBe(true);
        // Give any second e-mail a chance to show before counting.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const sent = await sentEvents();
        expect(sent).toHaveLength(CARDS);
        expect(new Set(sent.map((e) => e.streamId)).size).toBe(CARDS);
        const files = cardFiles(dataDir);
        expect(files).toHaveLength(CARDS);
        expect(files.map((f) => recipientOf(dataDir, f)).sort()).toEqual([...recipients].sort());
        console.log(`[gift card kill] e-mails at the kill: ${atKill}/${CARDS}; after the restart: ${files.length}`);
        expect(atKill).toBeLessThan(CARDS);
      } finally {
        await store.close();
      }
    },
  );
});
