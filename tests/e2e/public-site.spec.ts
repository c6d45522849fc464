import { expect, test, type Page } from '@playwright/test';
import {
  BEFORE_SEASON,
  PUBLIC_PAGES,
  currentWorkshops,
  SCHOOL_FULL_NAME,
  SCHOOL_NAME,
  SCREENSHOT_WIDTHS,
  expectOneH1,
  screenshot,
  toasts,
} from './fixtures.js';

const dot = (page: Page, n: number) => page.getByRole('button', { name: new RegExp(`^Slide ${n}:`) });
const currentDot = (page: Page) => page.locator('.hero__dots [aria-current="true"]');

async function currentSlide(page: Page): Promise<number> {
  const label = (await currentDot(page).getAttribute('aria-label')) ?? '';
  return Number(/^Slide (\d)/.exec(label)?.[1]);
}

test.describe('site chrome', () => {
  test('skip link, banner, navigation, footer and the header shadow', async ({ page }) => {
    await page.goto('/');
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
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

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
    await expect(currentDot(page)).toHaveAttribute('aria-label', /^Slide 1:/);
    await page.clock.runFor(15000);
    await expect(currentDot(page)).toHaveAttribute('aria-label', /^Slide 1:/);
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await context.close();
  });
});

test.describe('about', () => {
  test('biography, credentials, vision, testimonials and the consultation anchor', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle(`About | ${SCHOOL_NAME}`);
    await expectOneH1(page, `About ${SCHOOL_NAME}`);
    const main = page.getByRole('main');
    for (const heading of ['Certifications', 'Education', 'A More Gracious Community', 'Preparing People for the Workplace']) {
      await expect(main.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(main.locator('.testimonials > li')).toHaveCount(4);

    await page.goto('/about#consultation');
    const section = page.locator('#consultation');
    await expect(section.getByRole('heading', { name: 'Request a Consultation' })).toBeInViewport();
    await expect(section.getByRole('link', { name: 'hello@greatlakesetiquette.com' })).toBeVisible();
    await expect(section.getByRole('link', { name: '(972) 555-0142' })).toHaveAttribute('href', 'tel:+19725550142');
  });

  test('consultation form: missing fields, server rejection, success and another request', async ({ page }) => {
    await page.goto('/about#consultation');
    const form = page.locator('#consultation form');
    const submit = form.getByRole('button', { name: 'Request Consultation' });
    await expect(form.getByRole('textbox', { name: 'Preferred Date and Time' })).toHaveAttribute(
      'placeholder',
      'e.g., May 25, 2025 at 2:00pm',
    );
    await expect(form.getByRole('textbox', { name: 'What would you like to discuss?' })).toHaveAttribute('rows', '5');

    let posted = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/consultation') && req.method() === 'POST') posted += 1;
    });
    await submit.click();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toContainText('Missing information');
    await expect(toasts(page)).toContainText('Please fill out all required fields.');
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(0);

    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Avery Lane');
    await form.getByRole('textbox', { name: 'Company / Organization' }).fill('Lane & Co.');
    await form.getByRole('textbox', { name: 'Email' }).fill('avery@example.com');
    await form.getByRole('textbox', { name: 'Phone' }).fill('972-555-0100');
    await form.getByRole('textbox', { name: 'Preferred Date and Time' }).fill('June 3 at 10am');
    await form.getByRole('textbox', { name: 'What would you like to discuss?' }).fill('Training for 12 new managers.');

    // A refusal shows the server's words and keeps what was typed.
    await page.route('**/api/consultation', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'We are briefly offline.' }) }),
    );
    await submit.click();
    await expect(toasts(page).filter({ hasText: 'Error' })).toContainText('We are briefly offline.');
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Avery Lane');
    await expect(submit).toBeEnabled();
    await page.unroute('**/api/consultation');

    await submit.click();
    await expect(toasts(page)).toContainText('Request Sent');
    await expect(toasts(page)).toContainText('Your consultation request has been submitted successfully.');
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await expect(page.locator('#consultation')).toContainText('contact you shortly to confirm');
    await page.getByRole('button', { name: 'Request Another Consultation' }).click();
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
  });
});

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
    await expect(manners.getByRole('link', { name: /View Program Details/ })).toHaveAttribute('href', '/program/manners-and-me');
    await expect(manners.getByRole('link', { name: /Enroll Now/ })).toHaveAttribute('href', '/schedule');

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

test.describe('program detail', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a program by slug: rating, price, pills, features, location, share and copy', async ({ page }) => {
    await page.goto('/programs');
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
    await expect(main.getByRole('link', { name: 'Enroll Now' })).toHaveAttribute('href', '/scheduling');

    const share = main.getByRole('complementary', { name: 'Share This Program' });
    await expect(share.getByRole('link', { name: /Share on Facebook/ })).toHaveAttribute('target', '_blank');
    await expect(share.getByRole('link', { name: /Share on Twitter/ })).toHaveAttribute('target', '_blank');
    await expect(share.getByRole('link', { name: /Share on LinkedIn/ })).toHaveAttribute('href', /linkedin\.com/);
    await expect(share.getByRole('link', { name: /Share by Email/ })).toHaveAttribute('href', /^mailto:\?subject=/);
    const box = share.getByRole('textbox', { name: 'Direct link' });
    await expect(box).toHaveAttribute('readonly', '');
    await expect(box).toHaveValue(/\/program\/etiquette-for-tweens-teens$/);
    await box.click();
    expect(await box.evaluate((el: HTMLInputElement) => el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0))).toMatch(
      /\/program\/etiquette-for-tweens-teens$/,
    );
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
    await expect(mail).toHaveAttribute('href', /^mailto:hello@greatlakesetiquette\.com\?subject=Private%20Etiquette%20Lessons/);
  });

  test('an unknown slug shows Program Not Found', async ({ page }) => {
    await page.goto('/program/no-such-program');
    await expectOneH1(page, 'Program Not Found');
    await expect(page).toHaveTitle(`Program Details | ${SCHOOL_NAME}`);
    await expect(page.getByText("The program you're looking for doesn't exist or has been removed.")).toBeVisible();
    await page.getByRole('link', { name: 'Return to Programs' }).click();
    await expect(page).toHaveURL(/\/programs$/);
  });
});

test.describe('course schedule', () => {
  // A visitor in Tokyo still sees the school's own dates and times (America/Chicago).
  test.use({ timezoneId: 'Asia/Tokyo' });
  // "Today" is just before the season, so the calendar opens on the first upcoming workshop: June 2025.
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(BEFORE_SEASON);
  });

  for (const path of ['/schedule', '/scheduling']) {
    test(`${path}: heading, intro, two-month calendar, tabs and all workshops`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(`Course Schedule | ${SCHOOL_NAME}`);
      await expectOneH1(page, 'Course Schedule');
      await expect(
        page.getByText("Browse our upcoming workshops and classes. Select a date to see what's available or filter by category."),
      ).toBeVisible();
      const all = await currentWorkshops(page);
      expect(all.length).toBeGreaterThanOrEqual(10);
      await expect(page.getByText(`${all.length} workshops found`)).toBeVisible();
      await expect(page.locator('.workshop-card')).toHaveCount(all.length);
      await expect(page.locator('.calendar__grid')).toHaveCount(2);
      await expect(page.locator('.calendar__caption')).toHaveText(['June 2025', 'July 2025']);
      // Days with a workshop carry a dot: June 7, 23 and 28 in the seed.
      const june = page.locator('.calendar__month').first();
      await expect(june.locator('.calendar__cell:has(.calendar__dot)')).toHaveText(['7', '23', '28']);
      await expect(page.getByRole('tab')).toHaveText([
        'All',
        'Children',
        'Teens',
        'Adults',
        'Business',
        'Dining',
        'Summer Camp',
        'Princess Tea',
      ]);
      await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('button', { name: 'Clear Date Selection' })).toBeDisabled();
    });
  }

  test('Teens gives the empty state and Clear all filters resets', async ({ page }) => {
    await page.goto('/schedule');
    const all = await currentWorkshops(page);
    expect(all.filter((w) => w.category === 'teen')).toHaveLength(0);
    await expect(page.getByText(`${all.length} workshops found`)).toBeVisible();
    await page.getByRole('tab', { name: 'Teens' }).click();
    await expect(page.getByText('Category: Teen')).toBeVisible();
    await expect(page.getByText('0 workshops found')).toBeVisible();
    await expect(page.getByText('No workshops found for the selected filters.')).toBeVisible();
    await page.getByRole('link', { name: 'Clear all filters' }).click();
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(`${all.length} workshops found`)).toBeVisible();
    await expect(page.getByText(/^Category:/)).toHaveCount(0);
  });

  test('selecting June 7, 2025 shows the Princess Tea Party, in Chicago time', async ({ page }) => {
    await page.goto('/schedule');
    await page.locator('.calendar').getByRole('button', { name: /June 7, 2025/ }).click();
    await expect(page.getByText('Date: Saturday, June 7, 2025', { exact: true })).toBeVisible();
    await expect(page.getByText('1 workshops found')).toBeVisible();
    const card = page.locator('.workshop-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading')).toHaveText('Princess Tea Party');
    await expect(card).toContainText('Saturday, June 7, 2025');
    await expect(card).toContainText('12:30 PM');
    await expect(card).toContainText('$75');
    await expect(card.getByRole('link', { name: /Enroll Now/ })).toHaveAttribute('href', '/enroll/4');
    const teaParty = (await currentWorkshops(page)).find((w) => w.id === '4');
    expect(teaParty).toBeDefined();
    const spots = teaParty!.spotsLeft;
    await expect(card.locator('.badge')).toHaveText(spots === 0 ? 'Fully booked' : `${spots} ${spots === 1 ? 'spot' : 'spots'} left`);
    await expect(card.locator('.badge')).toHaveClass(spots <= 3 ? /badge--danger/ : /badge--success/);

    // Category and date combine; clearing the date keeps the category.
    await page.getByRole('tab', { name: 'Princess Tea' }).click();
    await expect(page.getByText('Category: Tea-party')).toBeVisible();
    await expect(page.getByText('1 workshops found')).toBeVisible();
    const clear = page.getByRole('button', { name: 'Clear Date Selection' });
    await expect(clear).toBeEnabled();
    await clear.click();
    await expect(clear).toBeDisabled();
    await expect(page.getByText(/^Date:/)).toHaveCount(0);
    const teaParties = (await currentWorkshops(page)).filter((w) => w.category === 'tea-party').length;
    await expect(page.getByText(`${teaParties} workshops found`)).toBeVisible();
  });

  test('a low spots count shows a red badge', async ({ page }) => {
    // Served through the route so the real data stays untouched for the other specs.
    await page.route('**/api/workshops', async (route) => {
      const list = (await (await route.fetch()).json()) as Array<{ id: string; spotsLeft: number }>;
      await route.fulfill({ json: list.map((w) => (w.id === '4' ? { ...w, spotsLeft: 3 } : w)) });
    });
    await page.goto('/schedule?date=2025-06-07');
    await expect(page.locator('.workshop-card .badge')).toHaveText('3 spots left');
    await expect(page.locator('.workshop-card .badge')).toHaveClass(/badge--danger/);
  });

  test('the details dialog opens and closes by keyboard', async ({ page }) => {
    await page.goto('/schedule?date=2025-07-19');
    const view = page.getByRole('button', { name: /View Details for Etiquette After Dark - Dinner/ });
    await view.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Etiquette After Dark - Dinner' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Event Details' })).toBeVisible();
    await expect(dialog).toContainText('Saturday, July 19, 2025');
    await expect(dialog).toContainText('7:00 PM');
    await expect(dialog).toContainText('Single: $150 / Couple: $250');
    await expect(dialog.locator('.badge')).toContainText(/spots? left|Fully booked/);
    await expect(dialog.getByRole('link', { name: 'Enroll Now' })).toHaveAttribute('href', '/enroll/6');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(view).toBeFocused();

    // Reopen, Tab to the Close button and press it.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    const close = dialog.getByRole('button', { name: 'Close', exact: true });
    for (let i = 0; i < 10 && !(await close.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(close).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
  });

  test('long descriptions keep their line breaks and additional info is listed', async ({ page }) => {
    await page.goto('/schedule?date=2025-06-07');
    await page.getByRole('button', { name: /View Details for Princess Tea Party/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Princess Tea Party' });
    const long = dialog.locator('.workshop-dialog__long');
    await expect(long).toHaveCSS('white-space', 'pre-line');
    expect(await long.evaluate((el) => el.textContent ?? '')).toContain('\n');
    await expect(dialog.getByRole('heading', { name: 'Additional Information' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('contact', () => {
  test('page content: consultation card, address, hours, FAQs and closing links', async ({ page }) => {
    await page.goto('/contact');
    await expect(page).toHaveTitle(`Contact Us | ${SCHOOL_NAME}`);
    await expectOneH1(page, 'Contact Us');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Request a Consultation' })).toHaveAttribute('href', '/about#consultation');
    await expect(main).toContainText('Legacy Commons Shopping Centre');
    await expect(main).toContainText('Plano, TX 75024');
    await expect(main.getByRole('link', { name: 'hello@greatlakesetiquette.com' })).toHaveAttribute(
      'href',
      'mailto:hello@greatlakesetiquette.com',
    );
    await expect(main).toContainText('9AM-5PM');
    await expect(main).toContainText('9AM-1PM');
    await expect(main.locator('.faq')).toHaveCount(3);
    await expect(main.getByRole('link', { name: 'Explore Programs' })).toHaveAttribute('href', '/programs');
    await expect(main.getByRole('link', { name: 'Enroll Now' })).toHaveAttribute('href', '/enroll/1');
  });

  test('contact form: missing fields toast, email check, rejection, success and another message', async ({ page }) => {
    await page.goto('/contact');
    const form = page.locator('form');
    const name = form.getByRole('textbox', { name: 'Full Name' });
    const email = form.getByRole('textbox', { name: 'Email' });
    const message = form.getByRole('textbox', { name: 'Message' });
    const submit = form.getByRole('button', { name: 'Send Message' });
    await expect(email).toHaveAttribute('type', 'email');
    await expect(form.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('type', 'tel');

    await submit.click();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toContainText('Missing information');
    await expect(toasts(page)).toContainText('Please fill out all required fields.');
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Please enter your name.');

    // A second toast replaces the first: never more than one on screen.
    await submit.click();
    await expect(toasts(page)).toHaveCount(1);

    // The browser's own e-mail check still applies.
    await name.fill('Jordan Price');
    await email.fill('not-an-email');
    await message.fill('Do you offer a class for a scout troop?');
    await submit.click();
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toHaveCount(0);

    await email.fill('jordan@example.com');
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: 'Please wait a minute before sending again.' }) }),
    );
    await submit.click();
    await expect(toasts(page).filter({ hasText: 'Error' })).toContainText('Please wait a minute before sending again.');
    await expect(name).toHaveValue('Jordan Price');
    await expect(message).toHaveValue('Do you offer a class for a scout troop?');
    await page.unroute('**/api/contact');

    await submit.click();
    await expect(toasts(page)).toContainText('Message Sent');
    await expect(toasts(page)).toContainText('Your message has been submitted successfully.');
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await page.getByRole('button', { name: 'Send Another Message' }).click();
    await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Full Name' })).toBeFocused();
  });

  test('toasts close by themselves after 5 seconds and F8 focuses them', async ({ page }) => {
    await page.clock.install({ time: new Date('2025-05-01T09:00:00-05:00') });
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(toasts(page)).toHaveCount(1);
    await page.keyboard.press('F8');
    await expect(toasts(page)).toBeFocused();
    await page.getByRole('textbox', { name: 'Message' }).focus();
    await page.mouse.move(5, 5);
    await page.clock.runFor(5100);
    await expect(toasts(page)).toHaveCount(0);
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

test.describe('screenshots', () => {
  for (const width of SCREENSHOT_WIDTHS) {
    test(`every page at ${width}px`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await page.clock.setFixedTime(BEFORE_SEASON);
      for (const { name, path } of PUBLIC_PAGES) {
        await page.goto(path);
        await expect(page.locator('h1')).toHaveCount(1);
        await screenshot(page, name);
      }
      await page.goto('/schedule?date=2025-06-07');
      await page.getByRole('button', { name: /View Details for Princess Tea Party/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: `screenshots/schedule-dialog-${width}.png` });
      await page.keyboard.press('Escape');
      await page.goto('/contact');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(toasts(page)).toHaveCount(1);
      await page.screenshot({ path: `screenshots/contact-errors-${width}.png`, fullPage: false });
    });
  }
});
