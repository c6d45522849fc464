import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ADMIN_SIGNED_IN,
  E2E_ADMIN_KEY,
  SCREENSHOT_WIDTHS,
  expectNoSeriousA11yViolations,
  outboxMessage,
  screenshot,
  schoolWallClock,
} from './fixtures.js';

const admin = { 'Admin-Key': E2E_ADMIN_KEY };

interface Row {
  id: string;
  status: string;
  orderId?: string;
  orderReference?: string;
}

/** A parent enrolls one adult in the $130 evening (workshop 9) and pays; answers the confirmed row. */
async function paidEnrollment(request: APIRequestContext, lastName: string): Promise<Row> {
  const enrolled = await request.post('/api/enroll/workshop/9', {
    data: {
      firstName: 'Harriet',
      lastName,
      email: `harriet.${lastName.toLowerCase()}@example.com`,
      phone: '2145550100',
      participants: 1,
      agreeToTerms: true,
      workshopId: '9',
      totalPrice: 130,
    },
  });
  expect(enrolled.status()).toBe(201);
  const { enrollmentId } = (await enrolled.json()) as { enrollmentId: string };
  const intent = await request.post('/api/create-payment-intent', { data: { enrollmentId, amount: 130 } });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await request.post('/api/offline-payments/confirm', {
    data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.status()).toBe(200);
  let row: Row | undefined;
  await expect
    .poll(async () => {
      const rows = (await (
        await request.get(`/api/admin/enrollments?q=${enrollmentId}`, { headers: admin })
      ).json()) as Row[];
      row = rows[0];
      return row?.orderReference;
    })
    .toMatch(/^GL-\d{6}$/);
  return row!;
}

/** The dashboard of an administrator who signed in before (ADMIN_SIGNED_IN: the key kept; the gate is admin.spec.ts's). */
async function openDashboard(page: Page) {
  await page.goto('/admin');
  // The gate checks the stored key with the server first; slow on a busy machine.
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible({ timeout: 20_000 });
}

/** axe over what is on screen at each width in turn (the viewport put back after), and a look (SCREENSHOTS=1). */
async function axeAtBothWidths(page: Page, name: string, context: string) {
  const before = page.viewportSize()!;
  for (const width of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousA11yViolations(page, `${context} at ${width} px`);
    await screenshot(page, name);
  }
  await page.setViewportSize(before);
}

test.describe('the office finds and trusts what it sees', () => {
  test.use(ADMIN_SIGNED_IN);

  test('at 1280 px: the tracker finds an order by the reference a parent quotes, and a refund over what was paid is refused with the maximum', async ({
    page,
    request,
  }) => {
    test.slow(); // a payment, two searches and axe twice on a shared machine
    const row = await paidEnrollment(request, `Quoted${Date.now() % 100_000}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await openDashboard(page);
    // The office's own frame: no public banner, menu or Enroll Now.
    await expect(page.getByRole('link', { name: 'Enroll Now' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'View the public site' })).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Enrollment Tracker' })
      .click();
    await page.getByRole('searchbox', { name: 'Search enrollments' }).fill(row.orderReference!);
    await expect(page).toHaveURL(new RegExp(`q=${row.orderReference}`));
    const table = page.getByRole('grid');
    await expect(table.getByRole('row')).toHaveCount(2);
    const found = table.getByRole('row').nth(1);
    await expect(found).toContainText('Harriet');
    await expect(found).toContainText('Confirmed');
    await expectNoSeriousA11yViolations(page, 'on the tracker found by reference');
    await screenshot(page, 'admin-office-tracker-reference');

    // The order number without its prefix finds it too.
    await page.getByRole('searchbox', { name: 'Search enrollments' }).fill(row.orderId!.replace(/^ORD-/, ''));
    await expect(page).toHaveURL(/q=(?!GL)/);
    await expect(table.getByRole('row')).toHaveCount(2);

    await found.click();
    const record = page.getByRole('dialog', { name: /^Enrollment record: Harriet/ });
    await expect(record).toBeVisible();
    // Times on the school's clock, the zone named.
    await expect(record.getByText(/\d{1,2}:\d{2}:\d{2} [AP]M C[SD]T/).first()).toBeVisible();
    await record.getByRole('button', { name: 'Cancel enrollment…' }).click();

    const form = page.getByRole('dialog', { name: 'Cancel enrollment' });
    await form.getByText('Part of it', { exact: true }).click();
    await expect(form.getByRole('radio', { name: 'Part of it' })).toBeChecked();
    const amount = form.getByRole('textbox', { name: 'Amount to refund' });
    await amount.fill('300');
    await amount.press('Tab');
    // Never lowered to the maximum behind the office's back.
    await expect(amount).toHaveValue('$300.00');
    await form.getByRole('button', { name: 'Cancel enrollment' }).click();
    await expect(form.getByText('At most $130.00 can be refunded. $300.00 is more than that.')).toBeVisible();
    await expect(form.getByText('At most $130.00.', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'on the refused refund');
    await screenshot(page, 'admin-office-refund-refused');

    // Nothing was cancelled, nothing refunded.
    const after = (await (
      await request.get(`/api/admin/enrollments?q=${row.id}`, { headers: admin })
    ).json()) as (Row & { refunds: unknown[] })[];
    expect(after[0]).toMatchObject({ status: 'completed', refunds: [] });
  });

  test('the tracker’s workshop filter starts with the next workshop to come; the workshop list shows a course’s sessions and a deposit', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const now = Date.now();
    const all = (await (await request.get('/api/workshops')).json()) as { id: string; title: string; date: string }[];
    const next = all
      .filter((w) => Date.parse(w.date) > now)
      .sort((a, b) => Date.parse(a.date) - Date.parse(b.date) || a.title.localeCompare(b.title))[0]!;
    await page.goto('/admin/enrollments');
    await page.getByRole('button', { name: /Workshop$/ }).click();
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options.first()).toHaveText('All workshops');
    await expect(options.nth(1)).toContainText(next.title);
    await page.keyboard.press('Escape');

    // A deposit course of this test's own: its four sessions and its deposit, as the office set them.
    const title = `Deposit Course ${now}`;
    const start = new Date(now + 40 * 86_400_000).toISOString().slice(0, 10);
    const created = await request.post('/api/admin/workshops', {
      headers: admin,
      data: {
        title,
        description: 'A course that takes a deposit.',
        category: 'children',
        location: 'Plano, TX',
        price: 200,
        capacity: 8,
        depositCents: 5_000,
        sessions: [0, 7, 14, 21].map((d) => {
          const day = new Date(Date.parse(`${start}T12:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
          return { startsAt: `${day}T10:00`, endsAt: `${day}T11:30` };
        }),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto('/admin?tab=workshops');
    const item = page.locator('.catalogue-item').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(item).toContainText(/4 sessions: 4 \w+days, /);
    await expect(item).toContainText('Deposit $50.00 per participant, the balance due 14 days before the start');
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-office-workshop-list', { fullPage: false });
  });

  test("the office's screens at 390 and 1280 px: the dashboard, the tracker with its status legend and the workshops' waitlists, axe clean", async ({
    page,
  }) => {
    test.slow(); // three screens, axe over each at two widths
    await openDashboard(page);
    await axeAtBothWidths(page, 'admin-office-dashboard', 'on the dashboard');

    await page.goto('/admin/enrollments');
    await expect(page.getByRole('tab', { name: 'Confirmed' })).toBeVisible();
    await page.getByText('What the statuses mean').click();
    await expect(page.getByRole('definition').filter({ hasText: 'the seats are the family’s' })).toBeVisible();
    await axeAtBothWidths(page, 'admin-office-tracker', 'on the tracker with its legend');

    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Workshops' }).click();
    await page
      .getByRole('tabpanel', { name: 'Workshops' })
      .getByRole('button', { name: /waitlist/i })
      .first()
      .click();
    const waitlist = page.getByRole('dialog', { name: /^Waitlist/ });
    await expect(waitlist).toBeVisible();
    await axeAtBothWidths(page, 'admin-office-waitlist', 'on a waitlist');
  });

  test('at 1280 px: the waitlist dialog says why no seat can be offered now, and takes a family off the list', async ({
    page,
    request,
  }) => {
    test.slow(); // the join e-mail from the outbox, then the dialog with axe
    // A one-seat supper two months ahead, held by one unpaid enrollment; a family waits (confirmed).
    const title = `Office Supper ${Date.now()}`;
    const created = await request.post('/api/admin/workshops', {
      headers: admin,
      data: {
        title,
        description: 'A supper with one seat.',
        category: 'adult',
        date: schoolWallClock(new Date(Date.now() + 60 * 86_400_000)),
        endTime: '23:59',
        location: 'Plano, TX',
        price: 40,
        capacity: 1,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const held = await request.post(`/api/enroll/workshop/${id}`, {
      data: {
        firstName: 'Agatha',
        lastName: 'Holder',
        email: `agatha.${id}@example.com`,
        phone: '2145550100',
        participants: 1,
        agreeToTerms: true,
        workshopId: id,
        totalPrice: 40,
      },
    });
    expect(held.status()).toBe(201);
    const email = `waiting.${id}@example.com`;
    const joined = await request.post(`/api/workshops/${id}/waitlist`, {
      data: { firstName: 'Winifred', lastName: 'Waiting', email, phone: '2145550199', participants: 1 },
    });
    expect(joined.status()).toBe(202);
    const mail = await outboxMessage('waitlist-join-', (text) => text.includes(email) && text.includes(title));
    const token = /\/waitlist\/confirm\?token=([A-Za-z0-9_.-]+)/.exec(mail)![1]!;
    expect((await request.post('/api/waitlist/confirm', { data: { token } })).status()).toBe(200);

    await page.setViewportSize({ width: 1280, height: 900 });
    await openDashboard(page);
    await page.getByRole('tab', { name: 'Workshops' }).click();
    await page.getByRole('button', { name: new RegExp(`^Waitlist of ${title}`) }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^Waitlist: ${title}`) });
    const entry = dialog.getByRole('row').filter({ hasText: 'Winifred Waiting' });
    await expect(entry).toContainText('Waiting');
    await expect(entry.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);

    await entry.getByRole('button', { name: 'Offer 1 seat now to Winifred Waiting' }).click();
    await expect(dialog.getByRole('alert')).toContainText('No seats are free in this workshop.');
    await expectNoSeriousA11yViolations(page, 'on the waitlist dialog');
    await screenshot(page, 'admin-office-waitlist-full');

    await entry.getByRole('button', { name: 'Remove Winifred Waiting' }).click();
    await entry.getByRole('button', { name: 'Yes, remove Winifred Waiting' }).click();
    await expect(entry).toContainText('Left');
    await expect(entry.getByRole('button')).toHaveCount(0);
  });
});
