import { afterEach, describe, expect, it } from 'vitest';
import { campInThree, type CampInThree } from './installment-support.js';
import { DECLINING_PAYMENT_METHOD, stripeAgainstStub } from '../payments/stripe-stub.js';
import type { Dashboard } from '../../../contracts/admin/dashboard.js';
import type { BalancePaymentResponse } from '../../../contracts/booking/api.js';
import type { AppDeps } from '../../../service/core/deps.js';
import type { PaymentsPort } from '../../../service/payments/port.js';

// Issue 43 item 2: an instalment past due (declined at its last try, or unpaid at its date once the
// parent removed the card) is shown to the office on the dashboard (GET /api/admin/dashboard,
// `pastDueInstallments`). A $300 camp paid in 3 from May 1 ($100 now, June 1, July 1).

const suite = stripeAgainstStub('whsec_installment_past_due_suite');

let camp: CampInThree;
afterEach(async () => {
  await camp?.t.close();
});

/** The school's payments, but the saved card charged at Stripe, which declines it. */
function declinedAtStripe(): AppDeps {
  const payments: PaymentsPort = Object.create(camp.t.offline) as PaymentsPort;
  payments.chargeSavedCard = (input) =>
    suite
      .stripe()
      .chargeSavedCard({ ...input, card: { customerId: 'cus_stub_x', paymentMethodId: DECLINING_PAYMENT_METHOD } });
  return { ...camp.t.deps, payments };
}

async function dashboardAt(iso: string) {
  camp.setNow(iso);
  const r = await camp.t.admin('GET', '/api/admin/dashboard');
  expect(r.status).toBe(200);
  return ((await r.json()) as Dashboard).pastDueInstallments;
}

const NONE = { count: 0, totalCents: 0, items: [] };

describe('instalments past due on the dashboard (issue 43 item 2)', () => {
  it('given instalment 2 declined on June 1, 4 and 8, then it is past due only after its last try, and no more once the parent pays it', async () => {
    camp = await campInThree();
    const enrollmentId = await camp.book();
    const deps = declinedAtStripe();
    await camp.passAt('2025-06-01T15:00:00Z', deps);
    await camp.passAt('2025-06-04T15:00:00Z', deps);
    // Declined twice, tried again on June 8: not yet past due.
    expect(await dashboardAt('2025-06-05T15:00:00Z')).toEqual(NONE);

    await camp.passAt('2025-06-08T15:00:00Z', deps);
    expect(await dashboardAt('2025-06-09T15:00:00Z')).toEqual({
      count: 1,
      totalCents: 10_000,
      items: [
        {
          enrollmentId,
          parentName: expect.any(String),
          title: 'Workshop camp',
          n: 2,
          of: 3,
          amountCents: 10_000,
          dueAt: '2025-06-01T15:00:00.000Z',
          reason: 'declined',
        },
      ],
    });

    const form = await camp.t.post(`/api/bookings/${camp.token(enrollmentId)}/installments/2/payment`, {});
    expect(form.status, await form.clone().text()).toBe(200);
    await camp.t.pay(((await form.json()) as BalancePaymentResponse).clientSecret);
    await camp.t.settle();
    expect(await dashboardAt('2025-06-10T15:00:00Z')).toEqual(NONE);
  });

  it('given the parent removed the card, then each instalment is past due from its date, until the booking is cancelled', async () => {
    camp = await campInThree();
    const enrollmentId = await camp.book();
    camp.setNow('2025-05-10T15:00:00Z');
    const removed = await camp.t.app.request(`/api/bookings/${camp.token(enrollmentId)}/saved-card`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    await camp.t.settle();
    expect(await dashboardAt('2025-05-20T15:00:00Z')).toEqual(NONE);

    const june = await dashboardAt('2025-06-02T15:00:00Z');
    expect(june?.items.map((i) => [i.n, i.reason, i.dueAt])).toEqual([[2, 'card-removed', '2025-06-01T15:00:00.000Z']]);
    const july = await dashboardAt('2025-07-02T15:00:00Z');
    expect(july).toMatchObject({ count: 2, totalCents: 20_000 });
    expect(july?.items.map((i) => i.n)).toEqual([2, 3]);

    const cancelled = await camp.t.admin('POST', `/api/admin/enrollments/${enrollmentId}/cancel`, {
      refund: 'none',
      reason: 'The family moved away.',
    });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    await camp.t.settle();
    expect(await dashboardAt('2025-07-03T15:00:00Z')).toEqual(NONE);
  });
});
