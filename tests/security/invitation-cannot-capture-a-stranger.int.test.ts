import { afterEach, describe, expect, it } from 'vitest';
import type { SignInPreview } from '../../contracts/account/api.js';
import type { EnrollmentResponse } from '../../contracts/enrollment/api.js';
import type { CreatePaymentIntentResponse } from '../../contracts/payments/api.js';
import { OfflinePayments } from '../../service/payments/offline-adapter.js';
import { pseudonymsFor } from '../../service/core/pseudonyms.js';
import { BEFORE_SPEC_SEASON } from '../support/app.js';
import { strictForm } from '../support/enrollment-forms.js';
import { nextParentEmail } from '../support/visitors.js';
import { makeAccountApp, sessionCookieOf, type AccountTestApp } from '../service/account/support.js';

/** Workshop 1: a summer camp ($250 a child) on June 23, 2025. */
const CAMP = '1';
const DAY = 24 * 3_600_000;

let t: AccountTestApp;
let offline: OfflinePayments;
let now: number;
afterEach(async () => {
  await t?.close();
});

async function app() {
  offline = new OfflinePayments({ webhookSecret: 'whsec_family' });
  now = BEFORE_SPEC_SEASON.getTime();
  t = await makeAccountApp({ reactors: true, clock: () => new Date(now), extra: () => ({ payments: offline }) });
}

/** A paid camp place booked with the form (no account) by `email`, for a child of that name. */
async function paidBooking(email: string, child: string): Promise<string> {
  const form = strictForm({ email, firstName: 'Stella', lastName: 'Stranger', studentName: child });
  const res = await t.call('POST', `/api/enroll/workshop/${CAMP}`, { body: { ...form, totalPrice: 250 } });
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

/** The Whitfield family: a signed-in parent with the family's details saved. */
async function whitfields() {
  const email = nextParentEmail('eleanor');
  const cookie = await t.signIn(email);
  await t.saveHousehold(cookie);
  return { email, cookie, householdId: (await t.account(cookie)).householdId };
}

const preview = async (token: string) => {
  const res = await t.call('POST', '/api/account/sign-in/preview', { body: { token } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SignInPreview;
};

/** Asks for a link to `email` and presses "Continue" with `join` (a family's invitation) or none. */
async function signInWith(email: string, join?: string) {
  expect((await t.call('POST', '/api/account/sign-in', { body: { email } })).status).toBe(202);
  const token = await t.linkFor(email);
  return t.call('POST', '/api/account/sign-in/verify', { body: join ? { token, join } : { token } });
}

const statusOf = async (enrollmentId: string) =>
  (await t.eventStore.readStream(`enrollment-${enrollmentId}`)).map((e) => e.type);

describe('issue 36 item 1: an invitation cannot capture a stranger', () => {
  it('given a stranger with a paid booking invited by a family, when the stranger signs in the ordinary way, then they get a family page of their own; the inviting family sees none of their bookings and its erasure cancels nothing of theirs and keeps their key', async () => {
    await app();
    const stranger = nextParentEmail('stranger');
    const theirs = await paidBooking(stranger, 'Sammy Stranger');
    const family = await whitfields();
    const invited = await t.call('POST', '/api/account/parents', { cookie: family.cookie, body: { email: stranger } });
    expect(invited.status, await invited.clone().text()).toBe(201);

    const signedIn = await signInWith(stranger);
    expect(signedIn.status).toBe(200);
    const own = await t.account(sessionCookieOf(signedIn)!);
    expect(own.householdId).not.toBe(family.householdId);
    expect(own.bookings.map((b) => b.enrollmentId)).toEqual([theirs]);

    const page = await t.account(family.cookie);
    expect(page.bookings).toEqual([]);
    expect(page.parents.find((p) => p.email === stranger)?.status).toBe('invited');
    expect(JSON.stringify(page)).not.toContain('Sammy Stranger');

    const erased = await t.call('POST', '/api/account/erase', {
      cookie: family.cookie,
      body: { cancelUpcoming: true },
    });
    expect(erased.status, await erased.clone().text()).toBe(202);
    await t.settle();
    expect(await statusOf(theirs)).not.toContain('EnrollmentCancelled');
    const keys = await t.deps.keys.keysOf(pseudonymsFor(t.deps.config).email(stranger));
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => k.destroyedAt === null)).toBe(true);
    expect((await t.account(sessionCookieOf(signedIn)!)).bookings.map((b) => b.attendees)).toEqual([
      ['Sammy Stranger'],
    ]);
  });

  it('given an invitation, then its e-mail names the inviting family and parent, and the link’s page shows the address masked, the invitation and no one is joined before "Join" is pressed', async () => {
    await app();
    const family = await whitfields();
    const second = nextParentEmail('james');
    await t.call('POST', '/api/account/parents', { cookie: family.cookie, body: { email: second } });
    const token = await t.linkFor(second);
    const mail = t.mailer.sent.filter((m) => m.to === second).at(-1)!;
    expect(mail.subject).toBe('The Whitfield family invited you to their family page');
    expect(mail.text).toContain(`${family.email} invited you to join the Whitfield family’s page`);

    const seen = await preview(token);
    expect(seen.email).toBe(`${second[0]}…@example.com`);
    expect(seen.familyPage).toBeNull();
    expect(seen.invitations).toEqual([
      {
        householdId: family.householdId,
        familyPage: 'the Whitfield family’s page',
        invitedBy: family.email,
        expiresAt: new Date(now + 7 * DAY).toISOString(),
      },
    ]);
    // The preview writes nothing and uses nothing: the link still signs in, once.
    const joined = await t.call('POST', '/api/account/sign-in/verify', { body: { token, join: family.householdId } });
    expect(joined.status, await joined.clone().text()).toBe(200);
    const page = await t.account(sessionCookieOf(joined)!);
    expect(page.householdId).toBe(family.householdId);
    expect(page.parents.map((p) => [p.email, p.status])).toEqual([
      [family.email, 'active'],
      [second, 'active'],
    ]);
  });

  it('given an invitation older than 7 days, when "Join" is pressed, then 410 with words and nothing is written; the page no longer offers it', async () => {
    await app();
    const family = await whitfields();
    const second = nextParentEmail('late');
    await t.call('POST', '/api/account/parents', { cookie: family.cookie, body: { email: second } });
    now += 7 * DAY;
    expect((await t.call('POST', '/api/account/sign-in', { body: { email: second } })).status).toBe(202);
    const token = await t.linkFor(second);
    expect((await preview(token)).invitations).toEqual([]);
    const before = await t.eventStore.headPosition();
    const late = await t.call('POST', '/api/account/sign-in/verify', { body: { token, join: family.householdId } });
    expect(late.status).toBe(410);
    expect(((await late.json()) as { error: string }).error).toContain('invitation has ended');
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('given an address no family invited, when "Join" names a family anyway, then it is refused and joins nothing', async () => {
    await app();
    const family = await whitfields();
    const res = await signInWith(nextParentEmail('uninvited'), family.householdId);
    expect(res.status).toBe(410);
    expect((await t.account(family.cookie)).parents).toHaveLength(1);
  });

  it('given a stranger who joined a family, then the family sees what they book from then on but not their bookings from before; the family’s erasure by the other parent leaves those, and the stranger’s key', async () => {
    await app();
    const stranger = nextParentEmail('joiner');
    const before = await paidBooking(stranger, 'Early Bird');
    now += 3_600_000;
    const family = await whitfields();
    await t.call('POST', '/api/account/parents', { cookie: family.cookie, body: { email: stranger } });
    const joined = await t.call('POST', '/api/account/sign-in/verify', {
      body: { token: await t.linkFor(stranger), join: family.householdId },
    });
    expect(joined.status).toBe(200);
    const joinerCookie = sessionCookieOf(joined)!;
    now += DAY;
    const after = await paidBooking(stranger, 'Late Comer');

    expect((await t.account(family.cookie)).bookings.map((b) => b.enrollmentId)).toEqual([after]);
    expect((await t.account(joinerCookie)).bookings.map((b) => b.enrollmentId).sort()).toEqual([before, after].sort());

    const erased = await t.call('POST', '/api/account/erase', {
      cookie: family.cookie,
      body: { cancelUpcoming: true },
    });
    expect(erased.status, await erased.clone().text()).toBe(202);
    await t.settle();
    expect(await statusOf(before)).not.toContain('EnrollmentCancelled');
    const keys = await t.deps.keys.keysOf(pseudonymsFor(t.deps.config).email(stranger));
    expect(keys.every((k) => k.destroyedAt === null)).toBe(true);
  });

  it('given a parent removed from the family, then the booking links the family page showed them answer 410 and the page shows new ones', async () => {
    await app();
    const family = await whitfields();
    const ours = await paidBooking(family.email, 'Lily Whitfield');
    const second = nextParentEmail('removed');
    await t.call('POST', '/api/account/parents', { cookie: family.cookie, body: { email: second } });
    const joined = await t.call('POST', '/api/account/sign-in/verify', {
      body: { token: await t.linkFor(second), join: family.householdId },
    });
    const seen = (await t.account(sessionCookieOf(joined)!)).bookings.find(
      (b) => b.enrollmentId === ours,
    )!.bookingPath!;
    expect((await t.call('GET', `/api${seen.replace('/booking/', '/bookings/')}`)).status).toBe(200);

    const them = (await t.account(family.cookie)).parents.find((p) => !p.you)!;
    const removed = await t.call('DELETE', `/api/account/parents/${them.parentId}`, { cookie: family.cookie });
    expect(removed.status).toBe(200);

    const old = await t.call('GET', `/api${seen.replace('/booking/', '/bookings/')}`);
    expect(old.status).toBe(410);
    const now = (await t.account(family.cookie)).bookings.find((b) => b.enrollmentId === ours)!.bookingPath!;
    expect(now).not.toBe(seen);
    expect((await t.call('GET', `/api${now.replace('/booking/', '/bookings/')}`)).status).toBe(200);
  });
});
