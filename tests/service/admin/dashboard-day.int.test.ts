import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { DashboardDay } from '../../../contracts/admin/dashboard.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import { waitlistStream } from '../../../contracts/waitlist/events.js';
import { makeTestApp, testClock, type TestApp } from '../../support/app.js';
import { form, record, submitted } from '../../support/enrollment-events.js';
import { strictForm } from '../../support/enrollment-forms.js';
import { adminCall } from './support.js';

let t: TestApp;
afterEach(() => t?.close());

const day = async (position?: string) => {
  const res = await adminCall(t.app, 'GET', `/api/admin/dashboard/day${position ? `?minPosition=${position}` : ''}`);
  expect(res.status).toBe(200);
  return (await res.json()) as DashboardDay;
};

const waitlistEvent = (workshopId: string, entryId: string, type: 'WaitlistJoined' | 'WaitlistLeft') => ({
  id: randomUUID(),
  type,
  data:
    type === 'WaitlistJoined'
      ? {
          entryId,
          workshopId,
          firstName: 'Wendy',
          lastName: 'Waiting',
          email: `${entryId}@example.com`,
          phone: '2145550199',
          participants: 1,
          emailKey: `key-${entryId}-0000000000`,
          joinedAt: '2025-05-01T12:00:00.000Z',
        }
      : { entryId, leftAt: '2025-05-01T12:05:00.000Z' },
  metadata: { correlationId: 'w', causationId: 'w', actor: 'visitor' as const, at: '2025-05-01T12:00:00.000Z' },
});

describe('dashboard for the day', () => {
  it('given the season ahead, then the next five workshops are listed soonest first', async () => {
    t = await makeTestApp();
    const { workshops } = await day();
    const schedule = (await (await t.app.request('/api/workshops')).json()) as Workshop[];
    const ahead = schedule
      .filter((w) => Date.parse(w.date) >= testClock().getTime())
      .sort((a, b) => a.date.localeCompare(b.date));
    expect(workshops.map((w) => w.id)).toEqual(ahead.slice(0, 5).map((w) => w.id));
  });

  it("given a family of two (one with an allergy), a cancelled family with an allergy and a waitlist, then the first workshop's seats, waitlist and allergies count only what stands", async () => {
    t = await makeTestApp();
    const first = (await day()).workshops[0]!;
    expect(first).toMatchObject({ seatsTaken: 0, waitlist: 0, allergies: 0 });

    // Two children through the site: the first has a peanut allergy.
    const w = (await (await t.app.request(`/api/workshops/${first.id}`)).json()) as Workshop;
    const tier = w.priceTiers?.find((p) => p.participants === 2);
    const enrolled = await t.app.request(`/api/enroll/workshop/${first.id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        ...strictForm({ participants: 2, hasDietaryRestrictions: true, dietaryRestrictions: 'Peanuts' }),
        workshopId: first.id,
        totalPrice: tier?.totalPrice ?? w.price * 2,
      }),
    });
    expect(enrolled.status).toBe(201);

    // A cancelled enrollment's allergy is not in the room.
    const gone = submitted('gone-1', { participants: 1 });
    if (gone.type !== 'EnrollmentSubmitted') throw new Error('unreachable');
    await record(t.eventStore, 'gone-1', [
      {
        event: {
          ...gone,
          data: {
            ...gone.data,
            workshopId: first.id,
            form: form({
              participants: 1,
              participantDetails: [
                {
                  ...{ name: 'Max Gone', age: 9, grade: '4th', school: 'X' },
                  hasDietaryRestrictions: true,
                  dietaryRestrictions: 'Gluten',
                  photographyConsent: false,
                  allowNameWithPhoto: false,
                  photographyOptOut: true,
                },
              ],
            }),
          },
        },
        actor: 'visitor',
      },
      {
        event: {
          type: 'EnrollmentCancelled',
          data: { enrollmentId: 'gone-1', reason: 'cancelled-by-admin', cancelledAt: '2025-05-01T12:00:00.000Z' },
        },
        actor: 'admin',
      },
    ]);

    // Two joined the waitlist, one left.
    const { position } = await t.eventStore.append(
      waitlistStream(first.id),
      [
        waitlistEvent(first.id, 'wl-1', 'WaitlistJoined'),
        waitlistEvent(first.id, 'wl-2', 'WaitlistJoined'),
        waitlistEvent(first.id, 'wl-2', 'WaitlistLeft'),
      ],
      'any',
    );

    const now = (await day(position.toString())).workshops.find((x) => x.id === first.id)!;
    expect(now).toMatchObject({ seatsTaken: 2, capacity: w.capacity, waitlist: 1, allergies: 1 });
  });

  it('given no key, then 401', async () => {
    t = await makeTestApp();
    expect((await adminCall(t.app, 'GET', '/api/admin/dashboard/day', { key: null })).status).toBe(401);
  });
});
