import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SCREENSHOT_WIDTHS, allIslandsLive, expectNoSeriousA11yViolations, screenshot, toasts } from './fixtures.js';

const RECEIPT = /^GreatLakesEtiquette-Receipt-(ORD|FREE)-[A-Za-z0-9-]+\.txt$/;

async function fillContact(page: Page, participants = 1) {
  const contact = page.getByRole('group', { name: 'Contact Details' });
  await contact.getByLabel('First name').fill('Eleanor');
  await contact.getByLabel('Last name').fill('Whitfield');
  await contact.getByLabel('Email').fill('eleanor@example.com');
  await contact.getByLabel('Phone').fill('(972) 555-0100');
  if (participants > 1) {
    const count = page.getByLabel('Number of participants');
    await count.fill(String(participants));
    await count.press('Tab');
    await participant(page, 2).getByLabel('Name').fill('Rose Whitfield');
  }
}

/** The fieldset of participant n ("Participant n"). */
const participant = (page: Page, n: number) => page.getByRole('group', { name: `Participant ${n}`, exact: true });

const CHILDREN = [
  { name: 'Lily Whitfield', age: '8', grade: '3rd', school: 'Hedgcoxe Elementary' },
  { name: 'Theo Whitfield', age: '9', grade: '4th', school: 'Hedgcoxe Elementary', diet: 'No peanuts' },
] as const;

/** The stricter form: each child's own details in their fieldset, then the family's contacts once. */
async function fillStudents(page: Page, count = 1) {
  if (count > 1) {
    const field = page.getByLabel('Number of participants');
    await field.fill(String(count));
    await field.press('Tab');
  }
  for (const [i, child] of CHILDREN.slice(0, count).entries()) {
    const group = participant(page, i + 1);
    await group.getByLabel('Student name').fill(child.name);
    await group.getByRole('textbox', { name: 'Age', exact: true }).fill(child.age);
    await group.getByLabel('Grade').fill(child.grade);
    await group.getByRole('textbox', { name: 'School', exact: true }).fill(child.school);
    if ('diet' in child) {
      await group.getByText('Has dietary restrictions or allergies').click();
      await group.getByLabel('Please describe them').fill(child.diet);
    }
  }
  for (const [n, name, relation] of [
    [1, 'James Whitfield', 'Father'],
    [2, 'Ruth Porter', 'Grandmother'],
  ] as const) {
    const group = page.getByRole('group', { name: `Emergency Contact ${n}` });
    await group.getByLabel('Name').fill(name);
    await group.getByLabel('Phone').fill(`972555010${n}`);
    await group.getByLabel('Relationship to the participants').fill(relation);
  }
  await page.getByText('I have read and agree to the').click();
}

const agreeToTerms = (page: Page) => page.getByText('I agree to the terms and conditions of enrollment').click();

async function payWith(page: Page, card: string, amount: string) {
  await expect(page.getByText('Initializing payment...')).toHaveCount(0, { timeout: 10_000 });
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}

/**
 * Eleanor's enrollment of one adult in the $130 evening (workshop 9), held and unpaid, made through
 * the API the form posts to: for the specs about the checkout and what follows it (the form and its
 * way to the checkout are the journeys above). Answers its id.
 */
async function heldEnrollment(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/enroll/workshop/9', {
    data: {
      firstName: 'Eleanor',
      lastName: 'Whitfield',
      email: 'eleanor@example.com',
      phone: '(972) 555-0100',
      participants: 1,
      agreeToTerms: true,
      totalPrice: 130,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { enrollmentId: string }).enrollmentId;
}

/**
 * The enroll page with its form live. The specs here are about the form; typing into the server's
 * HTML before it is live is enroll-ssr.spec.ts's. (Typed while the form was waking, on a machine
 * loaded far past its cores, a participant count was once lost here.)
 */
async function openEnroll(page: Page, id: string) {
  await page.goto(`/enroll/${id}`);
  await allIslandsLive(page);
}

/** Both widths of full-page screenshots (SCREENSHOTS=1), at the height the enrollment pages use. */
const lookAt = (page: Page, name: string) => screenshot(page, name, { widths: SCREENSHOT_WIDTHS, height: 900 });

test.describe('enrollment and payment', () => {
  test('paid journey: 2 participants in workshop 4, the checkout takes the amount the server answered, card 4242, confirmation and a $150 receipt', async ({
    page,
    browser,
  }) => {
    await openEnroll(page, '4');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enroll: Princess Tea Party');
    await fillContact(page);
    await fillStudents(page, 2);
    await agreeToTerms(page);
    await expect(page.getByRole('complementary')).toContainText('$150.00');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    await expect(page).toHaveURL(/\/checkout\/4\?participants=2&enrollmentId=/);
    const enrollmentId = new URL(page.url()).searchParams.get('enrollmentId')!;
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary).toContainText('Tax$0.00');
    await expect(summary).toContainText('Total$150.00');
    await expect(page.getByText('4242 4242 4242 4242')).toBeVisible();
    await expect(page.getByText('4000 0000 0000 0002')).toBeVisible();
    await expect(page.getByText('4000 0000 0000 9995')).toBeVisible();

    // The amount is the server's, not the count in the address: the same checkout loaded afresh (as
    // with Stripe's own document) with its address edited to 1 still asks for both participants.
    await page.goto(`/checkout/4?participants=1&enrollmentId=${enrollmentId}`);
    await expect(summary).toContainText('Participants2');
    await expect(summary).toContainText('Total$150.00');
    // In another browser, with nothing left by the enroll page, the server's lookup gives it.
    const other = await browser.newContext();
    const elsewhere = await other.newPage();
    await elsewhere.goto(`/checkout/4?participants=5&enrollmentId=${enrollmentId}`);
    await expect(elsewhere.getByRole('region', { name: 'Order Summary' })).toContainText('Total$150.00');
    await expect(elsewhere.getByRole('button', { name: 'Pay $150.00' })).toBeVisible();
    await other.close();

    await payWith(page, '4242 4242 4242 4242', '$150.00');

    await expect(page).toHaveURL(/\/order-confirmation\?.*orderId=ORD-/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrollment Confirmed!');
    const details = page.getByRole('region', { name: 'Order Details' });
    await expect(details).toContainText('Credit Card');
    await expect(details).toContainText(/Order reference\s*GL-\d{6}/);
    await expect(details).toContainText(/Attendees\s*2/);
    await expect(details).toContainText('$150.00');
    await expect(page.getByText('Attire: Dressy but not formal')).toBeVisible();
    await expect(page.getByRole('region', { name: "What's Next" })).toContainText('15 minutes early');

    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Receipt' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`GreatLakesEtiquette-Receipt-${orderId}.txt`);
    expect(download.suggestedFilename()).toMatch(RECEIPT);
    const receipt = await readFile(await download.path(), 'utf8');
    expect(receipt).toMatch(/Total:\s+\$150\.00/);
    expect(receipt).toContain('Princess Tea Party');
    // Opened by order number, the receipt counts the attendees and names no one (the e-mailed one does).
    expect(receipt).toMatch(/ATTENDEES \(2\)/);
    expect(receipt).not.toContain('Lily Whitfield');
  });

  test('card 4000…0002 shows Payment Failed with the reason, and the visitor can try again; the checkout is axe clean', async ({
    page,
    request,
  }) => {
    await page.goto(`/checkout/9?participants=1&enrollmentId=${await heldEnrollment(request)}`);
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'checkout');
    await lookAt(page, 'checkout');

    await payWith(page, '4000 0000 0000 0002', '$130.00');
    const failure = page.locator('.pay-panel__failure');
    await expect(failure).toContainText('Payment Failed');
    await expect(failure).toContainText('Your card was declined.');
    await expect(toasts(page).first()).toContainText('Payment Failed');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $130.00' }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?.*orderId=ORD-/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrollment Confirmed!');
    // The confirmation page is axe clean in the two-children journey.
    await lookAt(page, 'order-confirmation');
  });

  // The confirmation e-mail of a free enrollment, with its receipt and .ics, is checked through the
  // API in tests/service/enrollment/confirmation-email-reactor.int.test.ts.
  test('free workshop 10: the form completes the registration at once, with a FREE- order', async ({ page }) => {
    await openEnroll(page, '10');
    await fillContact(page);
    await agreeToTerms(page);
    await page.getByRole('button', { name: 'Complete Registration' }).click();

    await expect(page).toHaveURL(/\/order-confirmation\?.*orderId=FREE-/);
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    const details = page.getByRole('region', { name: 'Order Details' });
    await expect(details).toContainText(orderId);
    await expect(details).toContainText('Free Enrollment');
  });

  test('an order the server has not confirmed never shows "Enrollment Confirmed!", and shows it once paid', async ({
    page,
    request,
  }) => {
    const enrollmentId = await heldEnrollment(request);

    // Unpaid: the address names an order, but the server does not hold it as confirmed.
    await page.goto(`/order-confirmation?workshopId=9&attendees=1&isFree=false&orderId=ORD-${enrollmentId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrollment Not Confirmed Yet');
    await expect(page.getByText('Enrollment Confirmed!')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Download Receipt' })).toHaveCount(0);
    await expect(page.getByRole('status')).toContainText(`ORD-${enrollmentId}`);

    // Paid (as the checkout's test card pays): "Check Again" finds the confirmed order.
    const intent = await (
      await request.post('/api/create-payment-intent', { data: { enrollmentId, amount: 130 } })
    ).json();
    const paid = await request.post('/api/offline-payments/confirm', {
      data: { clientSecret: intent.clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    expect(paid.status()).toBe(200);
    await expect(async () => {
      await page.getByRole('button', { name: 'Check Again' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrollment Confirmed!', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole('region', { name: 'Order Details' })).toContainText(`ORD-${enrollmentId}`);
  });

  // A form sent with the same e-mail from another browser carries no hold token and replaces
  // nothing: tests/service/enrollment/hold-ownership.int.test.ts sends it through the API.
  test('sent again from the same tab, the form replaces the unpaid enrollment', async ({ page }) => {
    const status = async (id: string) =>
      ((await (await page.request.get(`/api/enrollments/${id}`)).json()) as { status: string }).status;
    const enrollmentOf = (url: string) => new URL(url).searchParams.get('enrollmentId')!;

    await openEnroll(page, '9');
    await fillContact(page, 2);
    await agreeToTerms(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page).toHaveURL(/\/checkout\/9\?participants=2&enrollmentId=/);
    const first = enrollmentOf(page.url());

    // The parent opens the enroll page again in the same tab (the tab keeps the first answer's token).
    await openEnroll(page, '9');
    await fillContact(page);
    await agreeToTerms(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page).toHaveURL(/\/checkout\/9\?participants=1&enrollmentId=/);
    const second = enrollmentOf(page.url());
    expect(second).not.toBe(first);
    await expect.poll(() => status(first)).toBe('cancelled');
    await expect.poll(() => status(second)).toBe('pending');
  });

  test('an unknown order number shows that it is not confirmed, not a confirmation; axe clean', async ({ page }) => {
    await page.goto('/order-confirmation?workshopId=4&attendees=2&isFree=false&orderId=ORD-no-such-order');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrollment Not Confirmed Yet');
    await expect(page.getByText('Princess Tea Party')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'order-not-confirmed');
    await lookAt(page, 'order-not-confirmed');
  });

  test('the enrollment test page is axe clean, pays its test enrollment through the offline provider and links to a confirmed TEST- order', async ({
    page,
  }) => {
    await page.goto('/enrollment-test');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'enrollment-test');
    await lookAt(page, 'enrollment-test');
    await page.getByText('I agree to the terms and conditions').click();
    await page.getByRole('button', { name: 'Run Test Enrollment' }).click();
    await expect(page.getByText(/was paid and confirmed as TEST-/)).toBeVisible({ timeout: 10_000 });
    await page.getByRole('link', { name: 'View the order confirmation' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrollment Confirmed!');
    await expect(page.getByRole('region', { name: 'Order Details' })).toContainText('TEST-');
  });

  test('the other payment test pages have no serious axe findings', async ({ page }) => {
    for (const name of ['payment-test', 'test-charge', 'free-enrollment-test']) {
      await page.goto(`/${name}`);
      await expect(page.getByRole('heading', { level: 1 }), name).toBeVisible();
      await expectNoSeriousA11yViolations(page, name);
      await lookAt(page, name);
    }
  });

  test("the stricter form on a children's workshop is axe clean, shows its errors, focuses the first, and is axe clean with them", async ({
    page,
  }) => {
    await openEnroll(page, '8');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'enroll-strict');
    await lookAt(page, 'enroll-strict');
    await page.getByLabel('First name').fill('E');
    await participant(page, 1).getByText('Has dietary restrictions or allergies').click();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    await expect(page.getByLabel('First name')).toBeFocused();
    for (const message of [
      'First name must be at least 2 characters.',
      'Please enter a valid email address.',
      'Participant 1: student name is required.',
      'Participant 1: student age is required.',
      'Participant 1: student grade is required.',
      'Participant 1: school name is required.',
      'Emergency contact 1 name is required.',
      'Emergency contact 2 relationship is required.',
      'Participant 1: please specify dietary restrictions when selected.',
      'You must agree to the Code of Conduct to proceed.',
      'You must agree to the terms and conditions to proceed.',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('alert').filter({ hasText: 'Please correct the' })).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page, 'enroll-strict-errors');
    await lookAt(page, 'enroll-strict-errors');

    // Photography: opting out hides the consents; first name with photo needs photo consent.
    const first = participant(page, 1);
    await expect(first.getByText('Their first name may appear with their photo')).toHaveCount(0);
    await first.getByText('I consent to photographs of this student').click();
    await expect(first.getByText('Their first name may appear with their photo')).toBeVisible();
    await first.getByText('Please do not photograph this student').click();
    await expect(first.getByText('I consent to photographs of this student')).toHaveCount(0);
  });

  test("a parent enrolls two children in a children's workshop, each with their own details, the form axe clean filled and with errors; the confirmation, opened by order number, names neither", async ({
    page,
  }) => {
    // A long form filled by hand, axe over it three times, a payment: more than most specs.
    test.slow();
    await openEnroll(page, '8');
    await fillContact(page);
    await fillStudents(page, 2);
    await expect(participant(page, 1)).toBeVisible();
    await expect(participant(page, 2)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Participant 3', exact: true })).toHaveCount(0);

    // Participant 1 allows photos with the first name; participant 2 opts out.
    await participant(page, 1).getByText('I consent to photographs of this student').click();
    await participant(page, 1).getByText('Their first name may appear with their photo').click();
    await participant(page, 2).getByText('Please do not photograph this student').click();
    await agreeToTerms(page);
    await expectNoSeriousA11yViolations(page, 'enroll-two-children');
    await lookAt(page, 'enroll-two-children');

    // Participant 2 without a name or an age: the messages name participant 2, on those fields, and
    // the first of them gets focus.
    const second = participant(page, 2);
    await second.getByLabel('Student name').fill('');
    await second.getByRole('textbox', { name: 'Age', exact: true }).fill('');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByText('Participant 2: student name is required.', { exact: true })).toBeVisible();
    await expect(page.getByText('Participant 2: student age is required.', { exact: true })).toBeVisible();
    await expect(second.getByLabel('Student name')).toBeFocused();
    await expect(participant(page, 1).getByRole('textbox', { name: 'Age', exact: true })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectNoSeriousA11yViolations(page, 'enroll-two-children-errors');
    await lookAt(page, 'enroll-two-children-errors');
    // By keyboard: type into the focused field and Tab on; each message goes once its value is in.
    await page.keyboard.type('Theo Whitfield');
    await page.keyboard.press('Tab');
    await expect(page.getByText('Participant 2: student name is required.', { exact: true })).toHaveCount(0);
    await expect(second.getByRole('textbox', { name: 'Age', exact: true })).toBeFocused();
    await page.keyboard.type('11');
    await page.keyboard.press('Tab');
    await expect(page.getByText('Participant 2: student age is required.', { exact: true })).toHaveCount(0);

    await expect(page.getByRole('complementary')).toContainText('$300.00');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page).toHaveURL(/\/checkout\/8\?participants=2&enrollmentId=/);
    await payWith(page, '4242 4242 4242 4242', '$300.00');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrollment Confirmed!');
    // The page is opened by order number, which is no secret: it names no one. Each child's
    // details are in the e-mail and on the booking page behind its signed link (booking.spec.ts).
    await expect(page.getByRole('main')).toContainText(/Attendees\s*2/);
    await expect(page.getByRole('main')).not.toContainText('Lily Whitfield');
    await expect(page.getByRole('main')).not.toContainText('No peanuts');
    await expectNoSeriousA11yViolations(page, 'order-confirmation-two-children');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Receipt' }).click();
    const receipt = await readFile(await (await downloading).path(), 'utf8');
    expect(receipt).toMatch(/ATTENDEES \(2\)/);
    expect(receipt).not.toMatch(/Whitfield|Hedgcoxe|peanuts/);
    expect(receipt).toMatch(/Total:\s+\$300\.00/);
    await lookAt(page, 'order-confirmation-two-children');
  });

  test('the short form is axe clean, empty and with its errors; a pasted name holding a bidi override is refused on the page, naming the field, before anything is sent', async ({
    page,
  }) => {
    const enrolls: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/enroll/')) enrolls.push(r.url());
    });
    await openEnroll(page, '9');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'enroll-base');
    await lookAt(page, 'enroll-base');
    // Sent empty, as a parent who pressed too soon sees it.
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please correct the' })).toBeVisible();
    await expect(
      page.getByText('You must agree to the terms and conditions to proceed.', { exact: true }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'enroll-base-errors');
    await lookAt(page, 'enroll-base-errors');

    await fillContact(page);
    await page.getByRole('group', { name: 'Contact Details' }).getByLabel('Last name').fill('Whit\u202Efield');
    await agreeToTerms(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    await expect(
      page.getByText('Last name cannot contain line breaks or invisible control characters.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByLabel('Last name')).toBeFocused();
    await expect(page).toHaveURL(/\/enroll\/9$/);
    expect(enrolls).toEqual([]);
  });

  test('an unknown workshop shows Workshop Not Found with a way back to the schedule; axe clean', async ({ page }) => {
    await page.goto('/enroll/9999');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Workshop Not Found');
    await expect(page.getByRole('link', { name: 'View the schedule' })).toHaveAttribute('href', '/scheduling');
    await expectNoSeriousA11yViolations(page, 'enroll-not-found');
    await lookAt(page, 'enroll-not-found');
  });

  test('payment-success without its query values is the failed state with its reasons; axe clean', async ({ page }) => {
    await page.goto('/payment-success');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Failed');
    await expect(page.getByText('Insufficient funds')).toBeVisible();
    await expect(toasts(page).first()).toContainText('Payment Verification Failed');
    await expectNoSeriousA11yViolations(page, 'payment-failed');
    await lookAt(page, 'payment-failed');
  });
});
