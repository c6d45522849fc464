import { expect, test } from '@playwright/test';
import { SCHOOL_NAME, expectOneH1, hydrated, screenshot } from './fixtures.js';

// Site chrome on every page (skip link, banner, navigation, footer) and the 404 page.

test.describe('site chrome', () => {
  test('skip link, banner, navigation, footer and the header shadow', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main-content')).toBeFocused();

    await expect(page.getByRole('region', { name: 'Announcement' })).toContainText('new Plano location');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'About', 'Programs', 'Schedule', 'Contact', 'Enroll Now']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Plano, TX 75024');
    await expect(footer).toContainText('(972) 555-0142');
    await expect(footer.getByRole('link', { name: 'hello@greatlakesetiquette.com' })).toHaveAttribute(
      'href',
      'mailto:hello@greatlakesetiquette.com',
    );
    await expect(footer).toContainText('Mon-Fri');
    await expect(footer).toContainText('9AM-5PM');

    const header = page.locator('header.site-header');
    await expect(header).not.toHaveAttribute('data-scrolled', /.*/);
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).not.toHaveAttribute('data-scrolled', /.*/);
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect(header).toHaveAttribute('data-scrolled', 'true');

    await nav.getByRole('link', { name: 'Programs', exact: true }).click();
    await expect(page).toHaveURL(/\/programs$/);
    await expect(page).toHaveTitle(`Programs | ${SCHOOL_NAME}`);
  });

  test('the small-screen menu opens and navigates', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await hydrated(page);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('the small-screen menu leads to every part of the site a parent looks for, Events and Gift Cards too', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Home', '/'],
      ['About', '/about'],
      ['Programs', '/programs'],
      ['Schedule', '/schedule'],
      ['Events', '/events'],
      ['Gift Cards', '/gift-cards'],
      ['Contact', '/contact'],
      ['Enroll Now', '/schedule'],
    ] as const)
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    await screenshot(page, 'chrome-phone-menu', { fullPage: false });
    await nav.getByRole('link', { name: 'Gift Cards', exact: true }).click();
    await expect(page).toHaveURL(/\/gift-cards$/);
  });

  for (const width of [320, 360, 390])
    test(`at ${width} px: the header and its Menu button stay on the screen, and no page scrolls sideways`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/', '/schedule', '/enroll/13', '/programs', '/events']) {
        await page.goto(path);
        await hydrated(page);
        const toggle = page.getByRole('button', { name: 'Menu' });
        const box = (await toggle.boundingBox())!;
        expect(box.x + box.width, `the Menu button on ${path}`).toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
        if (path === '/') await screenshot(page, 'chrome-header', { fullPage: false });
      }
    });
});

test.describe('not found', () => {
  test('any unknown path shows the 404 page', async ({ page }) => {
    for (const path of ['/this/page/does-not-exist', '/programs/extra/segment', '/abouts']) {
      await page.goto(path);
      await expectOneH1(page, 'Page Not Found');
      await expect(page).toHaveTitle(`Page Not Found | ${SCHOOL_NAME}`);
    }
    await page.getByRole('main').getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
