import { afterEach, describe, expect, it } from 'vitest';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import { householdCreditStream } from '../../../contracts/pricing/credit.js';
import { signInMailsSent } from '../../../service/account/sign-in.js';
import { balanceOf } from '../../../service/pricing/balance-ledger.js';
import { familyCreditDecider } from '../../../service/pricing/credit-decider.js';
import { child, household, SAME_SITE, sessionCookieOf } from '../account/support.js';
import { baseForm, strictForm } from '../enrollment/support.js';
import { nextParentEmail } from '../../support/visitors.js';
import { makePricingApp, type PricingTestApp } from './support.js';

// The household is issue 26's: a signed-in parent's session, on a request from a page of the site.

/** Workshop 1: the summer camp, $250 a child (ages from the saved dates of birth). Workshop 9: an adult class, $130. */
const CAMP = '1';
const CLASS = '9';

let t: PricingTestApp;
afterEach(async () => {
  await t?.close();
});

const call = (
  method: string,
  path: string,
  cookie: string | null,
  body?: unknown,
  headers: Record<string, string> = SAME_SITE,
) =>
  t.app.request(path, {
    method,
    headers: { ...headers, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function signIn(email: string): Promise<string> {
  expect((await call('POST', '/api/account/sign-in', null, { email })).status).toBe(202);
  await signInMailsSent(t.deps);
  const mail = t.mailer.sent.filter((m) => m.to === email).at(-1);
  const token = mail && /https?:\/\/\S+\/account\/sign-in\/(\S+)/.exec(mail.text)?.[1];
  const res = await call('POST', '/api/account/sign-in/verify', null, { token });
  expect(res.status).toBe(200);
  return sessionCookieOf(res)!;
}

/** A signed-in family with its details and two saved children (Lily and Max, of camp age). */
async function family() {
  const email = nextParentEmail();
  const cookie = await signIn(email);
  expect((await call('PUT', '/api/account/household', cookie, household())).status).toBe(200);
  const add = async (name: string) =>
    ((await (await call('POST', '/api/account/children', cookie, child({ name }))).json()) as { id: string }).id;
  return { email, cookie, lily: await add('Lily Whitfield'), max: await add('Max Whitfield') };
}

/** The camp asks each child's signature for the year: signed as the family enrolls. */
const enrollChildren = (cookie: string, childIds: string[], totalPrice: number) =>
  call('POST', `/api/enroll/workshop/${CAMP}`, cookie, {
    childIds,
    signatures: childIds.map((childId) => ({ childId, signedName: 'Eleanor Whitfield' })),
    agreeToTerms: true,
    totalPrice,
  });

const json = async <T>(r: Response) => {
  expect(r.status, await r.clone().text()).toBeLessThan(300);
  return (await r.json()) as T;
};

describe('the sibling discount of a signed-in household', () => {
  it('given 10 % off for siblings and Lily holding a camp seat, when the family enrolls Max alone, then Max gets 10 % off, a line of its own; another family pays in full', async () => {
    t = await makePricingApp();
    await t.setSiblingDiscount(10);
    const f = await family();
    await json<EnrollmentResponse>(await enrollChildren(f.cookie, [f.lily], 250));
    await t.settle();

    const full = await enrollChildren(f.cookie, [f.max], 250);
    expect(full.status).toBe(400);
    expect(((await full.json()) as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(['totalPrice']);
    const max = await json<EnrollmentResponse>(await enrollChildren(f.cookie, [f.max], 225));
    expect(max.pricing.lines).toEqual([
      { kind: 'seats', label: '$250.00 x 1 participant', amountCents: 25_000 },
      { kind: 'sibling', label: 'Sibling discount: 10% off 1 participant', amountCents: -2_500 },
    ]);

    const other = await family();
    const alone = await json<EnrollmentResponse>(await enrollChildren(other.cookie, [other.max], 250));
    expect(alone.pricing.lines.map((l) => l.kind)).toEqual(['seats']);
  });

  it('given Lily’s camp seat booked by typing her details with a parent’s e-mail (not a saved child), when the family enrolls Max, then Max still gets the sibling discount', async () => {
    t = await makePricingApp();
    await t.setSiblingDiscount(10);
    const f = await family();
    const typed = await call('POST', `/api/enroll/workshop/${CAMP}`, f.cookie, {
      ...strictForm({ email: f.email }),
      totalPrice: 250,
    });
    await json<EnrollmentResponse>(typed);
    await t.settle();
    const max = await json<EnrollmentResponse>(await enrollChildren(f.cookie, [f.max], 225));
    expect(max.pricing.lines.map((l) => l.kind)).toEqual(['seats', 'sibling']);
  });
});

describe('the family credit of a signed-in household', () => {
  it('given a paid booking typed by hand while signed in, when the office cancels it to credit, then the credit pays the next checkout of the session; the same form from another site uses none', async () => {
    t = await makePricingApp();
    const f = await family();
    const byHand = (totalPrice: number, headers: Record<string, string> = SAME_SITE) =>
      call('POST', `/api/enroll/workshop/${CLASS}`, f.cookie, { ...baseForm({ email: f.email }), totalPrice }, headers);
    const first = await json<EnrollmentResponse>(await byHand(130));
    const intent = await json<{ clientSecret: string }>(
      await t.post('/api/create-payment-intent', { enrollmentId: first.enrollmentId, amount: 130 }),
    );
    await t.pay(intent.clientSecret);
    const cancelled = await t.admin('POST', `/api/admin/enrollments/${first.enrollmentId}/cancel`, {
      refund: 'full',
      refundTo: 'credit',
    });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    await t.settle();
    const householdId = (await json<{ householdId: string }>(await call('GET', '/api/account', f.cookie))).householdId;
    const credit = async () =>
      balanceOf(await t.deps.commands.state(familyCreditDecider, householdCreditStream(householdId)));
    expect(await credit()).toBe(13_000);
    // The family page says what the family holds.
    const page = await json<{ creditCents: number }>(await call('GET', '/api/account', f.cookie));
    expect(page.creditCents).toBe(13_000);

    const elsewhere = await json<EnrollmentResponse>(await byHand(130, { origin: 'https://elsewhere.example' }));
    expect(elsewhere.pricing.paidByCreditCents).toBe(0);
    const again = await json<EnrollmentResponse>(await byHand(130));
    expect(again.pricing).toMatchObject({ paidByCreditCents: 13_000, dueNowCents: 0, totalCents: 13_000 });
    expect(again.orderId).toMatch(/^ORD-/);
    await t.settle();
    expect(await credit()).toBe(0);
    expect((await json<{ creditCents: number }>(await call('GET', '/api/account', f.cookie))).creditCents).toBe(0);
  });
});
