import { expect, test, type Page } from '@playwright/test';
import { SCHOOL_FULL_NAME, SCHOOL_NAME, expectOneH1, hydrated } from './fixtures.js';

// The home page and its hero carousel.

const dot = (page: Page, n: number) => page.getByRole('button', { name: new RegExp(`^Slide ${n}:`) });
const currentDot = (page: Page) => page.locator('.hero__dots [aria-current="true"]');

async function currentSlide(page: Page): Promise<number> {
  const label = (await currentDot(page).getAttribute('aria-label')) ?? '';
  return Number(/^Slide (\d)/.exec(label)?.[1]);
}

test.describe('home', () => {
  test('title, introduction, signature programs, testimonials, steps and calls to action', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(`${SCHOOL_NAME} | ${SCHOOL_FULL_NAME}`);
    await expectOneH1(page, new RegExp(SCHOOL_FULL_NAME));

    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Browse Children’s Classes' })).toHaveAttribute(
      'href',
      '/programs?category=children',
    );
    await expect(main.getByRole('link', { name: 'See the Class Schedule' })).toHaveAttribute('href', '/scheduling');

    const cards = [
      ["Children's Etiquette", 'Ages 6-10', '/programs?category=children'],
      ['Teen Etiquette', 'Ages 11-17', '/programs?category=teens'],
      ['Professional Etiquette', null, '/programs?category=professional'],
    ] as const;
    for (const [title, ages, href] of cards) {
      const card = main.locator('.signature-card', { has: page.getByRole('heading', { name: title }) });
      if (ages) await expect(card).toContainText(ages);
      await expect(card.getByRole('link')).toHaveAttribute('href', href);
    }
    await expect(main.getByRole('link', { name: 'View All Programs' })).toHaveAttribute('href', '/programs');
    await expect(main.getByRole('heading', { name: 'What Families Are Saying' })).toBeVisible();
    for (const step of ['Discover Programs', 'Schedule a Class', 'Simple Enrollment']) {
      await expect(main.getByRole('heading', { name: step })).toBeVisible();
    }
    await expect(main.getByRole('link', { name: 'Enroll Now' })).toHaveAttribute('href', '/enroll/1');
    await expect(main.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  test('the hero carousel advances, wraps, obeys its dots and its 250 ms lock', async ({ page }) => {
    await page.clock.install({ time: new Date('2025-05-01T09:00:00-05:00') });
    await page.goto('/');
    // The carousel turns once it is live (it hydrates after the page's first paint).
    await hydrated(page);
    await expect(page.locator('[aria-roledescription="slide"]')).toHaveCount(5);
    await expect(currentDot(page)).toHaveCount(1);
    // Freeze time so every step below is decided by the test, not by how fast it runs.
    await page.clock.pauseAt(new Date('2025-05-01T09:01:00-05:00'));
    const start = await currentSlide(page);

    // 7 s later the next slide is shown, with the cross-fade's active class.
    await page.clock.runFor(7000);
    const next = (start % 5) + 1;
    await expect(currentDot(page)).toHaveAttribute('aria-label', new RegExp(`^Slide ${next}:`));
    await expect(page.locator(`[data-slide="${next - 1}"]`)).toHaveClass(/hero__slide--active/);

    // Hovering holds the slide.
    await page.locator('.hero').hover();
    await page.clock.runFor(8000);
    await expect(currentDot(page)).toHaveAttribute('aria-label', new RegExp(`^Slide ${next}:`));

    // A dot jumps straight to its slide; a second change within 250 ms is refused.
    const target = next === 4 ? 2 : 4;
    await page.clock.runFor(300);
    await dot(page, target).click();
    await expect(currentDot(page)).toHaveAttribute('aria-label', new RegExp(`^Slide ${target}:`));
    await dot(page, 5).click();
    await expect(currentDot(page)).toHaveAttribute('aria-label', new RegExp(`^Slide ${target}:`));

    // After the lock, the current dot does nothing (and sets no lock); another dot works at once.
    await page.clock.runFor(300);
    await dot(page, target).click();
    await expect(currentDot(page)).toHaveAttribute('aria-label', new RegExp(`^Slide ${target}:`));
    await dot(page, 5).click();
    await expect(currentDot(page)).toHaveAttribute('aria-label', /^Slide 5:/);

    // While focus is inside, it holds; once focus and pointer leave, it wraps from 5 to 1.
    await page.clock.runFor(8000);
    await expect(currentDot(page)).toHaveAttribute('aria-label', /^Slide 5:/);
    await page.mouse.move(5, 5);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(7000);
    await expect(currentDot(page)).toHaveAttribute('aria-label', /^Slide 1:/);

    // The pause button stops auto-advance.
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await page.mouse.move(5, 5);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(15000);
    await expect(currentDot(page)).toHaveAttribute('aria-label', /^Slide 1:/);
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
  });

  test('slide links go to the programs the spec names', async ({ page }) => {
    await page.goto('/');
    const hrefs = await page.locator('.hero__slide a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([
      '/programs',
      '/programs?category=children',
      '/programs?category=teens',
      '/programs?category=teens',
      '/programs?category=business',
    ]);
  });

  test('reduced motion keeps the carousel still', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.clock.install({ time: new Date('2025-05-01T09:00:00-05:00') });
    await page.goto('/');
    await hydrated(page);
    await expect(currentDot(page)).toHaveAttribute('aria-label', /^Slide 1:/);
    await page.clock.runFor(15000);
    await expect(currentDot(page)).toHaveAttribute('aria-label', /^Slide 1:/);
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await context.close();
  });
});
