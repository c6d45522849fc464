import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from '../admin/support.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';

// Issue 43 item 1: a workshop may offer an instalment plan; GET /api/workshops says what it can offer now.
let t: TestApp;
let now: Date;
afterEach(() => t?.close());

const schedule = async (position: string) =>
  (await (await t.app.request(`/api/workshops?minPosition=${position}`)).json()) as Workshop[];

/** A $300 camp starting Saturday, August 1, 2026 at 9:00 AM in Plano. */
const camp = (extra: Record<string, unknown> = {}) => ({
  title: 'Summer Camp',
  description: 'A week of manners.',
  category: 'summer',
  date: '2026-08-01T09:00',
  endTime: '12:00',
  location: 'Plano',
  price: 300,
  capacity: 20,
  ...extra,
});

async function created(body: Record<string, unknown>) {
  const r = await adminCall(t.app, 'POST', '/api/admin/workshops', { body });
  expect(r.status, await r.clone().text()).toBe(201);
  const { id, position } = (await r.json()) as { id: string; position: string };
  return (await schedule(position)).find((w) => w.id === id)!;
}

describe('instalment plans on workshops (issue 43 item 1)', () => {
  it('given a plan of 3 with the last 7 days before, when enrolling on April 1, then 3 fit: April 1, May 1 and June 1', async () => {
    now = new Date('2026-04-01T15:00:00Z');
    t = await makeTestApp({ clock: () => now });
    const w = await created(camp({ paymentPlan: { installments: 3, lastDueDaysBefore: 7 } }));
    expect(w.paymentPlan).toEqual({ installments: 3, lastDueDaysBefore: 7 });
    expect(w.paymentPlanOffer).toEqual({
      installments: 3,
      dueAt: ['2026-04-01T15:00:00.000Z', '2026-05-01T15:00:00.000Z', '2026-06-01T15:00:00.000Z'],
    });
  });

  it('given a plan of 6, when the class is near, then only the months that end 7 days before it are offered, and none within a month of it', async () => {
    now = new Date('2026-06-10T15:00:00Z');
    t = await makeTestApp({ clock: () => now });
    // July 10 is before July 25 (7 days before August 1); August 10 is not.
    const w = await created(camp({ paymentPlan: { installments: 6, lastDueDaysBefore: 7 } }));
    expect(w.paymentPlanOffer?.installments).toBe(2);
    now = new Date('2026-06-26T15:00:00Z');
    const near = await created(camp({ title: 'Near', paymentPlan: { installments: 6, lastDueDaysBefore: 7 } }));
    expect(near.paymentPlanOffer).toBeNull();
  });

  it('given a workshop without a plan, then its answer is as before: no plan and no offer', async () => {
    t = await makeTestApp();
    const w = await created(camp());
    expect(w).not.toHaveProperty('paymentPlan');
    expect(w).not.toHaveProperty('paymentPlanOffer');
  });

  it('given a plan, when an edit sends null, then the plan is gone; when it leaves it out, it is kept', async () => {
    now = new Date('2026-04-01T15:00:00Z');
    t = await makeTestApp({ clock: () => now });
    const w = await created(camp({ paymentPlan: { installments: 4, lastDueDaysBefore: 14 } }));
    const kept = await adminCall(t.app, 'PUT', `/api/admin/workshops/${w.id}`, { body: camp({ capacity: 25 }) });
    const after = (await schedule(((await kept.json()) as { position: string }).position)).find((x) => x.id === w.id)!;
    expect(after.paymentPlan).toEqual({ installments: 4, lastDueDaysBefore: 14 });
    const cleared = await adminCall(t.app, 'PUT', `/api/admin/workshops/${w.id}`, {
      body: camp({ paymentPlan: null }),
    });
    const gone = (await schedule(((await cleared.json()) as { position: string }).position)).find(
      (x) => x.id === w.id,
    )!;
    expect(gone).not.toHaveProperty('paymentPlan');
  });

  it.each([
    [{ paymentPlan: { installments: 1, lastDueDaysBefore: 7 } }, 'paymentPlan.installments', /at least 2/],
    [{ paymentPlan: { installments: 7, lastDueDaysBefore: 7 } }, 'paymentPlan.installments', /at most 6/],
    [{ paymentPlan: { installments: 2.5, lastDueDaysBefore: 7 } }, 'paymentPlan.installments', /whole number/],
    [{ paymentPlan: { installments: 3, lastDueDaysBefore: -1 } }, 'paymentPlan.lastDueDaysBefore', /negative/],
    [{ paymentPlan: { installments: 3 } }, 'paymentPlan.lastDueDaysBefore', /whole number of days/],
    [{ paymentPlan: { installments: 3, lastDueDaysBefore: 7 }, depositCents: 5_000 }, 'paymentPlan', /not both/],
  ])('given a bad plan %j, then 400 naming %s', async (extra, path, message) => {
    t = await makeTestApp();
    const r = await adminCall(t.app, 'POST', '/api/admin/workshops', { body: camp(extra) });
    expect(r.status).toBe(400);
    const body = (await r.json()) as { error: string; issues: { path: string; message: string }[] };
    expect(body.error.startsWith(`${path}: `)).toBe(true);
    expect(body.issues[0]).toMatchObject({ path, message: expect.stringMatching(message) });
  });

  it('given a workshop with a deposit, when an edit adds a plan alone, then 400 naming paymentPlan', async () => {
    t = await makeTestApp();
    const w = await created(camp({ depositCents: 5_000 }));
    const r = await adminCall(t.app, 'PUT', `/api/admin/workshops/${w.id}`, {
      body: { ...camp(), paymentPlan: { installments: 3, lastDueDaysBefore: 7 } },
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { issues: { path: string }[] }).issues[0]?.path).toBe('paymentPlan');
  });
});
