import { expect, test, type Page } from '@playwright/test';
import { hydrated, seededSeason, toasts } from './fixtures.js';

// Issue 14, item 7: the home page's first load carries no code it does not show. The calendar, the
// workshop dialog, the toasts, enrollment, checkout and the admin area come when they are used.
// Chunks are named by Vite after the module that starts them, so a script URL tells what it holds.

/** Every script the page requests, by file name. */
function scriptsRequested(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') names.push(new URL(request.url()).pathname.split('/').pop() ?? '');
  });
  return names;
}

const loaded = (names: string[], chunk: string) => names.some((name) => name.startsWith(`${chunk}-`));

// The calendar ships in the chunk shared by the schedule and events pages, named after SchedulePage.
const NOT_ON_HOME = [
  'SchedulePage',
  'EventsPage',
  'WorkshopDialog',
  'ToastViewport',
  'EnrollPage',
  'CheckoutPage',
  'StripePaymentForm',
  'AdminDashboardPage',
  'EnrollmentTrackerPage',
];

test.describe('code loaded on demand', () => {
  test('the home page loads none of the calendar, dialog, toast, enrollment, checkout or admin code', async ({
    page,
  }) => {
    const scripts = scriptsRequested(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Three Simple Steps' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    for (const chunk of NOT_ON_HOME) expect(scripts.filter((name) => name.startsWith(`${chunk}-`))).toEqual([]);
  });

  test('the home page is taken over as islands: the header and the carousel work, without the app or its router', async ({
    page,
  }) => {
    const scripts = scriptsRequested(page);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'islands');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.getByRole('button', { name: /^Slide 3:/ }).click();
    await expect(page.locator('.hero__slide--active')).toHaveAttribute('data-slide', '2');
    await page.waitForLoadState('networkidle');
    expect(loaded(scripts, 'islands')).toBe(true);
    expect(loaded(scripts, 'Header')).toBe(true);
    expect(loaded(scripts, 'index')).toBe(false);
    expect(loaded(scripts, 'HomePage')).toBe(false);
    expect(loaded(scripts, 'useQuery')).toBe(false);

    // Its links are ordinary links: the next page comes from the server, rendered.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedule' }).click();
    await expect(page).toHaveURL(/\/schedule$/);
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'islands');
  });

  test('the schedule hydrates only its header at first; the calendar wakes at the first touch, the list as it is reached, and a press made before is kept', async ({
    page,
  }) => {
    const season = await seededSeason(page);
    const scripts = scriptsRequested(page);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`/schedule?date=${season.dayKeyOf('6')}`);
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'islands');
    await page.waitForLoadState('networkidle');
    expect(loaded(scripts, 'Header')).toBe(true);
    for (const chunk of ['index', 'SchedulePage', 'ScheduleDatePicker', 'ScheduleList', 'WorkshopDialog']) {
      expect(loaded(scripts, chunk), chunk).toBe(false);
    }
    // The list is far below the first screen of a phone: still the server's HTML.
    const list = page.locator('[data-island^="ScheduleList"]');
    await expect(list).not.toHaveAttribute('data-island-hydrated');

    // Pressed before React has it: the press is kept and made again once the list is live.
    await page.getByRole('button', { name: /View Details for Etiquette After Dark - Dinner/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Etiquette After Dark - Dinner' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Enroll Now' })).toHaveAttribute('href', '/enroll/6');
    await expect(list).toHaveAttribute('data-island-hydrated', '');
    await expect(page.locator('[data-island^="ScheduleDatePicker"]')).toHaveAttribute('data-island-hydrated', '');
    expect(loaded(scripts, 'WorkshopDialog')).toBe(true);
    expect(loaded(scripts, 'index')).toBe(false);
  });

  test('the first toast loads the toast region and it is announced', async ({ page }) => {
    const scripts = scriptsRequested(page);
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(loaded(scripts, 'ToastViewport')).toBe(false);

    // Sending the empty form is refused with a toast.
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(toasts(page)).toHaveCount(1);
    expect(loaded(scripts, 'ToastViewport')).toBe(true);
  });
});
