import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOT_WIDTHS, allIslandsLive, expectNoSeriousA11yViolations, hydrated, screenshot } from './fixtures.js';

// Every public page, visited once for each kind of check: hydrated without a console error or
// warning, its head adopted and its landmarks, axe clean; the server's HTML axe clean before any
// script of the site runs; readable with JavaScript off.

interface PublicPage {
  name: string;
  path: string;
  h1: string;
  shows: string;
  /** Level-2 headings the page must carry (the policies). */
  sections?: string[];
  /** The document title starts with the h1 (the policies). */
  titled?: boolean;
  /** Axe elsewhere: the same module and islands as another entry. */
  axe?: false;
  /** Looked at with JavaScript off too (SCREENSHOTS=1). */
  shotWithoutJs?: boolean;
  /** Its data comes with the page: no request to the API after hydration. */
  readsNothing?: boolean;
}

const PAGES: PublicPage[] = [
  {
    name: 'home',
    path: '/',
    h1: 'Great Lakes School of Etiquette',
    shows: 'Raising Gracious, Confident Children',
    shotWithoutJs: true,
  },
  { name: 'about', path: '/about', h1: 'About Great Lakes Etiquette', shows: 'Request a Consultation' },
  { name: 'programs', path: '/programs', h1: 'Our Programs', shows: 'Manners & Me' },
  {
    name: 'program',
    path: '/program/manners-and-me',
    h1: 'Manners & Me',
    shows: "What You'll Learn",
    shotWithoutJs: true,
  },
  { name: 'program-404', path: '/program/no-such-program', h1: 'Program Not Found', shows: 'Return to Programs' },
  { name: 'location', path: '/locations/plano', h1: 'Plano', shows: 'Upcoming classes', readsNothing: true },
  { name: 'contact', path: '/contact', h1: 'Contact Us', shows: 'Frequently Asked Questions' },
  {
    name: 'schedule',
    path: '/schedule',
    h1: 'Course Schedule',
    shows: 'Princess Tea Party',
    shotWithoutJs: true,
    readsNothing: true,
  },
  { name: 'scheduling', path: '/scheduling', h1: 'Course Schedule', shows: 'Princess Tea Party', axe: false },
  { name: 'events', path: '/events', h1: 'Events', shows: 'Princess Tea Party', shotWithoutJs: true },
  {
    name: 'terms',
    path: '/terms',
    h1: 'Enrollment Terms',
    shows: 'Contents',
    titled: true,
    sections: ['Enrollment', 'Cancellation and Refunds', 'How to Cancel', 'Moving to Another Session'],
  },
  {
    name: 'privacy',
    path: '/privacy',
    h1: 'Privacy Notice',
    shows: 'Contents',
    titled: true,
    sections: ['What We Collect', 'Why We Use It', 'How Long We Keep It', 'Asking for a Copy, a Correction or Erasure'],
  },
  {
    name: 'conduct',
    path: '/code-of-conduct',
    h1: 'Code of Conduct',
    shows: 'dismissal from the program without refund',
    sections: [
      'Respect',
      'Participation',
      'Conduct',
      'Dress Code',
      'Classroom Etiquette',
      'Consequences',
      'Parent Support',
    ],
  },
  {
    name: 'photos',
    path: '/photography-release',
    h1: 'Photography Release',
    shows: 'Contents',
    sections: [
      'Consent',
      'First Name Only',
      'Duration of Use',
      'No Compensation',
      'Withdrawing Consent',
      'Complete Opt-Out',
    ],
  },
  { name: 'not-found', path: '/no/such/page', h1: 'Page Not Found', shows: 'Return Home' },
];

const isNotFound = (name: string) => name.includes('404') || name === 'not-found';

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

test.describe('every public page', () => {
  // Two axe runs over a page, one of them over a long schedule, on a busy 2-core machine.
  test.describe.configure({ timeout: 90_000 });

  for (const { name, path, h1, shows, sections = [], titled, axe, readsNothing } of PAGES) {
    test(`${name} (${path}): hydrates with no console error or warning, one head, its landmarks, axe clean before and after hydration`, async ({
      page,
    }) => {
      const problems = collectProblems(page);
      const reads: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/')) reads.push(r.url());
      });
      const answer = await page.goto(path);
      expect(answer?.status()).toBe(isNotFound(name) ? 404 : 200);
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(h1);
      await expect(page.getByText(shows).first()).toBeVisible();
      for (const s of sections) {
        await expect(page.getByRole('heading', { level: 2, name: s, exact: true })).toBeVisible();
      }
      if (titled) {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
        await expect(page).toHaveTitle(new RegExp(`^${h1}`));
      }
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.getByRole('main')).toHaveCount(1);
      await expect(page.getByRole('banner')).toHaveCount(1);
      await expect(page.getByRole('contentinfo')).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      if (readsNothing) expect(reads).toEqual([]);
      // The server's head was adopted, not doubled, by React.
      // A Not Found render is shared by every unknown address, so it names no canonical address.
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(isNotFound(name) ? 0 : 1);
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);
      await expect(page.locator('title')).toHaveCount(1);
      if (axe === false) return;
      await expectNoSeriousA11yViolations(page, `on ${path}`);
      await screenshot(page, name, { widths: SCREENSHOT_WIDTHS });

      // The server's HTML as it arrives. axe needs JavaScript in the page, so the site's own
      // scripts are kept out instead.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(path);
      await expect(page.locator('#root [data-rac]').first()).toBeAttached();
      expect(await page.evaluate(() => document.getElementById('ssr-data') !== null)).toBe(true);
      await expectNoSeriousA11yViolations(page, `on ${path} before hydration`);
    });
  }

  test('the carousel, the schedule tabs and calendar, and a form work after hydration', async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: /^Slide 2:/ }).click();
    await expect(page.locator('.hero__slide--active')).toHaveAttribute('data-slide', '1');

    await page.goto('/schedule');
    // The tabs, the calendar and the list wake at a first touch (lazy-chunks.spec.ts).
    await allIslandsLive(page);
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
    await allIslandsLive(page);
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

  test('every public page shows its heading and content', async ({ page }) => {
    for (const { name, path, h1, shows, shotWithoutJs } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toContainText(h1);
      await expect(page.getByText(shows).first(), path).toBeVisible();
      await expect(page.getByText('needs JavaScript'), path).toHaveCount(0);
      if (shotWithoutJs) await screenshot(page, `nojs-${name}`, { widths: SCREENSHOT_WIDTHS, scroll: false });
    }
  });

  test('the schedule shows its calendar, tabs and workshop cards with dates and prices', async ({ page }) => {
    await page.goto('/schedule');
    await expect(page.getByRole('grid').first()).toBeVisible();
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    // Other specs add free workshops to the same store, so the priced card is looked for, not assumed first.
    const card = page.locator('.workshop-card', { hasText: '$' }).first();
    await expect(card.locator('time')).toHaveText(/\w+day, \w+ \d{1,2}, \d{4}/);
    await expect(card).toContainText(/\$\d+/);
  });
});
