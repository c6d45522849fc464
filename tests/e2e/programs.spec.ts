import { expect, test } from '@playwright/test';
import { SCHOOL_NAME, SCREENSHOT_WIDTHS, expectOneH1, screenshot } from './fixtures.js';

// The programs list.

test.describe('programs', () => {
  test('card grid with ratings, prices, details, enroll and share buttons', async ({ page, context }) => {
    await context.route(/https:\/\/(www\.facebook\.com|twitter\.com)\/.*/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>share</title>' }),
    );
    await page.goto('/programs');
    await expect(page).toHaveTitle(`Programs | ${SCHOOL_NAME}`);
    await expectOneH1(page, 'Our Programs');
    const cards = page.locator('.program-grid article');
    await expect(cards).toHaveCount(9);

    const manners = cards.filter({ has: page.getByRole('heading', { name: 'Manners & Me' }) });
    await expect(manners).toContainText('$225');
    await expect(manners.getByRole('img', { name: 'Rated 4.9 out of 5' })).toBeVisible();
    await expect(manners).toContainText('48 reviews');
    await expect(manners.getByRole('link', { name: /View Program Details/ })).toHaveAttribute(
      'href',
      '/program/manners-and-me',
    );
    await expect(manners.getByRole('link', { name: /Enroll Now/ })).toHaveAttribute('href', '/schedule');
    // How long each program runs, in a parent's words.
    await expect(manners).toContainText('4-week course');
    const launch = cards.filter({ has: page.getByRole('heading', { name: 'Prepare to Launch' }) });
    await expect(launch).toContainText('5-week course');
    const executive = cards.filter({ has: page.getByRole('heading', { name: 'Executive Edge' }) });
    await expect(executive).toContainText('4-hour class');
    await manners.locator('.program-card__length').scrollIntoViewIfNeeded();
    await screenshot(page, 'programs-cards', { widths: SCREENSHOT_WIDTHS, fullPage: false });

    const privateCard = cards.filter({ has: page.getByRole('heading', { name: 'Private Etiquette Lessons' }) });
    await expect(privateCard.getByRole('link', { name: /Enroll Now/ })).toHaveCount(0);
    await expect(privateCard.getByRole('link', { name: /Contact for Details/ })).toHaveAttribute('href', /^mailto:/);

    const popup = page.waitForEvent('popup');
    await manners.getByRole('button', { name: 'Share Manners & Me on Facebook' }).click();
    const facebook = await popup;
    await facebook.waitForURL(/facebook\.com\/sharer/);
    expect(decodeURIComponent(facebook.url())).toContain('/program/manners-and-me');
    await facebook.close();

    await expect(page.getByRole('heading', { name: 'Customized Training' })).toBeVisible();
    for (const name of ['Corporate Training', 'School Workshops', 'Special Events']) {
      await expect(page.getByRole('heading', { name })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Email Us for a Consultation' })).toHaveAttribute('href', /^mailto:/);
    await expect(page.getByRole('link', { name: 'View Schedule & Enroll' })).toHaveAttribute('href', '/schedule');
    await expect(page.getByRole('main').getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  test('the category query narrows the list', async ({ page }) => {
    await page.goto('/programs?category=children');
    await expect(page.getByRole('heading', { name: "Children's Programs" })).toBeVisible();
    const titles = await page.locator('.program-grid article h3').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles).toContain('Manners & Me');
    expect(titles).not.toContain('Executive Edge');
    await page.goto('/programs?category=professional');
    await expect(page.locator('.program-grid article h3')).toContainText(['Executive Edge']);
  });
});
