import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, hydrated, screenshot, SCREENSHOT_WIDTHS } from './fixtures.js';

// Pages rendered on the server: hydrated without a warning, interactive afterwards, and readable
// with JavaScript off.

const PAGES = [
  { name: 'home', path: '/', h1: 'Great Lakes School of Etiquette', shows: 'Raising Gracious, Confident Children' },
  { name: 'about', path: '/about', h1: 'About Great Lakes Etiquette', shows: 'Request a Consultation' },
  { name: 'programs', path: '/programs', h1: 'Our Programs', shows: 'Manners & Me' },
  { name: 'program', path: '/program/manners-and-me', h1: 'Manners & Me', shows: "What You'll Learn" },
  { name: 'program-404', path: '/program/no-such-program', h1: 'Program Not Found', shows: 'Return to Programs' },
  { name: 'contact', path: '/contact', h1: 'Contact Us', shows: 'Frequently Asked Questions' },
  { name: 'schedule', path: '/schedule', h1: 'Course Schedule', shows: 'Princess Tea Party' },
  { name: 'events', path: '/events', h1: 'Events', shows: 'Princess Tea Party' },
  { name: 'terms', path: '/terms', h1: 'Enrollment Terms', shows: 'Contents' },
  { name: 'privacy', path: '/privacy', h1: 'Privacy Notice', shows: 'Contents' },
  { name: 'conduct', path: '/code-of-conduct', h1: 'Code of Conduct', shows: 'Contents' },
  { name: 'photos', path: '/photography-release', h1: 'Photography Release', shows: 'Contents' },
  { name: 'not-found', path: '/no/such/page', h1: 'Page Not Found', shows: 'Return Home' },
] as const;

/** Console errors and warnings, and uncaught errors, from the moment the page starts loading. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    // The browser reports a document answered 404 as a failed load: that status is the point of a Not Found page.
    if (msg.location().url === page.url() && /status of 404/.test(msg.text())) return;
    if (msg.type() === 'error' || msg.type() === 'warning')
      problems.push(`${msg.type()}: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

test.describe('server rendering', () => {
  for (const { name, path, h1, shows } of PAGES) {
    test(`${name} (${path}) hydrates with no console error or warning`, async ({ page }) => {
      const problems = collectProblems(page);
      const answer = await page.goto(path);
      expect(answer?.status()).toBe(name.includes('404') || name === 'not-found' ? 404 : 200);
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(h1);
      await expect(page.getByText(shows).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      // The server's head was adopted, not doubled, by React.
      // A Not Found render is shared by every unknown address, so it names no canonical address.
      const notFound = name.includes('404') || name === 'not-found';
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(notFound ? 0 : 1);
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);
      await expect(page.locator('title')).toHaveCount(1);
    });
  }

  test('after hydration the data came with the page: no catalogue request', async ({ page }) => {
    const reads: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) reads.push(r.url());
    });
    await page.goto('/schedule');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(reads).toEqual([]);
  });

  test('the carousel, the schedule tabs and calendar, and a form work after hydration', async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: /^Slide 2:/ }).click();
    await expect(page.locator('.hero__slide--active')).toHaveAttribute('data-slide', '1');

    await page.goto('/schedule');
    await hydrated(page);
    await page.getByRole('tab', { name: 'Summer Camp' }).click();
    await expect(page).toHaveURL(/category=summer/);
    await expect(page.locator('.workshop-card').first()).toContainText('Camp');
    const next = page.locator('.calendar__nav[slot="next"]');
    const range = page.locator('.calendar__range');
    const before = await range.textContent();
    await next.click();
    await expect(range).not.toHaveText(before ?? '');

    await page.goto('/contact');
    await hydrated(page);
    const name = page.getByRole('textbox', { name: 'Full name' });
    await name.fill('Ada Parent');
    await expect(name).toHaveValue('Ada Parent');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(/required/i).first()).toBeVisible();

    await page.goto('/schedule');
    await hydrated(page);
    await page
      .getByRole('button', { name: /View Details for/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('program pages carry their share card and the share box names the canonical address', async ({ page }) => {
    await page.goto('/program/manners-and-me');
    await hydrated(page);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toMatch(/^https?:\/\/[^/]+\/program\/manners-and-me$/);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical!);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\/.+\.png$/);
    await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(page.getByLabel('Direct link')).toHaveValue(canonical!);
  });

  test('moving between pages in the browser keeps one title, description and canonical link', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Programs' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Programs');
    await expect(page).toHaveTitle('Programs | Great Lakes Etiquette');
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/programs$/);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const { name, path, h1, shows } of PAGES) {
    test(`${name} (${path}) shows its heading and content`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(h1);
      await expect(page.getByText(shows).first()).toBeVisible();
      await expect(page.getByText('needs JavaScript')).toHaveCount(0);
    });
  }

  test('the schedule shows its calendar, tabs and workshop cards with dates and prices', async ({ page }) => {
    await page.goto('/schedule');
    await expect(page.getByRole('grid').first()).toBeVisible();
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    // Other specs add free workshops to the same store, so the priced card is looked for, not assumed first.
    const card = page.locator('.workshop-card', { hasText: '$' }).first();
    await expect(card.locator('time')).toHaveText(/\w+day, \w+ \d{1,2}, \d{4}/);
    await expect(card).toContainText(/\$\d+/);
  });

  for (const width of SCREENSHOT_WIDTHS) {
    test(`screenshots at ${width}px`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      for (const { name, path } of PAGES.filter((p) => ['home', 'schedule', 'program', 'events'].includes(p.name))) {
        await page.goto(path);
        await page.screenshot({ path: `screenshots/nojs-${name}-${width}.png`, fullPage: true });
      }
    });
  }
});

test.describe('the server’s HTML, before any script of the site runs', () => {
  // axe needs JavaScript in the page; the site's own scripts are kept out instead, so what is
  // checked is the HTML as it arrives. One test a page: thirteen axe runs in one test outlasted
  // any timeout on a busy machine.
  test.beforeEach(async ({ page }) => {
    await page.route('**/assets/*.js', (route) => route.abort());
  });
  for (const { name, path } of PAGES) {
    test(`${name} (${path}) is axe clean`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('#root [data-rac]').first()).toBeAttached();
      expect(await page.evaluate(() => document.getElementById('ssr-data') !== null)).toBe(true);
      await expectNoSeriousA11yViolations(page, `on ${path} before hydration`);
    });
  }
});

test('axe finds nothing serious on the hydrated schedule', async ({ page }) => {
  await page.goto('/schedule');
  await hydrated(page);
  await expectNoSeriousA11yViolations(page, 'on /schedule after hydration');
  await screenshot(page, 'ssr-schedule');
});
