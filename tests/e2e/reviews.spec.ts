import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  ADMIN_SIGNED_IN,
  E2E_ADMIN_KEY,
  expectNoSeriousA11yViolations,
  decodedParts,
  OUTBOX,
  schoolWallClock,
  screenshot,
  SCREENSHOT_WIDTHS,
} from './fixtures.js';

// Issue 40: a family whose child attended is asked for a review after the last session, answers it
// from the e-mail's link on a phone, and the program page shows it and the new average.

const admin = { 'Admin-Key': E2E_ADMIN_KEY };
const DAY = 86_400_000;

/** A program of this spec's own, with a baseline of 4 reviews at 4 stars, so that one more shows stars. */
async function program(request: APIRequestContext, title: string): Promise<{ id: string; slug: string }> {
  const res = await request.post('/api/admin/programs', {
    headers: admin,
    data: {
      title,
      description: 'Dining etiquette for adults.',
      category: 'Adult',
      price: 95,
      image: '',
      importedRatings: { rating: 4, count: 4, source: 'earlier reviews' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const found = (await (await request.get(`/api/programs/${id}`)).json()) as { slug: string };
  return { id, slug: found.slug };
}

/** A free class of that program, today in a few minutes (so it can be booked and marked). */
async function todaysClass(request: APIRequestContext, programId: string, title: string): Promise<string> {
  const start = schoolWallClock(new Date(Date.now() + 5 * 60_000));
  const res = await request.post('/api/admin/workshops', {
    headers: admin,
    data: {
      title,
      description: 'A dinner in five courses.',
      category: 'adult',
      date: start,
      endTime:
        start.slice(11) < '23:00'
          ? `${String(Number(start.slice(11, 13)) + 1).padStart(2, '0')}${start.slice(13)}`
          : '23:59',
      location: 'Legacy Commons, Plano',
      instructor: 'Margaret Ellison',
      price: 0,
      capacity: 10,
      programId,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

// The office's screen at the end: the admin key kept, as the admin specs do.
test.use(ADMIN_SIGNED_IN);

test('a parent whose child attended answers the review e-mail on a phone; the program page shows the review and the new average', async ({
  page,
  request,
}) => {
  // The review timer passes every 3 s here (REVIEW_ASK_EVERY_SECONDS in playwright.config.ts).
  test.setTimeout(90_000);
  const stamp = Date.now();
  const { id: programId, slug } = await program(request, `Supper Club ${stamp}`);
  const workshopId = await todaysClass(request, programId, `Supper Club Evening ${stamp}`);
  const email = `iris.hale.${stamp}@example.com`;
  const enrolled = await request.post(`/api/enroll/workshop/${workshopId}`, {
    data: {
      firstName: 'Iris',
      lastName: 'Hale',
      email,
      phone: '9725550190',
      participants: 1,
      participantDetails: [{ name: 'Iris Hale', age: 34 }],
      agreeToTerms: true,
      agreeToCodeOfConduct: true,
      totalPrice: 0,
    },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  const { enrollmentId } = (await enrolled.json()) as { enrollmentId: string };
  // Marked present at the roster on the day, then the office moves the class to yesterday: its last session is over.
  const marked = await request.post(`/api/admin/workshops/${workshopId}/attendance`, {
    headers: admin,
    data: { enrollmentId, participant: 0, present: true },
  });
  expect(marked.status(), await marked.text()).toBe(200);
  const yesterday = schoolWallClock(new Date(Date.now() - DAY)).slice(0, 10);
  const moved = await request.put(`/api/admin/workshops/${workshopId}`, {
    headers: admin,
    data: {
      title: `Supper Club Evening ${stamp}`,
      description: 'A dinner in five courses.',
      category: 'adult',
      date: `${yesterday}T18:00`,
      endTime: '20:00',
      location: 'Legacy Commons, Plano',
      instructor: 'Margaret Ellison',
      price: 0,
      capacity: 10,
      programId,
    },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  // The one e-mail asking for the review, with its link.
  let message = '';
  await expect
    .poll(
      async () => {
        const file = (await readdir(OUTBOX).catch(() => [] as string[])).find((f) =>
          f.startsWith(`review-request-${enrollmentId}`),
        );
        return (message = file ? decodedParts(await readFile(join(OUTBOX, file), 'utf8')) : '');
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toContain('Dear Iris,');
  const link = /https?:\/\/[^\s"<>]+(\/review\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43})/.exec(message)![1]!;

  // On a phone: the page says what it is about and exactly what is published.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`How was Supper Club Evening ${stamp}?`);
  const summary = page.getByRole('heading', { name: 'What is published' }).locator('..');
  await expect(summary).toContainText('under the name “Iris H.”');
  await screenshot(page, 'review-form', { widths: SCREENSHOT_WIDTHS });
  await expectNoSeriousA11yViolations(page, 'on the review form');

  // By keyboard: into the stars, the arrows choose five, then the words.
  await page.getByRole('radio', { name: /1 star, Poor/ }).focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /5 stars, Excellent/ })).toBeChecked();
  await page.getByLabel('Your words (optional)').fill('Five courses and not one wrong fork. We will be back.');
  await page.getByLabel('Name shown').fill('Iris from Frisco');
  await expect(summary).toContainText('your stars and your words, under the name “Iris from Frisco”');
  await page.getByRole('button', { name: 'Send my review' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your review' })).toBeVisible();
  await expect(page.getByText('Published under the name “Iris from Frisco”.')).toBeVisible();
  await screenshot(page, 'review-given', { widths: SCREENSHOT_WIDTHS });

  // The program page lists it, and the stars count it: (4 x 4 + 5) / 5 = 4.2.
  await expect
    .poll(async () => (await (await request.get(`/api/programs/${programId}/reviews`)).json()) as unknown[], {
      timeout: 15_000,
    })
    .toHaveLength(1);
  await page.goto(`/program/${slug}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews).toContainText('Five courses and not one wrong fork.');
  await expect(reviews).toContainText('Iris from Frisco');
  await expect(page.getByRole('img', { name: 'Rated 4.2 out of 5' })).toBeVisible();
  await expect(page.getByText('From 1 review from families who attended and 4 earlier reviews.')).toBeVisible();
  await screenshot(page, 'review-program-page', { widths: SCREENSHOT_WIDTHS });
  await expectNoSeriousA11yViolations(page, 'on the program page with its reviews');

  // The office sees it, with no filter by stars; hiding asks a reason from the fixed list.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Reviews' }).click({ timeout: 20_000 });
  const mine = page.getByRole('article', { name: `Review by Iris from Frisco of Supper Club Evening ${stamp}` });
  await expect(mine).toContainText('taught by Margaret Ellison');
  await expect(mine.getByRole('button', { name: 'Hide', exact: true })).toBeDisabled();
  await screenshot(page, 'review-admin', { widths: SCREENSHOT_WIDTHS });
  await expectNoSeriousA11yViolations(page, 'on the office’s reviews');
});
