import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { GiftCardPurchaseResponse } from '../contracts/gift-cards/api.js';
import { giftCardStream, type GiftCardOrdered } from '../contracts/gift-cards/events.js';
import { discountCodeStream } from '../contracts/pricing/discount-codes.js';
import type { EventStore } from '../platform/eventstore/port.js';
import { ms, rate, schedule, startBenchServer, type WrkResult } from './enrollment.js';

const SCRIPT = fileURLToPath(new URL('./pricing.lua', import.meta.url));
const REQUESTS = 3_000;
/**
 * Fewer uses than requests: the code's cap is reached under load near the end, and must hold. Close
 * to the requests, so the cheaper refusals after it make little of the rate (paid/s says how little).
 */
const CODE_USES = 2_900;
/** $500 cards (the most one may hold); each order of $9 takes $9 from one, in turn. */
const CARDS = 60;
const CARD_CENTS = 50_000;

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Redemptions that count on the code's stream, and what every card has spent, from the events. */
async function ledgers(store: EventStore, giftCardIds: string[]) {
  let redemptions = 0;
  for (const e of await store.readStream(discountCodeStream('BENCH10')))
    redemptions += e.type === 'DiscountCodeRedeemed' ? 1 : e.type === 'DiscountRedemptionReleased' ? -1 : 0;
  let overspent = 0;
  for (const id of giftCardIds) {
    let balance = 0;
    for (const e of await store.readStream(giftCardStream(id))) {
      const cents = (e.data as { amountCents?: number }).amountCents ?? 0;
      if (e.type === 'GiftCardPaid') balance += cents;
      if (e.type === 'GiftCardAmountReserved') balance -= cents;
    }
    overspent += Math.max(0, -balance);
  }
  return { redemptions, overspent };
}

async function runOnce(): Promise<{
  plain: WrkResult;
  priced: WrkResult;
  lagMs: number;
  redemptions: number;
  overspent: number;
}> {
  const s = await startBenchServer(false);
  try {
    await schedule(s.store, 'warm', 10_000);
    await s.drive(300, ['warm'], 16);
    await s.quiet();

    // The plain figure: a $10 workshop, one parent a request.
    await schedule(s.store, 'plain', 10_000);
    const plain = await s.drive(REQUESTS, ['plain']);
    await s.quiet();

    // A code (10 % off, 2,900 uses) and a gift card on every request: $10 less $1, paid by the card.
    const admin = { 'content-type': 'application/json', 'admin-key': s.adminKey };
    await json(
      await s.request('/api/admin/discount-codes', {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ code: 'BENCH10', percentOff: 10, maxRedemptions: CODE_USES }),
      }),
    );
    const codes: string[] = [];
    const ids: string[] = [];
    for (let i = 0; i < CARDS; i++) {
      const order = await json<GiftCardPurchaseResponse>(
        await s.request('/api/gift-cards', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            amountCents: CARD_CENTS,
            recipientName: 'Bench Friend',
            recipientEmail: 'friend@example.com',
            purchaserName: 'Bench Parent',
            purchaserEmail: 'parent@example.com',
          }),
        }),
      );
      await json(
        await s.request('/api/offline-payments/confirm', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            clientSecret: order.clientSecret,
            cardNumber: '4242 4242 4242 4242',
            expiry: '12/34',
            cvc: '123',
          }),
        }),
      );
      await json(
        await s.request('/api/payments/verify', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ paymentIntentId: order.paymentIntentId, clientSecret: order.clientSecret }),
        }),
      );
      const [ordered] = await s.store.readStream(giftCardStream(order.giftCardOrderId));
      codes.push((ordered!.data as GiftCardOrdered).code);
      ids.push(order.giftCardOrderId);
    }
    await schedule(s.store, 'priced', 10_000);
    const priced = await s.drive(REQUESTS, ['priced'], undefined, SCRIPT, ['BENCH10', '9', codes.join(',')]);
    await s.quiet();
    const lagMs = await s.caughtUp();
    return { plain, priced, lagMs, ...(await ledgers(s.store, ids)) };
  } finally {
    await s.close();
  }
}

/**
 * Enrollments per second on ONE workshop with a discount code and a gift card on every request,
 * beside the plain figure on the same server: 3,000 requests each, `wrk` in its own process, a new
 * parent per request, the abuse limits off. The code allows 2,900 uses, so its cap is reached
 * under load; over-redeemed (uses beyond the cap) and overspent (cents beyond a card's balance)
 * must be 0. A request with a code and a card makes three more decisions than a plain one (the
 * code's use, the card's part, and the confirmation: the card pays it all).
 */
export async function benchPricing(): Promise<Record<string, string | number>> {
  if (spawnSync('wrk', ['--version']).error) throw new Error('wrk is not installed: apt-get install wrk');
  const { plain, priced, lagMs, redemptions, overspent } = await runOnce();
  return {
    'plain enrollments/s, one workshop': rate(plain),
    'plain, paid enrollments/s (201 only)': Math.round(plain.s201 / (plain.durationUs / 1e6)),
    'plain p50 / p99 ms': `${ms(plain.p50Us)} / ${ms(plain.p99Us)}`,
    'with a code and a gift card, enrollments/s': rate(priced),
    'with a code and a gift card, paid enrollments/s (201 only)': Math.round(priced.s201 / (priced.durationUs / 1e6)),
    'with a code and a gift card, p50 / p99 ms': `${ms(priced.p50Us)} / ${ms(priced.p99Us)}`,
    'with a code and a gift card, 201 / 400 (code used up) / other': `${priced.s201} / ${priced.other} / ${priced.s409 + priced.s429 + priced.socketErrors}`,
    [`code uses counted (cap ${CODE_USES})`]: redemptions,
    'over-redeemed uses': Math.max(0, redemptions - CODE_USES),
    'gift card cents overspent': overspent,
    'read models caught up, ms after the last answer': lagMs,
    load: `wrk -t2 -c64 in its own process, ${REQUESTS} requests each, a new client address and e-mail per request, limits off`,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await benchPricing());
}
