import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import type { EventStore } from '../../../platform/eventstore/port.js';
import { MemoryMailer } from '../../support/memory-mailer.js';
import { baseForm, strictForm } from '../../support/enrollment-forms.js';
import { OfflinePayments } from '../../../service/payments/offline-adapter.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import type { CreatePaymentIntentResponse } from '../../../contracts/payments/api.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';

/** Before every seeded workshop (the specifications' 2025 dates) begins. */
export const BEFORE_SEASON = new Date('2025-05-01T12:00:00Z');

export interface BookingTestApp {
  t: TestApp;
  mailer: MemoryMailer;
  offline: OfflinePayments;
  /** The app's clock: tests move it. */
  clock: { now: Date };
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** A parent enrolls and pays (test card 4242) or takes a free seat; answers the enrollment id and its e-mailed link. */
  buy(
    workshopId: string,
    o?: { participants?: number; total?: number; strict?: boolean; email?: string },
  ): Promise<Bought>;
  types(enrollmentId: string): Promise<string[]>;
  workshopStart(workshopId: string): Promise<string>;
}

export interface Bought {
  enrollmentId: string;
  /** The token of the "Manage your booking" link of the confirmation e-mail. */
  token: string;
  email: string;
}

/** The whole app with its reactors (e-mails, refunds, seats), the offline provider and a clock the test moves. */
export async function makeBookingApp(
  o: { eventStore?: EventStore; env?: Record<string, string> } = {},
): Promise<BookingTestApp> {
  const offline = new OfflinePayments({ webhookSecret: 'whsec_booking' });
  const mailer = new MemoryMailer();
  const clock = { now: BEFORE_SEASON };
  const t = await makeTestApp({
    eventStore: o.eventStore,
    reactors: true,
    clock: () => clock.now,
    env: { PUBLIC_URL: 'https://school.example', ...o.env },
    extra: () => ({ payments: offline, mailer }),
  });
  const request = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    t.app.request(path, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const types = async (enrollmentId: string) =>
    (await t.eventStore.readStream(enrollmentStream(enrollmentId))).map((e) => e.type);

  async function buy(
    workshopId: string,
    o: { participants?: number; total?: number; strict?: boolean; email?: string } = {},
  ) {
    const participants = o.participants ?? 1;
    const email = o.email ?? `parent-${randomUUID().slice(0, 8)}@example.com`;
    const form = o.strict ? strictForm({ participants, email }) : baseForm({ participants, email });
    const r = await request('POST', `/api/enroll/workshop/${workshopId}`, { ...form, totalPrice: o.total ?? 0 });
    expect(r.status).toBe(201);
    const enrolled = (await r.json()) as EnrollmentResponse;
    if (!enrolled.isFree) {
      const intent = (await (
        await request('POST', '/api/create-payment-intent', {
          enrollmentId: enrolled.enrollmentId,
          amount: o.total,
        })
      ).json()) as CreatePaymentIntentResponse;
      const paid = offline.confirmWithTestCard({
        clientSecret: intent.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/34',
        cvc: '123',
      });
      expect(paid?.paymentIntent?.status).toBe('succeeded');
      await offline.idle();
    }
    await t.settle();
    expect(await types(enrolled.enrollmentId)).toContain('ConfirmationEmailSent');
    const mail = mailer.sent.find((m) => m.to === email && m.text.includes(`/booking/${enrolled.enrollmentId}.`))!;
    const link = /https:\/\/school\.example\/booking\/([A-Za-z0-9_.-]+)/.exec(mail.text);
    expect(link, 'the confirmation e-mail carries the booking link').not.toBeNull();
    expect(mail.html).toContain(`https://school.example/booking/${link![1]}`);
    return { enrollmentId: enrolled.enrollmentId, token: link![1]!, email };
  }

  const workshopStart = async (workshopId: string) =>
    ((await (await t.app.request(`/api/workshops/${workshopId}`)).json()) as Workshop).date;

  return { t, mailer, offline, clock, request, buy, types, workshopStart };
}
