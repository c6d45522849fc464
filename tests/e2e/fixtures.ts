import { expect, type Page } from '@playwright/test';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const SCHOOL_NAME = 'Great Lakes Etiquette';
export const SCHOOL_FULL_NAME = 'Great Lakes School of Etiquette';
export const E2E_ADMIN_KEY = 'e2e-admin-key-123456';

/** Every public route with a short name used for screenshots. */
export const PUBLIC_PAGES = [
  { name: 'home', path: '/' },
  { name: 'about', path: '/about' },
  { name: 'programs', path: '/programs' },
  { name: 'program-detail', path: '/program/manners-and-me' },
  { name: 'program-not-found', path: '/program/no-such-program' },
  { name: 'contact', path: '/contact' },
  { name: 'schedule', path: '/schedule' },
  { name: 'scheduling', path: '/scheduling' },
  { name: 'not-found', path: '/this/page/does-not-exist' },
] as const;

export const SCREENSHOT_WIDTHS = [390, 1280] as const;
const SCREENSHOT_DIR = resolve('screenshots');

/** Scrolls through the page (so scroll effects run), loads every lazy image and waits for them to decode. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 30));
    }
    window.scrollTo(0, 0);
    for (const img of document.images) img.loading = 'eager';
    const pending = [...document.images].filter((img) => !img.complete);
    const loaded = Promise.all(
      pending.map(
        (img) =>
          new Promise<void>((done) => {
            img.addEventListener('load', () => done(), { once: true });
            img.addEventListener('error', () => done(), { once: true });
          }),
      ),
    );
    await Promise.race([loaded, new Promise((r) => setTimeout(r, 5000))]);
  });
}

/** Full-page screenshot written to screenshots/<name>-<width>.png (not committed). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const file = join(SCREENSHOT_DIR, `${name}-${width}.png`);
  await settle(page);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/** Runs axe with the WCAG 2.x A/AA rules and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, context = ''): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
  expect(summary, `axe found serious/critical problems ${context}`).toEqual([]);
}

/** Waits for the page's single h1 and returns it. */
export async function expectOneH1(page: Page, name: string | RegExp) {
  const h1 = page.locator('h1');
  await expect(h1).toHaveCount(1);
  await expect(h1).toHaveText(name);
  return h1;
}

/** The toast region's visible toasts. */
export function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ }).getByRole('alertdialog');
}

/**
 * The schedule as the API holds it now. Other specs share the server and add or book
 * workshops, so expected counts are worked out from this rather than hard-coded.
 */
export async function currentWorkshops(page: Page): Promise<Workshop[]> {
  const res = await page.request.get('/api/workshops');
  expect(res.ok()).toBe(true);
  return (await res.json()) as Workshop[];
}

/** Before the seeded workshops (June-Sept 2025), so the calendar opens on June 2025 whatever else exists. */
export const BEFORE_SEASON = new Date('2025-06-01T09:00:00-05:00');
