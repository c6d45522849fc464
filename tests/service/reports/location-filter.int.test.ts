import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { FunnelReport } from '../../../contracts/reports/activity.js';
import type { RevenueReport } from '../../../contracts/reports/revenue.js';
import { SEED_WORKSHOPS } from '../../../service/catalogue/seed-workshops.js';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { record, submitted } from '../../support/enrollment-events.js';
import { adminCall } from '../admin/support.js';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const get = async <T>(path: string) => {
  const res = await adminCall(t.app, 'GET', path);
  return { status: res.status, body: (await res.json()) as T & { error?: string } };
};

/** A class held at `locationId`, scheduled as the admin API would. */
async function classAt(workshopId: string, locationId: string): Promise<void> {
  const workshop = { ...SEED_WORKSHOPS[0]!, id: workshopId, title: `Class ${workshopId}`, locationId };
  await t.eventStore.append(
    `workshop-${workshopId}`,
    [
      {
        id: randomUUID(),
        type: 'WorkshopScheduled',
        data: { workshop },
        metadata: { correlationId: 'c', causationId: 'c', actor: 'admin', at: '2025-05-01T15:00:00.000Z' },
      },
    ],
    'any',
  );
}

/** A booking of `workshopId`, paid `cents` on June 10. */
async function bookedAndPaid(id: string, workshopId: string, cents: number): Promise<bigint> {
  const e = submitted(id);
  if (e.type !== 'EnrollmentSubmitted') throw new Error('submitted');
  return record(t.eventStore, id, [
    {
      event: { ...e, data: { ...e.data, workshopId, item: { ...e.data.item, id: workshopId } } },
      actor: 'visitor',
    },
    {
      event: {
        type: 'PaymentSucceeded',
        data: {
          enrollmentId: id,
          paymentIntentId: `pi_${id}`,
          amountCents: cents,
          providerEventId: null,
          source: 'webhook',
          succeededAt: '2025-06-10T15:00:00-05:00',
        },
      },
      actor: 'provider',
    },
  ]);
}

describe('the reports’ location filter (?locationId=)', () => {
  it('given a booking of a class in Plano and one of a class in Frisco, when the owner asks for Plano, then the revenue and the funnel count the Plano booking only, and a bad id is a 400 naming the field', async () => {
    t = await makeTestApp();
    await classAt('loc-plano', 'plano');
    await classAt('loc-frisco', 'frisco');
    await bookedAndPaid('in-plano', 'loc-plano', 30_000);
    const at = await bookedAndPaid('in-frisco', 'loc-frisco', 12_000);
    const q = `from=2025-06-01&to=2025-06-30&minPosition=${at}`;

    const everywhere = await get<RevenueReport>(`/api/admin/reports/revenue?${q}&by=source`);
    expect(everywhere.status).toBe(200);
    expect(everywhere.body.totals.bookedCents).toBe(42_000);
    const plano = await get<RevenueReport>(`/api/admin/reports/revenue?${q}&by=source&locationId=plano`);
    expect(plano.status).toBe(200);
    expect(plano.body.totals.bookedCents).toBe(30_000);
    expect(plano.body.rows).toEqual([expect.objectContaining({ key: 'card', bookedCents: 30_000 })]);
    const nowhere = await get<RevenueReport>(`/api/admin/reports/revenue?${q}&locationId=dallas`);
    expect(nowhere.body.totals.bookedCents).toBe(0);

    const funnel = await get<FunnelReport>(`/api/admin/reports/funnel?${q}&locationId=frisco`);
    expect(funnel.status).toBe(200);
    expect(funnel.body.totals.started).toBe(1);
    expect((await get<FunnelReport>(`/api/admin/reports/funnel?${q}`)).body.totals.started).toBe(2);

    for (const path of ['/api/admin/reports/revenue', '/api/admin/reports/funnel']) {
      const bad = await get<object>(`${path}?from=2025-06-01&to=2025-06-30&locationId=not%20an%20id`);
      expect(bad.status, path).toBe(400);
      expect(bad.body.error, path).toMatch(/^locationId: /);
    }
  });
});
