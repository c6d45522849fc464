import { expect, test } from '@playwright/test';
import { hydrated } from './fixtures.js';

// Issue 14: a page rendered as islands paints first and brings React after; a press made before
// an island is live is not lost.

test.describe('pages rendered as islands', () => {
  test('the home page paints before it fetches React, and loads no locale data', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const { paint, react } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      react: performance.getEntriesByType('resource').find((entry) => /\/assets\/react-[\w-]+\.js$/.test(entry.name))
        ?.startTime,
    }));
    expect(paint).not.toBeNull();
    expect(react).toBeDefined();
    expect(react!).toBeGreaterThanOrEqual(paint!);
    // The page itself names only the tiny entry; nothing on the home page reads the locale.
    const html = await (await page.request.get('/')).text();
    expect([...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1])).not.toContainEqual(
      expect.stringMatching(/\/react-/),
    );
    expect(scripts.some((name) => /\/I18nProvider-/.test(name))).toBe(false);
  });

  test('a tap on the menu before the header is live is kept, and the menu opens once it is', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Hold back the islands' runtime, as a slow phone network would.
    await page.route(/\/assets\/islandsRuntime-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');

    release();
    await hydrated(page);
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Programs' })).toBeVisible();
  });

  test('the events page: choosing a category before its filters are live works, and the address keeps it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/events');
    await hydrated(page);
    const filters = page.locator('[data-island^="EventFilters"]');
    await expect(filters).not.toHaveAttribute('data-island-hydrated');
    await page.getByRole('button', { name: /Category/ }).click();
    await page.getByRole('option', { name: 'Summer Camp' }).click();
    await expect(page.getByRole('heading', { name: 'Summer Camp', level: 2 })).toBeVisible();
    await expect(page).toHaveURL(/\/events\?category=summer$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Summer Camp', level: 2 })).toBeVisible();
  });
});
