import { expect, test } from '@playwright/test';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import {
  allIslandsLive,
  createWorkshop,
  currentWorkshops,
  expectNoSeriousA11yViolations,
  expectOneH1,
  hydrated,
  screenshot,
  SCREENSHOT_WIDTHS,
} from './fixtures.js';

// The events screen (/events): every workshop, past ones included, the nearest to come first and then
// the past ones, latest first, with a category filter and a date picker on the school's calendar day,
// seen from a browser in Tokyo.

const lastYear = new Date().getFullYear() - 1;
// 11:30 PM in Plano on March 14 is already March 15 in Tokyo: the day filter must use the school's day.
const PAST_DATE = `${lastYear}-03-14T23:30`;
const TODAY_IN_BROWSER = new Date(`${lastYear}-03-20T12:00:00-05:00`);
let pastId = '';
let pastTitle = '';

test.describe('events screen', () => {
  // In order on one worker: each worker would add its own soiree on that evening, and the day filter
  // counts one.
  test.describe.configure({ mode: 'default' });
  test.use({ timezoneId: 'Asia/Tokyo' });

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    pastTitle = `E2E Past Soiree ${Date.now()}`;
    pastId = await createWorkshop(page, { title: pastTitle, category: 'adult', date: PAST_DATE, time: '11:30 PM' });
    await page.close();
  });

  test.beforeEach(async ({ page }) => {
    // "Today" a few days after the past soiree: the calendar opens on its month.
    await page.clock.setFixedTime(TODAY_IN_BROWSER);
  });

  // The nearest to come first, then the past, latest first, by the browser's clock (the list once
  // live); workshops at the same instant (other specs create some in parallel) by title.
  const nearestFirst = (list: Workshop[], now = TODAY_IN_BROWSER.getTime()) => {
    const byTitle = (a: Workshop, b: Workshop) => a.title.localeCompare(b.title);
    const at = (w: Workshop) => Date.parse(w.date);
    return [
      ...list.filter((w) => at(w) > now).sort((a, b) => at(a) - at(b) || byTitle(a, b)),
      ...list.filter((w) => at(w) <= now).sort((a, b) => at(b) - at(a) || byTitle(a, b)),
    ];
  };
  const cardTitles = (page: import('@playwright/test').Page) =>
    page.locator('.events__grid .workshop-card__title').allTextContents();

  test('every workshop, past ones included, the nearest to come first; category and day filters narrow it', async ({
    page,
  }) => {
    // Other specs add workshops while this one runs: load again until the page and the API agree.
    let all: Workshop[] = [];
    await expect(async () => {
      await page.goto('/events');
      all = await currentWorkshops(page);
      await expect(page.getByRole('status').filter({ hasText: /events?$/ })).toHaveText(`${all.length} events`, {
        timeout: 3_000,
      });
    }).toPass({ timeout: 30_000 });
    await expectOneH1(page, 'Events');
    await allIslandsLive(page);
    expect(await cardTitles(page)).toEqual(nearestFirst(all).map((w) => w.title));
    // The first card is the next event to come; the past soiree comes after every upcoming one.
    expect((await cardTitles(page))[0]).toBe(nearestFirst(all)[0]!.title);
    const past = page.locator('.workshop-card').filter({ hasText: pastTitle });
    await expect(past.locator('.badge')).toHaveText('Past event');
    await expect(past).toContainText('Enrollment closed');
    await expect(past.getByRole('link', { name: /Enroll Now/ })).toHaveCount(0);
    // Shown in the school's time: Saturday the 14th at 11:30 PM, not Sunday the 15th in Tokyo.
    await expect(past.locator('time')).toHaveText(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/Chicago',
        weekday: 'long',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      }).format(new Date(all.find((w) => w.id === pastId)!.date)),
    );

    // Category: Adults keeps the adult evenings, in the same order.
    await page.getByRole('button', { name: /Category/ }).click();
    await page.getByRole('option', { name: 'Adults' }).click();
    await expect(page).toHaveURL(/category=adult/);
    const adults = nearestFirst(all.filter((w) => w.category === 'adult'));
    await expect(page.locator('.events__grid .workshop-card')).toHaveCount(adults.length);
    expect(await cardTitles(page)).toEqual(adults.map((w) => w.title));

    // Date: March 14 on the calendar (school day) keeps the soiree; March 15 (its Tokyo day) does not.
    const calendar = page.locator('.events .calendar');
    await calendar.getByRole('button', { name: new RegExp(`March 14, ${lastYear}`) }).click();
    await expect(page).toHaveURL(new RegExp(`date=${lastYear}-03-14`));
    await expect(page.getByText(`1 event`, { exact: true })).toBeVisible();
    expect(await cardTitles(page)).toEqual([pastTitle]);
    await calendar.getByRole('button', { name: new RegExp(`March 15, ${lastYear}`) }).click();
    await expect(page.getByText('0 events', { exact: true })).toBeVisible();
    await expect(page.getByText('No events found for the selected filters.')).toBeVisible();

    await page.getByRole('link', { name: 'Clear all filters' }).click();
    await expect(page.getByText(`${all.length} events`, { exact: true })).toBeVisible();
  });

  test('the details dialog opens and closes by keyboard', async ({ page }) => {
    await page.goto(`/events?date=${lastYear}-03-14`);
    await hydrated(page);
    const view = page.getByRole('button', { name: `View Details for ${pastTitle}` });
    await view.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: pastTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Event Details' })).toBeVisible();
    await expect(dialog).toContainText('Enrollment closed');
    await expect(dialog.getByRole('link', { name: 'Enroll Now' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(view).toBeFocused();
  });

  test('the category filter and the calendar work by keyboard', async ({ page }) => {
    await page.goto('/events');
    await hydrated(page);
    const category = page.getByRole('button', { name: /Category/ });
    await category.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/category=children/);
    // Into the calendar's grid: the focused day is today (March 20); two days back, then choose it.
    await page.locator('.events .calendar [role="gridcell"] [tabindex="0"]').focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`date=${lastYear}-03-18`));
  });

  test('no serious accessibility finding, all events and filtered, each looked at in 390 and 1280 px', async ({
    page,
  }) => {
    test.slow(); // axe walks the whole list of cards twice
    await page.goto('/events');
    await expect(page.locator('.events__grid .workshop-card').first()).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousA11yViolations(page, 'on /events');
    await screenshot(page, 'events-all', { widths: SCREENSHOT_WIDTHS });
    await page.goto(`/events?category=adult&date=${lastYear}-03-14`);
    await expect(page.getByRole('heading', { name: pastTitle })).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousA11yViolations(page, 'on /events filtered');
    await screenshot(page, 'events-filtered', { widths: SCREENSHOT_WIDTHS });
  });
});
