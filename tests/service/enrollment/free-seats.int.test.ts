import { afterEach, describe, expect, it } from 'vitest';
import { baseForm, makeEnrollmentApp, type EnrollmentTestApp } from './support.js';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import { validatingEventStore } from '../../../platform/eventstore/validating.js';
import { eventSchemas } from '../../../contracts/events.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import { seatLedgerDecider } from '../../../service/enrollment/seat-ledger.js';

/**
 * Free seats cannot be hoarded (issue 22): one address took a whole free event in three requests
 * of five seats, with confirmation e-mails to whatever addresses it typed. Free seats are now
 * capped per workshop for each client address and each e-mail (MAX_FREE_SEATS_PER_CLIENT, default
 * 5), decided on the workshop's stream with the seats themselves. Workshop 10 is free, 50 seats.
 */
let t: EnrollmentTestApp | undefined;
const others: TestApp[] = [];
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const o of others.splice(0)) await o.close();
});

const ADMIN = { 'Admin-Key': 'test-admin-key-123456' };
const free = (participants: number, email: string) => ({ ...baseForm({ participants, email }), totalPrice: 0 });
const from = (address: string) => ({ 'x-forwarded-for': address });
const seatsTaken = async (app: TestApp = t!) =>
  (await app.deps.commands.state(seatLedgerDecider, workshopStream('10'))).taken;

describe('free seats per client address and e-mail', () => {
  it('given one address, when it asks for 5 free seats three times under three e-mails, then the first is confirmed and the others get 429 with Retry-After and words a parent understands', async () => {
    t = await makeEnrollmentApp();
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await t.post('/api/enroll/workshop/10', free(5, `hoarder-${i}@example.com`), from('203.0.113.90')));
    expect(answers.map((r) => r.status)).toEqual([201, 429, 429]);
    for (const r of answers.slice(1)) {
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await r.json()).toEqual({
        code: 'rate_limited',
        error:
          'You have already reserved 5 free seats for Global Chamber of Commerce Networking Event, the most one family can reserve for this event. If you need more places, please contact us at hello@greatlakesetiquette.com or (972) 555-0142.',
      });
    }
    expect(await seatsTaken()).toBe(5);
    // Another address is served.
    expect(
      (await t.post('/api/enroll/workshop/10', free(5, 'neighbour@example.com'), from('203.0.113.91'))).status,
    ).toBe(201);
  });

  it('given 3 free seats taken, when the same address asks for 3 more, then it is told how many it may still take', async () => {
    t = await makeEnrollmentApp();
    expect((await t.post('/api/enroll/workshop/10', free(3, 'a@example.com'), from('203.0.113.92'))).status).toBe(201);
    const more = await t.post('/api/enroll/workshop/10', free(3, 'b@example.com'), from('203.0.113.92'));
    expect(more.status).toBe(429);
    expect(((await more.json()) as { error: string }).error).toBe(
      'You can reserve 2 more free seats for Global Chamber of Commerce Networking Event: each family may reserve at most 5. Please lower the number of participants, or contact us at hello@greatlakesetiquette.com or (972) 555-0142 if you need more places.',
    );
    expect((await t.post('/api/enroll/workshop/10', free(2, 'b@example.com'), from('203.0.113.92'))).status).toBe(201);
    expect(await seatsTaken()).toBe(5);
  });

  it('given one e-mail, when it is sent from three addresses for 5 seats each, then only the first is served (no confirmation e-mails to one inbox from everywhere)', async () => {
    t = await makeEnrollmentApp();
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await t.post('/api/enroll/workshop/10', free(5, 'victim@example.com'), from(`203.0.113.${100 + i}`))).status,
      );
    expect(statuses).toEqual([201, 429, 429]);
  });

  it('given one address sending 12 requests of 5 free seats at once, then exactly one is served and 5 seats are taken', async () => {
    t = await makeEnrollmentApp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t!.post('/api/enroll/workshop/10', free(5, `rush-${i}@example.com`), from('203.0.113.110')),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(11).fill(429)]);
    expect(await seatsTaken()).toBe(5);
  });

  it('given two API processes on one event store, when one address sends 5-seat requests to both at once, then the cap holds across them', async () => {
    const eventStore = validatingEventStore(new MemoryEventStore(), eventSchemas);
    t = await makeEnrollmentApp({ eventStore });
    const second = await makeTestApp({ eventStore, seed: false });
    others.push(second);
    const post = (app: TestApp, i: number) =>
      app.app.request('/api/enroll/workshop/10', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...from('203.0.113.120') },
        body: JSON.stringify(free(5, `two-${i}@example.com`)),
      });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(i % 2 === 0 ? t! : second, i)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(9);
    expect(await seatsTaken()).toBe(5);
  });

  it('given a free booking cancelled by the school, then its seats no longer count against the family', async () => {
    // The seats go back through the after-sale reactor, as in production.
    t = await makeEnrollmentApp({ reactors: true });
    const first = (await (
      await t.post('/api/enroll/workshop/10', free(5, 'a@example.com'), from('203.0.113.130'))
    ).json()) as EnrollmentResponse;
    const cancelled = await t.app.request(`/api/admin/enrollments/${first.enrollmentId}/cancel`, {
      method: 'POST',
      headers: { ...ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify({ refund: 'none', notify: false }),
    });
    expect(cancelled.status).toBe(200);
    expect((await t.post('/api/enroll/workshop/10', free(5, 'a@example.com'), from('203.0.113.130'))).status).toBe(201);
  });

  it('given the school raised the cap of the workshop to 15, then one address takes 3 x 5 seats; an edit that leaves the field out keeps it', async () => {
    t = await makeEnrollmentApp();
    const workshop = (await (await t.get('/api/workshops/10')).json()) as Record<string, unknown>;
    const form = {
      title: workshop.title,
      description: workshop.description,
      category: workshop.category,
      date: workshop.date,
      time: workshop.time,
      location: workshop.location,
      price: 0,
      capacity: workshop.capacity,
    };
    const put = (body: object) =>
      t!.app.request('/api/admin/workshops/10', {
        method: 'PUT',
        headers: { ...ADMIN, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await put({ ...form, maxFreeSeatsPerClient: 15 })).status).toBe(200);
    // The specification's client does not know the field: its edit keeps it.
    const kept = await put({ ...form, title: 'Networking Evening (June)' });
    expect(kept.status).toBe(200);
    const { position } = (await kept.json()) as { position: string };
    const now = (await (await t.get(`/api/workshops/10?minPosition=${position}`)).json()) as Record<string, unknown>;
    expect(now.maxFreeSeatsPerClient).toBe(15);

    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await t.post('/api/enroll/workshop/10', free(5, `team-${i}@example.com`), from('203.0.113.140'))).status,
      );
    expect(statuses).toEqual([201, 201, 201, 429]);

    // A bad value names the field and changes nothing.
    const bad = await put({ ...form, maxFreeSeatsPerClient: 0 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { issues: { path: string }[] }).issues[0]!.path).toBe('maxFreeSeatsPerClient');
    // null gives the workshop back the site's default.
    expect((await put({ ...form, maxFreeSeatsPerClient: null })).status).toBe(200);
    expect((await t.post('/api/enroll/workshop/10', free(1, 'late@example.com'), from('203.0.113.140'))).status).toBe(
      429,
    );
  });

  it('given MAX_FREE_SEATS_PER_CLIENT=off, then one address is not capped', async () => {
    t = await makeEnrollmentApp({ env: { MAX_FREE_SEATS_PER_CLIENT: 'off' } });
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await t.post('/api/enroll/workshop/10', free(5, `off-${i}@example.com`), from('203.0.113.150'))).status,
      );
    expect(statuses).toEqual([201, 201, 201]);
  });
});
