import { expect } from 'vitest';
import { baseForm } from './support.js';
import { makePricingApp, type PricingTestApp } from '../pricing/support.js';
import { asNewVisitor, nextParentEmail } from '../../support/visitors.js';
import { tickerOf } from '../../support/timers.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import type { BookingView } from '../../../contracts/booking/api.js';
import { installmentTimer } from '../../../service/enrollment/installments/installment-timer.js';
import { bookingLinksFor } from '../../../service/enrollment/after-sale/booking-link.js';
import type { AppDeps } from '../../../service/core/deps.js';

/**
 * Issue 43's camp: $300 (Saturday, September 27, 2025) paid in 3 from May 1, $100 at the checkout,
 * then June 1 and July 1. The app's clock is the camp's `now`, moved by `passAt`.
 */
export interface CampInThree {
  t: PricingTestApp;
  /** A parent (of `email`, a new one by default) books it in 3 and pays the first on May 1; answers the enrollment's id. */
  book(email?: string): Promise<string>;
  /** The charging pass at `iso` (with `deps`, the app's by default), then everything settled. */
  passAt(iso: string, deps?: AppDeps): Promise<{ paid: number; declined: number; failures: number }>;
  setNow(iso: string): void;
  token(enrollmentId: string): string;
  booking(enrollmentId: string): Promise<BookingView>;
}

export async function campInThree(): Promise<CampInThree> {
  let now = new Date('2025-05-01T15:00:00Z');
  const t = await makePricingApp({ clock: () => now });
  await t.scheduleWorkshop({
    id: 'camp',
    price: 300,
    capacity: 20,
    paymentPlan: { installments: 3, lastDueDaysBefore: 7 },
  });
  const token = (enrollmentId: string) => bookingLinksFor(t.deps.config)!.token(enrollmentId);
  return {
    t,
    token,
    setNow: (iso) => {
      now = new Date(iso);
    },
    async book(email = nextParentEmail()) {
      const r = await t.post(
        '/api/enroll/workshop/camp',
        { ...baseForm({ email }), totalPrice: 300, installments: 3 },
        asNewVisitor(),
      );
      expect(r.status, await r.clone().text()).toBe(201);
      const { enrollmentId } = (await r.json()) as EnrollmentResponse;
      const intent = (await (await t.post('/api/create-payment-intent', { enrollmentId, amount: 100 })).json()) as {
        clientSecret: string;
      };
      await t.pay(intent.clientSecret);
      return enrollmentId;
    },
    async passAt(iso, deps = t.deps) {
      now = new Date(iso);
      const report = await tickerOf(installmentTimer(deps), t.deps, 'charges').tick();
      await t.settle();
      return report;
    },
    async booking(enrollmentId) {
      return (await (await t.get(`/api/bookings/${token(enrollmentId)}`)).json()) as BookingView;
    },
  };
}
