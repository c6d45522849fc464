import { expect, test } from '@playwright/test';
import { SCHOOL_NAME, SCREENSHOT_WIDTHS, expectOneH1, hydrated, screenshot } from './fixtures.js';

// A program's own page, by slug.

test.describe('program detail', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a program by slug: rating, price, pills, features, location, share and copy', async ({ page }) => {
    await page.goto('/programs');
    await hydrated(page);
    await page.getByRole('link', { name: /View Program Details for Etiquette for Tweens/ }).click();
    await expect(page).toHaveURL(/\/program\/etiquette-for-tweens-teens$/);
    await expect(page).toHaveTitle(`Etiquette for Tweens & Teens | ${SCHOOL_NAME}`);
    await expectOneH1(page, 'Etiquette for Tweens & Teens');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: /Back to Programs/ })).toHaveAttribute('href', '/programs');
    await expect(main.locator('.program-detail__summary .badge')).toHaveText('Teens');
    // 4.5: four whole stars and a half one.
    await expect(main.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeVisible();
    await expect(main.locator('.program-detail__summary .star--full')).toHaveCount(4);
    await expect(main.locator('.program-detail__summary .star--half')).toHaveCount(1);
    await expect(main.locator('.program-detail__price')).toHaveText('$250');
    await expect(main.locator('.pills .pill')).toHaveCount(2);
    await expect(main.locator('.pills')).toContainText('4 weeks');
    await expect(main.locator('.pills')).toContainText('Up to 20 students');
    await expect(main.getByRole('heading', { name: 'Program Description' })).toBeVisible();
    await expect(main.getByRole('heading', { name: "What You'll Learn" })).toBeVisible();
    await expect(main.locator('.features li')).toHaveCount(4);
    await expect(main.getByRole('heading', { name: 'Location' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Enroll Now', exact: true })).toHaveAttribute('href', '/scheduling');
    // Beside it, this program's own classes: the list further down the page, reached by keyboard too.
    const upcoming = main.getByRole('link', { name: 'See upcoming classes' });
    await upcoming.scrollIntoViewIfNeeded();
    await screenshot(page, 'program-detail-top', { widths: SCREENSHOT_WIDTHS, fullPage: false });
    await expect(upcoming).toHaveAttribute('href', /^(\/program\/etiquette-for-tweens-teens)?#program-upcoming$/);
    await upcoming.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#program-upcoming$/);
    await expect(main.getByRole('heading', { name: 'Upcoming classes' })).toBeInViewport();

    const share = main.getByRole('complementary', { name: 'Share This Program' });
    await expect(share.getByRole('link', { name: /Share on Facebook/ })).toHaveAttribute('target', '_blank');
    await expect(share.getByRole('link', { name: /Share on Twitter/ })).toHaveAttribute('target', '_blank');
    await expect(share.getByRole('link', { name: /Share on LinkedIn/ })).toHaveAttribute('href', /linkedin\.com/);
    await expect(share.getByRole('link', { name: /Share by Email/ })).toHaveAttribute('href', /^mailto:\?subject=/);
    const box = share.getByRole('textbox', { name: 'Direct link' });
    await expect(box).toHaveAttribute('readonly', '');
    await expect(box).toHaveValue(/\/program\/etiquette-for-tweens-teens$/);
    await box.click();
    expect(
      await box.evaluate((el: HTMLInputElement) => el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0)),
    ).toMatch(/\/program\/etiquette-for-tweens-teens$/);
    await share.getByRole('button', { name: 'Copy' }).click();
    await expect(share.getByRole('alert')).toHaveText('Link copied to clipboard!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/program\/etiquette-for-tweens-teens$/);
  });

  test('private lessons: no pills, and a mail link about private lessons', async ({ page }) => {
    await page.goto('/program/private-etiquette-lessons');
    await expectOneH1(page, 'Private Etiquette Lessons');
    const main = page.getByRole('main');
    await expect(main.locator('.pills')).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Enroll Now' })).toHaveCount(0);
    const mail = main.getByRole('link', { name: 'Contact for Details' });
    await expect(mail).toHaveAttribute(
      'href',
      /^mailto:hello@greatlakesetiquette\.com\?subject=Private%20Etiquette%20Lessons/,
    );
  });

  test('an unknown slug shows Program Not Found', async ({ page }) => {
    await page.goto('/program/no-such-program');
    await expectOneH1(page, 'Program Not Found');
    await expect(page).toHaveTitle(`Program Not Found | ${SCHOOL_NAME}`);
    await expect(page.getByText("The program you're looking for doesn't exist or has been removed.")).toBeVisible();
    await page.getByRole('link', { name: 'Return to Programs' }).click();
    await expect(page).toHaveURL(/\/programs$/);
  });
});
