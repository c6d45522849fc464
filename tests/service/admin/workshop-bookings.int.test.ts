import { afterEach, describe, expect, it } from 'vitest';
import type { WorkshopBookings } from '../../../contracts/admin/catalogue-forms.js';
import { baseForm } from '../../support/enrollment-forms.js';
import { makeBookingApp, type BookingTestApp } from '../booking/support.js';
import { adminCall } from './support.js';

/** GET /api/admin/workshops/:id/bookings: what the workshop form says a change of date, time or place moves. */

let app: BookingTestApp;
afterEach(async () => {
  await app?.t.close();
});

describe('GET /api/admin/workshops/:id/bookings', () => {
  it('given two confirmed bookings (1 and 2 people), an unpaid hold and a cancelled booking on the dinner, then 3 bookings of 4 participants are moved by a change, 2 of them confirmed (their parents are e-mailed)', async () => {
    app = await makeBookingApp();
    await app.buy('6', { total: 150 });
    await app.buy('6', { total: 250, participants: 2 });
    const gone = await app.buy('6', { total: 150 });
    const cancelled = await adminCall(app.t.app, 'POST', `/api/admin/enrollments/${gone.enrollmentId}/cancel`, {
      body: { refund: 'full', notify: false },
    });
    expect(cancelled.status).toBe(200);
    const hold = await app.request('POST', '/api/enroll/workshop/6', {
      ...baseForm({ email: 'unpaid@example.com' }),
      totalPrice: 150,
    });
    const { position } = (await hold.json()) as { position: string };

    const r = await adminCall(app.t.app, 'GET', `/api/admin/workshops/6/bookings?minPosition=${position}`);

    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({
      workshopId: '6',
      bookings: 3,
      participants: 4,
      confirmed: 2,
    } satisfies WorkshopBookings);
  });

  it('given a workshop nobody booked, then nothing moves', async () => {
    app = await makeBookingApp();
    const r = await adminCall(app.t.app, 'GET', '/api/admin/workshops/7/bookings');
    expect(await r.json()).toEqual({ workshopId: '7', bookings: 0, participants: 0, confirmed: 0 });
  });

  it('given an unknown workshop, then 404 with { error, code }; without the admin key, 401', async () => {
    app = await makeBookingApp();
    const unknown = await adminCall(app.t.app, 'GET', '/api/admin/workshops/nope/bookings');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: expect.stringMatching(/could not find that workshop/),
      code: 'not_found',
    });
    expect((await adminCall(app.t.app, 'GET', '/api/admin/workshops/6/bookings', { key: null })).status).toBe(401);
  });
});
