import { expect, test, type Page } from '@playwright/test';
import {
  SCREENSHOT_WIDTHS,
  allIslandsLive,
  expectNoSeriousA11yViolations,
  hydrated,
  outboxMessage,
  screenshot,
} from './fixtures.js';

/**
 * Which form the enroll page paints first, as a parent on a phone sees it: a signed-in family's
 * form from the server's first paint (never swapped under her finger), and the children's form for
 * every class children attend (the teens' course included). Workshop 3 (a summer camp) and 13 (the
 * teens' course) are only looked at here, never booked.
 */
const CAMP = '3';
const TEENS = '13';

/** A parent signed in through the API (the e-mailed link's token), in the page's own cookie jar, with one child saved. */
async function signedInParent(page: Page, baseURL: string) {
  const email = `enroll.family.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const headers = { origin: baseURL };
  expect((await page.request.post('/api/account/sign-in', { headers, data: { email } })).status()).toBe(202);
  const mail = await outboxMessage('sign-in-', (text) => text.includes(`To: ${email}`));
  const token = /\/account\/sign-in\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43})/.exec(mail)![1];
  const verified = await page.request.post('/api/account/sign-in/verify', { headers, data: { token } });
  expect(verified.status(), await verified.text()).toBe(200);
  const details = await page.request.put('/api/account/household', {
    headers,
    data: {
      firstName: 'Nora',
      lastName: 'Castellanos',
      phone: '9725550190',
      emergencyContact1Name: 'Luis Castellanos',
      emergencyContact1Phone: '9725550191',
      emergencyContact1Relationship: 'Father',
      emergencyContact2Name: 'Ana Ruiz',
      emergencyContact2Phone: '9725550192',
      emergencyContact2Relationship: 'Aunt',
    },
  });
  expect(details.status(), await details.text()).toBe(200);
  const child = await page.request.post('/api/account/children', {
    headers,
    data: { name: 'Sofia Castellanos', dateOfBirth: '2016-03-14', grade: '4th', school: 'Haggard Elementary' },
  });
  expect(child.status(), await child.text()).toBe(201);
  return email;
}

/** Holds the islands' runtime back until released: the page stays the server's HTML meanwhile. */
async function holdIslands(page: Page) {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/islandsRuntime-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Requests the page makes to GET /api/account. */
function accountReads(page: Page) {
  const seen: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/account') seen.push(r.status());
  });
  return seen;
}

test.describe('the enroll page’s first paint', () => {
  test('at 390 px: a signed-in parent’s enroll page shows the family form before any input, and going live moves nothing', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const email = await signedInParent(page, baseURL!);
    const release = await holdIslands(page);
    const reads = accountReads(page);

    const answer = await page.goto(`/enroll/${CAMP}`);
    // Hers alone: no cache may keep it.
    expect(answer?.headers()['cache-control']).toBe('private, no-store');
    const island = page.locator('[data-island^="EnrollView"]');
    await expect(island).not.toHaveAttribute('data-island-hydrated', '');
    // The server's HTML is the family's form: her children, her address; no guest form to type into.
    await expect(page.getByRole('heading', { name: 'Who is coming?' })).toBeVisible();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Sofia Castellanos' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Contact Details' })).toHaveCount(0);
    // Her long address breaks rather than push the form past the phone's edge.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const button = page.getByRole('button', { name: 'Continue to Payment' });
    const at = () => button.evaluate((b) => b.getBoundingClientRect().top + window.scrollY);
    const painted = await at();

    release();
    await allIslandsLive(page);
    await expect(page.getByRole('heading', { name: 'Who is coming?' })).toBeVisible();
    expect(await at()).toBe(painted);
    // The family came with the page: nothing asked again.
    expect(reads).toEqual([]);

    await page.getByText('Sofia Castellanos', { exact: true }).click();
    await expect(page.getByRole('checkbox', { name: 'Sofia Castellanos' })).toBeChecked();
    await expectNoSeriousA11yViolations(page, 'on the family enroll form');
    await screenshot(page, 'enroll-family-first-paint', { widths: SCREENSHOT_WIDTHS });
  });

  test('a visitor not signed in gets the page everyone gets, and no page asks who is signed in', async ({ page }) => {
    const reads = accountReads(page);
    const answer = await page.goto(`/enroll/${CAMP}`);
    expect(answer?.headers()['cache-control']).not.toContain('public');
    await expect(page.getByRole('group', { name: 'Contact Details' })).toBeVisible();
    await allIslandsLive(page);
    await expect(page.getByRole('checkbox', { name: 'Save these details to my family account' })).toBeVisible();
    for (const path of ['/', '/schedule', '/account']) {
      await page.goto(path);
      await hydrated(page);
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your family page' })).toBeVisible();
    expect(reads).toEqual([]);
  });

  test('at 390 px: the teen course’s form asks for the child’s details, as the server does', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/enroll/${TEENS}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enroll: Etiquette for Tweens & Teens');
    const student = page.getByRole('group', { name: 'Participant 1' });
    await expect(student.getByRole('textbox', { name: 'Student name' })).toBeVisible();
    await expect(student.getByRole('textbox', { name: 'Age' })).toBeVisible();
    await expect(student.getByRole('textbox', { name: 'School' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Emergency Contact 1' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Code of Conduct/ })).toBeVisible();

    await allIslandsLive(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByText('Student name is required.')).toBeVisible();
    await expect(page.getByText('You must agree to the Code of Conduct to proceed.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'on the teens’ enroll form');
    await screenshot(page, 'enroll-teens', { widths: SCREENSHOT_WIDTHS });
  });
});
