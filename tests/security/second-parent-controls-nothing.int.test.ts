import { afterEach, describe, expect, it } from 'vitest';
import type { AdminEnrollmentDetail } from '../../contracts/admin/enrollments.js';
import type { EnrollmentResponse } from '../../contracts/enrollment/api.js';
import type { EnrollmentFormInput } from '../../contracts/enrollment/form.js';
import type { CreatePaymentIntentResponse } from '../../contracts/payments/api.js';
import { ERASED } from '../../contracts/privacy/classes.js';
import { pseudonymsFor } from '../../service/core/pseudonyms.js';
import { OfflinePayments } from '../../service/payments/offline-adapter.js';
import { adminCall } from '../service/admin/support.js';
import { makeAccountApp, type AccountTestApp } from '../service/account/support.js';
import { strictForm } from '../support/enrollment-forms.js';
import { nextParentEmail } from '../support/visitors.js';

/** Workshop 1: a summer camp ($250 a child) on June 23, 2025. */
const CAMP = '1';

let t: AccountTestApp;
let offline: OfflinePayments;
afterEach(async () => {
  await t?.close();
});

async function app() {
  offline = new OfflinePayments({ webhookSecret: 'whsec_second' });
  t = await makeAccountApp({ reactors: true, extra: () => ({ payments: offline }) });
}

/** A paid camp place booked with the form by `contact`, naming a second parent. */
async function paidBooking(o: Partial<EnrollmentFormInput>): Promise<string> {
  const res = await t.call('POST', `/api/enroll/workshop/${CAMP}`, { body: { ...strictForm(o), totalPrice: 250 } });
  expect(res.status, await res.clone().text()).toBe(201);
  const { enrollmentId } = (await res.json()) as EnrollmentResponse;
  const intent = (await (
    await t.call('POST', '/api/create-payment-intent', { body: { enrollmentId, amount: 250 } })
  ).json()) as CreatePaymentIntentResponse;
  offline.confirmWithTestCard({
    clientSecret: intent.clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
  });
  await offline.idle();
  await t.settle();
  return enrollmentId;
}

const detail = async (enrollmentId: string) => {
  const res = await adminCall(t.app, 'GET', `/api/admin/enrollments/${enrollmentId}`);
  expect(res.status).toBe(200);
  return (await res.json()) as AdminEnrollmentDetail;
};
const types = async (enrollmentId: string) =>
  (await t.eventStore.readStream(`enrollment-${enrollmentId}`)).map((e) => e.type);
const liveKeys = async (email: string) =>
  (await t.deps.keys.keysOf(pseudonymsFor(t.deps.config).email(email))).filter((k) => k.destroyedAt === null);

/** A contact's two paid bookings, the first naming a typed second parent. */
async function bookedWithSecondParent() {
  const contact = nextParentEmail('contact');
  const typed = nextParentEmail('typed');
  const named = await paidBooking({
    email: contact,
    firstName: 'Connie',
    lastName: 'Contact',
    parent2Name: 'Tobias Typed',
    parent2Email: typed,
    parent2Phone: '9725550199',
  });
  const other = await paidBooking({ email: contact, firstName: 'Connie', lastName: 'Contact' });
  return { contact, typed, named, other };
}

describe('issue 36 item 2: a typed second parent controls nothing', () => {
  it('given a booking naming a second parent by address, when that address signs in, then the booking is not on their family page', async () => {
    await app();
    const b = await bookedWithSecondParent();
    const page = await t.account(await t.signIn(b.typed));
    expect(page.bookings).toEqual([]);
    expect((await t.account(await t.signIn(b.contact))).bookings.map((x) => x.enrollmentId).sort()).toEqual(
      [b.named, b.other].sort(),
    );
  });

  it('given that second parent erasing their own family, then only parent2Name, parent2Email and parent2Phone read Erased: nothing is cancelled and the contact’s key and bookings stay', async () => {
    await app();
    const b = await bookedWithSecondParent();
    const cookie = await t.signIn(b.typed);
    const erased = await t.call('POST', '/api/account/erase', { cookie, body: { cancelUpcoming: true } });
    expect(erased.status, await erased.clone().text()).toBe(202);
    await t.settle();

    expect(await types(b.named)).not.toContain('EnrollmentCancelled');
    expect(await types(b.other)).not.toContain('EnrollmentCancelled');
    expect((await liveKeys(b.contact)).length).toBeGreaterThan(0);
    const named = await detail(b.named);
    expect(named.contact).toMatchObject({ parent2Name: ERASED, parent2Email: ERASED, parent2Phone: ERASED });
    expect([named.firstName, named.email]).toEqual(['Connie', b.contact]);
  });

  it('given the owner erasing the second parent’s address, then the same: their three fields blanked, nothing cancelled, the contact untouched', async () => {
    await app();
    const b = await bookedWithSecondParent();
    const erased = await adminCall(t.app, 'POST', '/api/admin/privacy/erasures', {
      body: { email: b.typed, cancelUpcoming: true },
    });
    expect(erased.status, await erased.clone().text()).toBe(202);
    await t.settle();

    expect(await types(b.named)).not.toContain('EnrollmentCancelled');
    expect((await liveKeys(b.contact)).length).toBeGreaterThan(0);
    const named = await detail(b.named);
    expect(named.contact).toMatchObject({ parent2Name: ERASED, parent2Email: ERASED, parent2Phone: ERASED });
    expect(named.lastName).toBe('Contact');
    expect((await detail(b.other)).firstName).toBe('Connie');
  });
});
