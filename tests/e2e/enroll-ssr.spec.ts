import { expect, test, type Page } from '@playwright/test';
import type { EnrollmentResponse } from '../../contracts/enrollment/api.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { SCREENSHOT_WIDTHS, expectNoSeriousA11yViolations, screenshot } from './fixtures.js';

/**
 * The money path's first page, /enroll/:id, is the server's HTML with its workshop: the form is
 * there (and can be typed into) before any script, and the page loads only its island, never the
 * whole app. Workshop 6 (the adults' dinner: the short form) is the one used here.
 */
const ENROLL = '/enroll/6';

const contact = (page: Page) => page.getByRole('group', { name: 'Contact Details' });

async function fillContact(page: Page) {
  await contact(page).getByLabel('First name').fill('Margaret');
  await contact(page).getByLabel('Last name').fill('Ashby');
  await contact(page).getByLabel('Email').fill('margaret.ashby@example.com');
  await contact(page).getByLabel('Phone').fill('(972) 555-0177');
}

async function expectContactKept(page: Page) {
  await expect(contact(page).getByLabel('First name')).toHaveValue('Margaret');
  await expect(contact(page).getByLabel('Last name')).toHaveValue('Ashby');
  await expect(contact(page).getByLabel('Email')).toHaveValue('margaret.ashby@example.com');
  await expect(contact(page).getByLabel('Phone')).toHaveValue('(972) 555-0177');
}

const spotsLeft = async (page: Page, position: string) =>
  ((await (await page.request.get(`/api/workshops/6?minPosition=${position}`)).json()) as Workshop).spotsLeft;

/** Each enroll request the page sends, with the server's answer (read before the page moves on). */
async function enrollRequests(page: Page) {
  const seen: { sent: { holdToken?: string }; status: number; answer: EnrollmentResponse }[] = [];
  await page.route('**/api/enroll/workshop/6', async (route) => {
    const response = await route.fetch();
    seen.push({
      sent: route.request().postDataJSON() as { holdToken?: string },
      status: response.status(),
      answer: (await response.json()) as EnrollmentResponse,
    });
    await route.fulfill({ response });
  });
  return seen;
}

test.describe('the enroll page as the server sends it', () => {
  // Its forms hold seats of workshop 6 and one test counts them: one after another, on one worker.
  test.describe.configure({ mode: 'default' });
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('given a seeded workshop, then its summary and the form are there and the first field takes typing', async ({
      page,
    }) => {
      await page.goto(ENROLL);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enroll: Etiquette After Dark - Dinner');
      await expect(page.getByRole('complementary')).toContainText('$150.00');
      const first = contact(page).getByLabel('First name');
      await expect(first).toBeEditable();
      await first.fill('Margaret');
      await expect(first).toHaveValue('Margaret');
      await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeVisible();
    });
  });

  test('given the page before its island is live, when the parent types, then what they typed is kept as it goes live', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    // The islands' runtime is held back until every field is typed: the typing is all done before
    // anything could listen for it, as on a slow line, and the island must still go live.
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/islandsRuntime-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(ENROLL);
    // Only the islands' runtime before the first touch: not the app's entry, no page chunk.
    expect(scripts.some((s) => /\/assets\/index-/.test(s))).toBe(false);
    await fillContact(page);
    const island = page.locator('[data-island^="EnrollView"]');
    await expect(island).not.toHaveAttribute('data-island-hydrated', '');
    release();
    await expect(island).toHaveAttribute('data-island-hydrated', '');
    await expectContactKept(page);
    expect(scripts.some((s) => /\/assets\/index-/.test(s))).toBe(false);
  });

  test('given the page before its island is live, when the parent ticks the terms box, then it is ticked as it goes live and Continue sends the form', async ({
    page,
  }) => {
    const requests = await enrollRequests(page);
    // The islands' runtime is held back until the box has been ticked: the press lands on the server's HTML.
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/islandsRuntime-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(ENROLL);
    await fillContact(page);
    await page.getByText('I agree to the terms and conditions of enrollment').click();
    const island = page.locator('[data-island^="EnrollView"]');
    await expect(island).not.toHaveAttribute('data-island-hydrated', '');

    release();
    await expect(island).toHaveAttribute('data-island-hydrated', '');
    await expect(page.getByRole('checkbox', { name: /I agree to the terms/ })).toBeChecked();
    await expectContactKept(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page).toHaveURL(/\/checkout\/6\?participants=1&enrollmentId=/);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.status).toBe(201);
  });

  test('given the terms box ticked before the island is live, when Continue is pressed the moment it goes live, then the box is ticked first and the form is sent', async ({
    page,
  }) => {
    const requests = await enrollRequests(page);
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/islandsRuntime-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(ENROLL);
    await fillContact(page);
    await page.getByText('I agree to the terms and conditions of enrollment').click();
    // Continue is pressed as the island is marked live, before its held tick is made again: the
    // race a parent on a slow phone runs (a CI run lost it).
    const pressed = page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const island = document.querySelector('[data-island^="EnrollView"]')!;
          new MutationObserver((_, observer) => {
            if (!island.hasAttribute('data-island-hydrated')) return;
            observer.disconnect();
            document.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
            resolve();
          }).observe(island, { attributes: true, attributeFilter: ['data-island-hydrated'] });
        }),
    );
    release();
    await pressed;
    await expect(page).toHaveURL(/\/checkout\/6\?participants=1&enrollmentId=/);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.status).toBe(201);
  });

  test('given a visitor not signed in at 390 px, when the page goes live, then nobody is asked who is signed in and Continue stays where it was painted', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/account') asked.push(r.url());
    });
    await page.goto(ENROLL);
    const button = page.getByRole('button', { name: 'Continue to Payment' });
    // Where it is on the page (filling the fields scrolls the window).
    const at = () => button.evaluate((b) => b.getBoundingClientRect().top + window.scrollY);
    const painted = await at();
    await fillContact(page);
    await expect(page.locator('[data-island^="EnrollView"]')).toHaveAttribute('data-island-hydrated', '');
    expect(asked).toEqual([]);
    await expect(page.getByRole('checkbox', { name: 'Save these details to my family account' })).toBeVisible();
    expect(await at()).toBe(painted);
  });

  test('given a filled form sent to the checkout at 390 px, when the parent goes Back, then every field and the same hold are there, and sending again replaces the hold', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const requests = await enrollRequests(page);
    await page.goto(ENROLL);
    await fillContact(page);
    await page.getByText('I agree to the terms and conditions of enrollment').click();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page).toHaveURL(/\/checkout\/6\?participants=1&enrollmentId=/);
    const [first] = requests;
    expect(first?.status).toBe(201);
    expect(first!.sent.holdToken).toBeUndefined();
    const held = await spotsLeft(page, first!.answer.position);

    await page.goBack();
    await expect(page).toHaveURL(ENROLL);
    await expectContactKept(page);
    await expect(page.getByRole('checkbox', { name: /I agree to the terms/ })).toBeChecked();
    const button = page.getByRole('button', { name: 'Continue to Payment' });
    await expect(button).toBeEnabled();
    await expect(page.getByText('Submitting…')).toHaveCount(0);

    // The same form sent again (pressed twice) carries the first answer's hold token: the new hold replaces it.
    await button.dblclick();
    await expect(page).toHaveURL(/\/checkout\/6\?participants=1&enrollmentId=/);
    // One request per press: the form sent again once, not twice.
    expect(requests).toHaveLength(2);
    const second = requests[1]!;
    expect(second.status).toBe(201);
    expect(second.sent.holdToken).toBe(first!.answer.holdToken);
    expect(second.answer.enrollmentId).not.toBe(first!.answer.enrollmentId);
    await expect(page).toHaveURL(new RegExp(`/checkout/6\\?participants=1&enrollmentId=${second.answer.enrollmentId}`));
    expect(await spotsLeft(page, second.answer.position)).toBe(held);
  });

  test('given an address with a workshop nobody has, then the page says Workshop Not Found with a 404', async ({
    page,
  }) => {
    const response = await page.goto('/enroll/no-such-workshop');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Workshop Not Found');
  });

  test('at 390 and 1280 px: no serious axe findings in the form before and after it is live', async ({ page }) => {
    test.slow(); // axe four times over a long form
    const axeAtBothWidths = async (state: string) => {
      for (const width of SCREENSHOT_WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await expectNoSeriousA11yViolations(page, `enroll-ssr ${state} at ${width}`);
        await screenshot(page, `enroll-ssr-${state}`);
      }
    };
    await page.goto(ENROLL);
    await axeAtBothWidths('server-html');
    await contact(page).getByLabel('First name').fill('Margaret');
    await expect(page.locator('[data-island^="EnrollView"]')).toHaveAttribute('data-island-hydrated', '');
    await axeAtBothWidths('live');
  });
});
