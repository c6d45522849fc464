import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { makeEnrollmentApp, type EnrollmentTestApp } from '../enrollment/support.js';
import type { TestAppOptions } from '../../support/app.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import type { WorkshopData } from '../../../contracts/catalogue/workshop.js';
import { SEED_WORKSHOPS } from '../../../service/catalogue/seed-workshops.js';
import { giftCardStream, type GiftCardOrdered } from '../../../contracts/gift-cards/events.js';
import type { GiftCardPurchaseResponse } from '../../../contracts/gift-cards/api.js';
import type { CreateDiscountCodeRequest } from '../../../contracts/pricing/discount-codes.js';
import { groupGiftCardCode } from '../../../contracts/gift-cards/code.js';

export const ADMIN = { 'admin-key': 'test-admin-key-123456' };

export interface PricingTestApp extends EnrollmentTestApp {
  admin(method: string, path: string, body?: unknown): Promise<Response>;
  createCode(body: CreateDiscountCodeRequest): Promise<void>;
  setSiblingDiscount(percent: number): Promise<void>;
  /** Buys and pays a gift card (test card 4242…); its code, grouped, and its id. */
  buyGiftCard(amountCents: number, extra?: Record<string, unknown>): Promise<{ code: string; giftCardId: string }>;
  /** A workshop of its own (an adult one: the base form), beside the seeded ten. */
  scheduleWorkshop(overrides: Partial<WorkshopData> & { id: string }): Promise<void>;
  pay(clientSecret: string): Promise<void>;
}

export const giftCardBody = (amountCents: number, extra: Record<string, unknown> = {}) => ({
  amountCents,
  recipientName: 'Grace Hopper',
  recipientEmail: 'grace@example.com',
  message: 'Happy birthday!',
  purchaserName: 'Ada Lovelace',
  purchaserEmail: 'ada@example.com',
  ...extra,
});

/** The enrollment app with the reactors running (the code, card and credit releases; the gift card e-mail). */
export async function makePricingApp(options: TestAppOptions = {}): Promise<PricingTestApp> {
  const t = await makeEnrollmentApp({ reactors: true, ...options });
  const admin = async (method: string, path: string, body?: unknown) =>
    t.app.request(path, {
      method,
      headers: { 'content-type': 'application/json', ...ADMIN },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const pay = async (clientSecret: string) => {
    const r = await t.post('/api/offline-payments/confirm', {
      clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(r.status).toBe(200);
    await t.offline.idle();
    await t.settle();
  };
  return {
    ...t,
    admin,
    pay,
    async createCode(body) {
      const r = await admin('POST', '/api/admin/discount-codes', body);
      expect(r.status, await r.clone().text()).toBe(201);
    },
    async setSiblingDiscount(percent) {
      const r = await admin('PUT', '/api/admin/settings', { siblingDiscountPercent: percent });
      expect(r.status).toBe(200);
      await t.settle();
    },
    async buyGiftCard(amountCents, extra = {}) {
      const r = await t.post('/api/gift-cards', giftCardBody(amountCents, extra));
      expect(r.status, await r.clone().text()).toBe(201);
      const order = (await r.json()) as GiftCardPurchaseResponse;
      await pay(order.clientSecret);
      const [ordered] = await t.eventStore.readStream(giftCardStream(order.giftCardOrderId));
      const code = (ordered!.data as GiftCardOrdered).code;
      return { code: groupGiftCardCode(code), giftCardId: order.giftCardOrderId };
    },
    async scheduleWorkshop(overrides) {
      const workshop = { ...SEED_WORKSHOPS[8]!, title: `Workshop ${overrides.id}`, ...overrides };
      const metadata = {
        correlationId: overrides.id,
        causationId: overrides.id,
        actor: 'admin' as const,
        at: new Date().toISOString(),
      };
      await t.eventStore.append(
        workshopStream(overrides.id),
        [{ id: randomUUID(), type: 'WorkshopScheduled', data: { workshop }, metadata }],
        'no_stream',
      );
      await t.settle();
    },
  };
}
