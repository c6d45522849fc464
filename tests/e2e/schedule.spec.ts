import { expect, test } from '@playwright/test';
import {
  allIslandsLive,
  currentWorkshops,
  SCHOOL_NAME,
  expectOneH1,
  hydrated,
  openInApp,
  seededSeason,
} from './fixtures.js';

// The course schedule (/schedule and /scheduling), its calendar, filters and details dialog.

test.describe('course schedule', () => {
  // A visitor in Tokyo still sees the school's own dates and times (America/Chicago).
  test.use({ timezoneId: 'Asia/Tokyo' });
  // "Today" is just before the seeded season, so the calendar opens on the first seeded workshop's month.
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime((await seededSeason(page)).before);
  });

  for (const path of ['/schedule', '/scheduling']) {
    test(`${path}: heading, intro, two-month calendar, tabs and all workshops`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(`Course Schedule | ${SCHOOL_NAME}`);
      await expectOneH1(page, 'Course Schedule');
      await allIslandsLive(page);
      await expect(
        page.getByText(
          "Browse our upcoming workshops and classes. Select a date to see what's available or filter by category.",
        ),
      ).toBeVisible();
      const season = await seededSeason(page);
      // Upcoming only: what has begun is on /events. Specs running beside this one add workshops of
      // their own at any moment, so the count is checked against the cards shown, and the seed's
      // upcoming workshops must all be among them.
      const upcoming = season.all.filter((w) => Date.parse(w.date) > Date.now());
      const seeded = upcoming.filter((w) => /^([1-9]|10)$/.test(w.id));
      expect(seeded).toHaveLength(10);
      const shown = await page.locator('.workshop-card').count();
      expect(shown).toBeGreaterThanOrEqual(seeded.length);
      await expect(page.getByText(`${shown} workshops found`)).toBeVisible();
      for (const w of seeded) await expect(page.locator(`#workshop-${w.id}-title`)).toHaveText(w.title);
      await expect(page.getByRole('link', { name: 'Past and upcoming events' })).toHaveAttribute('href', '/events');
      await expect(page.locator('.calendar__grid')).toHaveCount(2);
      // The calendar opens on the month of the soonest workshop the page shows (read from its cards:
      // a workshop another spec adds after the page was rendered is not on it).
      const onPage = (await page
        .locator('.workshop-card time')
        .evaluateAll((els) => els.map((el) => el.getAttribute('datetime')!))) as string[];
      const first = Math.min(...onPage.map((date) => Date.parse(date)));
      const [y, m] = season.dayKeyOfInstant(first).split('-').map(Number) as [number, number];
      await expect(page.locator('.calendar__caption')).toHaveText([
        season.monthOf(first),
        season.monthOf(Date.UTC(y, m, 15, 12)),
      ]);
      // Days with an upcoming session carry a dot (the seed's first month: the two tea parties and the
      // four days of a camp). A card another spec added has no sessions in the season read: its date.
      const month = season.dayKeyOfInstant(first).slice(0, 7);
      const shownIds = await page
        .locator('.workshop-card h3')
        .evaluateAll((els) => els.map((el) => el.id.replace(/^workshop-(.*)-title$/, '$1')));
      const starts = shownIds.flatMap((id, i) => {
        const known = season.all.find((w) => w.id === id);
        return known ? known.sessions.map((s) => s.startsAt) : [onPage[i]!];
      });
      const dotted = [...new Set(starts.map((date) => season.dayKeyOfInstant(date)).filter((d) => d.startsWith(month)))]
        .sort()
        .map((d) => String(Number(d.slice(8))));
      const firstMonth = page.locator('.calendar__month').first();
      await expect(firstMonth.locator('.calendar__cell:has(.calendar__dot)')).toHaveText(dotted);
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

  test('the calendar marks only the days of the category chosen, and opens on its first month', async ({ page }) => {
    const season = await seededSeason(page);
    const workshops = await currentWorkshops(page);
    /** The days marked in the two months shown, as "2027-06-05". */
    const dotted = async () => {
      const out: string[] = [];
      for (const month of await page.locator('.calendar__month').all()) {
        const caption = (await month.locator('.calendar__caption').textContent())!;
        const yearMonth = season.dayKeyOfInstant(Date.parse(`1 ${caption} 12:00 UTC`)).slice(0, 7);
        for (const day of await month.locator('.calendar__cell:has(.calendar__dot)').allTextContents())
          out.push(`${yearMonth}-${day.trim().padStart(2, '0')}`);
      }
      return out.sort();
    };
    /** The session days of the cards shown, in the months the calendar shows. */
    const shownDays = async () => {
      const ids = await page
        .locator('.workshop-card h3')
        .evaluateAll((els) => els.map((el) => el.id.replace(/^workshop-(.*)-title$/, '$1')));
      const captions = await page.locator('.calendar__caption').allTextContents();
      const months = captions.map((c) => season.dayKeyOfInstant(Date.parse(`1 ${c} 12:00 UTC`)).slice(0, 7));
      const days = workshops
        .filter((w) => ids.includes(w.id))
        .flatMap((w) => w.sessions.map((s) => season.dayKeyOfInstant(s.startsAt)));
      return {
        first: [...days].sort()[0]!,
        inView: [...new Set(days.filter((d) => months.includes(d.slice(0, 7))))].sort(),
      };
    };

    await page.goto('/schedule?category=tea-party');
    await allIslandsLive(page);
    const teaParties = await shownDays();
    expect(teaParties.inView.length).toBeGreaterThan(0);
    expect(await dotted()).toEqual(teaParties.inView);
    await expect(page.locator('.calendar__caption').first()).toHaveText(
      season.monthOf(`${teaParties.first}T12:00:00Z`),
    );

    // Chosen on the page: the marks follow, and the calendar opens on the teens' first month.
    await page.getByRole('tab', { name: 'Teens' }).click();
    await expect(page.getByText('Category: Teen')).toBeVisible();
    const teens = await shownDays();
    await expect(page.locator('.calendar__caption').first()).toHaveText(season.monthOf(`${teens.first}T12:00:00Z`));
    expect(await dotted()).toEqual((await shownDays()).inView);
    expect(teens.inView.length).toBeGreaterThan(0);
  });

  test('Dining gives the empty state and Clear all filters resets', async ({ page }) => {
    await page.goto('/schedule');
    await allIslandsLive(page);
    const season = await seededSeason(page);
    // The seed has no dining workshop (the teens' courses came with issue 25).
    expect(season.all.filter((w) => w.category === 'dining' && Date.parse(w.date) > Date.now())).toHaveLength(0);
    const all = await page.locator('.workshop-card').count();
    await expect(page.getByText(`${all} workshops found`)).toBeVisible();
    await page.getByRole('tab', { name: 'Dining' }).click();
    await expect(page.getByText('Category: Dining')).toBeVisible();
    await expect(page.getByText('0 workshops found')).toBeVisible();
    await expect(page.getByText('No workshops found for the selected filters.')).toBeVisible();
    await page.getByRole('link', { name: 'Clear all filters' }).click();
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(`${all} workshops found`)).toBeVisible();
    await expect(page.getByText(/^Category:/)).toHaveCount(0);
  });

  test("selecting the first tea party's day shows the Princess Tea Party, in Chicago time", async ({ page }) => {
    const season = await seededSeason(page);
    const day = season.longDateOf('4'); // e.g. "Saturday, June 5, 2027"
    await page.goto('/schedule');
    // The calendar opens on the first upcoming workshop's month: another spec's may come sooner.
    const dayButton = page.locator('.calendar').getByRole('button', { name: new RegExp(day.replace(/^\w+, /, '')) });
    const firstCaption = page.locator('.calendar__caption').first();
    for (let i = 0; i < 12 && !(await dayButton.isVisible()); i++) {
      const shown = (await firstCaption.textContent()) ?? '';
      await page.locator('.calendar button[slot="next"]').click();
      await expect(firstCaption).not.toHaveText(shown);
    }
    await dayButton.click();
    await expect(page.getByText(`Date: ${day}`, { exact: true })).toBeVisible();
    await expect(page.getByText('1 workshops found')).toBeVisible();
    const card = page.locator('.workshop-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading')).toHaveText('Princess Tea Party');
    await expect(card).toContainText(day);
    expect(day).toMatch(/^Saturday, /); // the seed keeps the specification's weekday
    await expect(card).toContainText('12:30 PM');
    await expect(card).toContainText('$75');
    await expect(card.getByRole('link', { name: /Enroll Now/ })).toHaveAttribute('href', '/enroll/4');
    const teaParty = (await currentWorkshops(page)).find((w) => w.id === '4');
    expect(teaParty).toBeDefined();
    const spots = teaParty!.spotsLeft;
    await expect(card.locator('.badge')).toHaveText(
      spots === 0 ? 'Fully booked' : `${spots} ${spots === 1 ? 'spot' : 'spots'} left`,
    );
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
    // Every upcoming tea party again (the seed's two, and any another spec has added meanwhile).
    const teaParties = page.locator('.workshop-card');
    const seededTeaParties = season.all.filter(
      (w) => /^([1-9]|10)$/.test(w.id) && w.category === 'tea-party' && Date.parse(w.date) > Date.now(),
    );
    expect(await teaParties.count()).toBeGreaterThanOrEqual(seededTeaParties.length);
    await expect(page.getByText(`${await teaParties.count()} workshops found`)).toBeVisible();
  });

  test('a low spots count shows a red badge', async ({ page }) => {
    // Served through the route so the real data stays untouched for the other specs.
    await page.route('**/api/workshops', async (route) => {
      const list = (await (await route.fetch()).json()) as Array<{ id: string; spotsLeft: number }>;
      await route.fulfill({ json: list.map((w) => (w.id === '4' ? { ...w, spotsLeft: 3 } : w)) });
    });
    // Opened inside the app, so the schedule reads the API in the browser (see openInApp).
    await openInApp(page, `/schedule?date=${(await seededSeason(page)).dayKeyOf('4')}`);
    await expect(page.locator('.workshop-card .badge')).toHaveText('3 spots left');
    await expect(page.locator('.workshop-card .badge')).toHaveClass(/badge--danger/);
  });

  test('the details dialog opens and closes by keyboard', async ({ page }) => {
    const season = await seededSeason(page);
    await page.goto(`/schedule?date=${season.dayKeyOf('6')}`);
    await allIslandsLive(page);
    const view = page.getByRole('button', { name: /View Details for Etiquette After Dark - Dinner/ });
    await view.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Etiquette After Dark - Dinner' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Event Details' })).toBeVisible();
    await expect(dialog).toContainText(season.longDateOf('6'));
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
    await page.goto(`/schedule?date=${(await seededSeason(page)).dayKeyOf('4')}`);
    await hydrated(page);
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
