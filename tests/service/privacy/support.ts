import { expect } from 'vitest';
import { makeTestApp, type TestApp, type TestAppOptions } from '../../support/app.js';
import { MemoryMailer } from '../../support/memory-mailer.js';
import { strictForm } from '../../support/enrollment-forms.js';
import { OfflinePayments } from '../../../service/payments/offline-adapter.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import type { CreatePaymentIntentResponse } from '../../../contracts/payments/api.js';
import type { EnrollmentFormInput } from '../../../contracts/enrollment/form.js';
import { FAMILY } from '../../support/privacy-samples.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import { adminCall } from '../admin/support.js';

/** Workshop 8: the children's class, $150 a child, which asks each child's safety details. */
export const CHILDREN = '8';

/** The family of tests/support/privacy-samples.ts, as its parent fills in the form: two children, an allergy. */
export const familyFormInput = (o: Partial<EnrollmentFormInput> = {}): EnrollmentFormInput =>
  strictForm({
    firstName: FAMILY.parentFirst,
    lastName: FAMILY.parentLast,
    email: FAMILY.email,
    phone: FAMILY.phone,
    participants: 2,
    specialRequirements: 'Please seat near the door',
    emergencyContact1Name: FAMILY.emergencyName,
    emergencyContact1Phone: FAMILY.emergencyPhone,
    participantDetails: [
      {
        name: FAMILY.child,
        age: 9,
        grade: '4th',
        school: FAMILY.school,
        hasDietaryRestrictions: true,
        dietaryRestrictions: FAMILY.allergy,
        photographyConsent: true,
        allowNameWithPhoto: true,
      },
      { name: FAMILY.sibling, age: 7, grade: '2nd', school: FAMILY.school },
    ],
    ...o,
  });

export interface PrivacyTestApp {
  t: TestApp;
  mailer: MemoryMailer;
  clock: { now: Date };
  /** The family books workshop 8 for its two children; paid with the test card unless told not to. */
  book(o?: { pay?: boolean; workshopId?: string; form?: EnrollmentFormInput }): Promise<string>;
  erase(body: unknown, key?: string): Promise<Response>;
}

/** The whole app with its reactors (the scrub among them), offline payments, mail in memory and a clock the test moves. */
export async function makePrivacyApp(options: TestAppOptions = {}): Promise<PrivacyTestApp> {
  const offline = new OfflinePayments({ webhookSecret: 'whsec_privacy' });
  const mailer = new MemoryMailer();
  const clock = { now: new Date('2025-05-01T12:00:00Z') };
  const t = await makeTestApp({
    reactors: true,
    clock: () => clock.now,
    ...options,
    extra: (config) => ({ payments: offline, mailer, ...options.extra?.(config) }),
  });
  const post = (path: string, body: unknown) =>
    t.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  async function book(o: { pay?: boolean; workshopId?: string; form?: EnrollmentFormInput } = {}) {
    const form = o.form ?? familyFormInput();
    const workshopId = o.workshopId ?? CHILDREN;
    const workshop = (await (await t.app.request(`/api/workshops/${workshopId}`)).json()) as Workshop;
    const n = Number(form.participants);
    const total = workshop.priceTiers?.find((tier) => tier.participants === n)?.totalPrice ?? workshop.price * n;
    const r = await post(`/api/enroll/workshop/${workshopId}`, { ...form, totalPrice: total });
    expect(r.status, await r.clone().text()).toBe(201);
    const enrolled = (await r.json()) as EnrollmentResponse;
    if (o.pay !== false) {
      const intent = (await (
        await post('/api/create-payment-intent', { enrollmentId: enrolled.enrollmentId, amount: total })
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
    return enrolled.enrollmentId;
  }

  const erase = async (body: unknown, key?: string) =>
    adminCall(t.app, 'POST', '/api/admin/privacy/erasures', { body, key });
  return { t, mailer, clock, book, erase };
}
