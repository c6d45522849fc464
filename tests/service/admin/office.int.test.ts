import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from './support.js';
import { confirmed, paid, record, submitted } from '../../support/enrollment-events.js';
import { enrollmentStream, type EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import type { AdminEnrollmentRecord } from '../../../contracts/admin/enrollments.js';

let t: TestApp;
afterEach(() => t?.close());

/** Confirmed with this order reference (the helper's is one for all). */
const confirmedAs = (id: string, cents: number, orderReference: string): EnrollmentEvent => {
  const e = confirmed(id, cents);
  if (e.type !== 'EnrollmentConfirmed') throw new Error('unreachable');
  return { ...e, data: { ...e.data, orderReference } };
};

/** Two paid dinners confirmed with the references parents quote, and one still unpaid. */
async function givenOrders(): Promise<string> {
  await record(t.eventStore, 'a1b2c3d4-grace', [
    { event: submitted('a1b2c3d4-grace'), actor: 'visitor' },
    { event: paid('a1b2c3d4-grace', 30_000), actor: 'provider' },
    { event: confirmedAs('a1b2c3d4-grace', 30_000, 'GL-061739'), actor: 'system' },
  ]);
  await record(t.eventStore, 'e5f6a7b8-ada', [
    { event: submitted('e5f6a7b8-ada'), actor: 'visitor' },
    { event: paid('e5f6a7b8-ada', 30_000), actor: 'provider' },
    { event: confirmedAs('e5f6a7b8-ada', 30_000, 'GL-998877'), actor: 'system' },
  ]);
  return (
    await record(t.eventStore, 'c9d0e1f2-hold', [{ event: submitted('c9d0e1f2-hold'), actor: 'visitor' }])
  ).toString();
}

const found = async (q: string, position: string) => {
  const res = await adminCall(
    t.app,
    'GET',
    `/api/admin/enrollments?minPosition=${position}&q=${encodeURIComponent(q)}`,
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as AdminEnrollmentRecord[]).map((r) => r.id);
};

describe('tracker search by the numbers parents quote', () => {
  it('given confirmed orders, when searching by the GL- reference whole, without its dash or in part, then that order is found', async () => {
    t = await makeTestApp();
    const position = await givenOrders();
    expect(await found('GL-061739', position)).toEqual(['a1b2c3d4-grace']);
    expect(await found('gl061739', position)).toEqual(['a1b2c3d4-grace']);
    expect(await found('GL 0617', position)).toEqual(['a1b2c3d4-grace']);
    // Without its prefix: the digits alone, whole or a fragment.
    expect(await found('061739', position)).toEqual(['a1b2c3d4-grace']);
    expect(await found('9988', position)).toEqual(['e5f6a7b8-ada']);
    expect(await found('GL-000000', position)).toEqual([]);
  });

  it('given confirmed orders, when searching by the ORD- order number whole, in part or without its prefix, then that order is found', async () => {
    t = await makeTestApp();
    const position = await givenOrders();
    expect(await found('ORD-a1b2c3d4-grace', position)).toEqual(['a1b2c3d4-grace']);
    expect(await found('ord-e5f6', position)).toEqual(['e5f6a7b8-ada']);
    expect(await found('ORD-a1b2', position)).toEqual(['a1b2c3d4-grace']);
    expect(await found('a1b2c3d4', position)).toEqual(['a1b2c3d4-grace']);
    // An enrollment not confirmed yet is found by the number its order will carry.
    expect(await found('ORD-c9d0e1f2', position)).toEqual(['c9d0e1f2-hold']);
    expect(await found('ORD-ffffffff', position)).toEqual([]);
  });

  it('given a confirmed order, when the tracker lists it, then its row carries the order number and reference', async () => {
    t = await makeTestApp();
    const position = await givenOrders();
    const res = await adminCall(t.app, 'GET', `/api/admin/enrollments?minPosition=${position}&q=GL-061739`);
    const [row] = (await res.json()) as AdminEnrollmentRecord[];
    expect(row).toMatchObject({ orderId: 'ORD-a1b2c3d4-grace', orderReference: 'GL-061739' });
  });
});

describe('refunds beyond what can be refunded', () => {
  it('given $250 paid for a camp, when $300 is asked back, then 400 naming refund with the maximum, and nothing is written', async () => {
    t = await makeTestApp();
    await record(t.eventStore, 'camp', [
      {
        event: submitted('camp', { participants: 1, unitCents: 25_000, title: 'Summer Etiquette Camp' }),
        actor: 'visitor',
      },
      { event: paid('camp', 25_000), actor: 'provider' },
      { event: confirmedAs('camp', 25_000, 'GL-250250'), actor: 'system' },
    ]);
    const before = await t.eventStore.readStream(enrollmentStream('camp'));
    const res = await adminCall(t.app, 'POST', '/api/admin/enrollments/camp/cancel', { body: { refund: 300 } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; code: string; issues: { path: string; message: string }[] };
    expect(body.code).toBe('validation');
    expect(body.error).toMatch(/^refund: at most \$250\.00 can be refunded/);
    expect(body.issues).toEqual([
      expect.objectContaining({ path: 'refund', message: expect.stringContaining('$250.00') }),
    ]);
    // Refused, not clamped: no cancellation, no refund of $250.
    expect(await t.eventStore.readStream(enrollmentStream('camp'))).toHaveLength(before.length);
  });
});
