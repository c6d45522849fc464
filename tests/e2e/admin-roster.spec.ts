import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ADMIN_SIGNED_IN,
  E2E_ADMIN_KEY,
  SCREENSHOTS,
  SCREENSHOT_WIDTHS,
  expectNoSeriousA11yViolations,
  schoolWallClock,
  screenshot,
} from './fixtures.js';

const admin = { 'Admin-Key': E2E_ADMIN_KEY };
const DAY = 86_400_000;

/**
 * A free children's class made for this spec so no other spec's seats move: today, starting in a few
 * minutes (attendance is taken from the session's day), or `daysAhead` days ahead at 10 AM. (Run in
 * the last minutes before midnight in Plano, "today" would be tomorrow's.)
 */
async function childrensClass(
  request: APIRequestContext,
  title: string,
  capacity = 20,
  daysAhead = 0,
): Promise<string> {
  const start = daysAhead
    ? `${new Date(Date.now() + daysAhead * DAY).toISOString().slice(0, 10)}T10:00`
    : schoolWallClock(new Date(Date.now() + 5 * 60_000));
  const end = daysAhead
    ? '11:30'
    : start.slice(11) < '23:00'
      ? `${String(Number(start.slice(11, 13)) + 1).padStart(2, '0')}${start.slice(13)}`
      : '23:59';
  const res = await request.post('/api/admin/workshops', {
    headers: admin,
    data: {
      title,
      description: 'Table manners for young children.',
      category: 'children',
      date: start,
      endTime: end,
      location: 'Legacy Commons, Plano',
      instructor: 'Margaret Ellison',
      price: 0,
      capacity,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const child = (name: string, age: number, o: Record<string, unknown> = {}) => ({
  name,
  age,
  grade: `Grade ${age - 5}`,
  school: 'Hedgcoxe Elementary',
  ...o,
});

/** A parent enrolls these children (free: confirmed at once). */
async function enroll(request: APIRequestContext, workshopId: string, last: string, children: object[]) {
  const res = await request.post(`/api/enroll/workshop/${workshopId}`, {
    data: {
      firstName: 'Eleanor',
      lastName: last,
      email: `${last.toLowerCase()}.${Date.now()}@example.com`,
      phone: '9725550100',
      participants: children.length,
      participantDetails: children,
      emergencyContact1Name: `James ${last}`,
      emergencyContact1Phone: '9725550101',
      emergencyContact1Relationship: 'Father',
      emergencyContact2Name: 'Ruth Porter',
      emergencyContact2Phone: '9725550102',
      emergencyContact2Relationship: 'Grandmother',
      agreeToTerms: true,
      agreeToCodeOfConduct: true,
      totalPrice: 0,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { enrollmentId: string }).enrollmentId;
}

/** The dashboard of an administrator who signed in before (ADMIN_SIGNED_IN: the key kept). */
async function openDashboard(page: Page) {
  await page.goto('/admin');
  // The gate checks the stored key with the server first; slow on a busy machine.
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible({ timeout: 20_000 });
}

test.describe('workshop roster', () => {
  test.use(ADMIN_SIGNED_IN);

  test('opened from Workshops, flags allergies and photo opt-outs, marks attendance by keyboard, downloads the CSV, axe clean', async ({
    page,
    request,
  }) => {
    test.slow(); // two families enrolled, attendance saved, a download and axe
    const title = `Little Ladies & Gentlemen ${Date.now()}`;
    const workshopId = await childrensClass(request, title);
    const smiths = await enroll(request, workshopId, 'Smith', [
      child('Ava Smith', 8, { hasDietaryRestrictions: true, dietaryRestrictions: 'Peanut allergy: EpiPen in her bag' }),
      child('Ben Smith', 10, { photographyOptOut: true }),
    ]);
    await enroll(request, workshopId, 'Jones', [
      child('Cora Jones', 9, { photographyConsent: true, allowNameWithPhoto: true }),
    ]);

    await openDashboard(page);
    await page.getByRole('tab', { name: 'Workshops' }).click();
    await page.getByRole('link', { name: new RegExp(`^Roster of ${title}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/workshops/${workshopId}/roster$`));
    await expect(page.getByRole('heading', { level: 1, name: `Roster: ${title}` })).toBeVisible();

    const table = page.getByRole('grid', { name: `Roster of ${title}` });
    await expect(table.getByRole('row')).toHaveCount(4); // header + 3 children, by name
    const ava = table.getByRole('row', { name: /Ava Smith/ });
    await expect(ava).toContainText('Allergy / diet');
    await expect(ava).toContainText('Peanut allergy: EpiPen in her bag');
    await expect(table.getByRole('row', { name: /Ben Smith/ })).toContainText('No photos');
    await expect(table.getByRole('row', { name: /Cora Jones/ })).toContainText('Photos + first name');
    await expect(page.getByRole('list', { name: 'Roster summary' })).toContainText('1 with allergies or dietary needs');

    // Keyboard only: Tab from the back link into the table, arrow to Ava's box, Space; Down to Ben's, Space.
    await page.getByRole('link', { name: '← All workshops' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight');
    const avaBox = page.getByRole('checkbox', { name: 'Present: Ava Smith' });
    await expect(avaBox).toBeFocused();
    await page.keyboard.press('Space');
    await expect(avaBox).toBeChecked();
    await page.keyboard.press('ArrowDown');
    const benBox = page.getByRole('checkbox', { name: 'Present: Ben Smith' });
    await expect(benBox).toBeFocused();
    await page.keyboard.press('Space');
    await expect(benBox).toBeChecked();
    await page.keyboard.press('Space');
    await expect(benBox).not.toBeChecked();
    await expect(table.getByRole('row', { name: /Ben Smith/ })).toContainText('absent');

    // Saved: a fresh load shows it, and the history says who did it.
    await expect
      .poll(async () => {
        const res = await request.get(`/api/admin/workshops/${workshopId}/roster`, { headers: admin });
        const rows = ((await res.json()) as { rows: { name: string; present: boolean | null }[] }).rows;
        return rows.map((r) => `${r.name}:${r.present}`);
      })
      .toEqual(['Ava Smith:true', 'Ben Smith:false', 'Cora Jones:null']);
    const history = await request.get(`/api/admin/enrollments/${smiths}/history`, { headers: admin });
    const summaries = ((await history.json()) as { events: { summary: string; by?: string }[] }).events;
    expect(summaries.filter((e) => e.summary.startsWith('Marked'))).toEqual([
      expect.objectContaining({ summary: 'Marked Ava Smith present.', by: 'Owner' }),
      expect.objectContaining({ summary: 'Marked Ben Smith present.', by: 'Owner' }),
      expect.objectContaining({ summary: 'Marked Ben Smith absent.', by: 'Owner' }),
    ]);

    // A mis-tap taken back, by keyboard: Ben is not marked again, and focus is back on his box.
    const undoBen = page.getByRole('button', { name: 'Undo Ben Smith’s mark' });
    await undoBen.focus();
    await page.keyboard.press('Enter');
    await expect(table.getByRole('row', { name: /Ben Smith/ })).toContainText('not marked');
    await expect(benBox).toBeFocused();
    await expect(undoBen).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Present: Ava Smith' })).toBeChecked();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^roster-${workshopId}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('Ava Smith,8,Grade 3,Hedgcoxe Elementary,Peanut allergy: EpiPen in her bag');

    await expectNoSeriousA11yViolations(page, 'on the roster');
    // At 1280 px the whole roster fits: nothing scrolls sideways.
    expect(page.viewportSize()!.width).toBe(1280);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await screenshot(page, 'admin-roster', { widths: SCREENSHOT_WIDTHS, height: 800 });
  });

  test('a class weeks ahead: its boxes and pick-up buttons wait for its day, and the roster says from when', async ({
    page,
    request,
  }) => {
    const title = `Manners Next Month ${Date.now()}`;
    const workshopId = await childrensClass(request, title, 10, 30);
    await enroll(request, workshopId, 'Early', [child('Dora Early', 8)]);
    await page.goto(`/admin/workshops/${workshopId}/roster`);
    await expect(page.getByRole('note')).toContainText('Attendance and pick-up are recorded from');
    await expect(page.getByRole('checkbox', { name: 'Present: Dora Early' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Dora Early collected by someone else' })).toBeDisabled();
    // The server says the same to whatever asks.
    const asked = await request.post(`/api/admin/workshops/${workshopId}/attendance`, {
      headers: admin,
      data: {
        enrollmentId: (
          (await (await request.get(`/api/admin/workshops/${workshopId}/roster`, { headers: admin })).json()) as {
            rows: { enrollmentId: string }[];
          }
        ).rows[0]!.enrollmentId,
        participant: 0,
        present: true,
      },
    });
    expect(asked.status()).toBe(409);
    await expectNoSeriousA11yViolations(page, 'on a roster weeks ahead');
    await screenshot(page, 'admin-roster-weeks-ahead', { fullPage: false });
  });

  test('a full 25-seat class prints as one Letter page: the sign-in sheet only, looked at as a PNG', async ({
    page,
    request,
  }) => {
    test.slow(); // 25 children and a PDF
    const title = `Full Class ${Date.now()}`;
    const workshopId = await childrensClass(request, title, 25);
    await enroll(request, workshopId, 'Smith', [
      child('Ava Smith', 8, { hasDietaryRestrictions: true, dietaryRestrictions: 'Peanut allergy: EpiPen in her bag' }),
      child('Ben Smith', 10, { photographyOptOut: true }),
    ]);
    await enroll(request, workshopId, 'Jones', [
      child('Cora Jones', 9, { photographyConsent: true, allowNameWithPhoto: true }),
    ]);
    const families = ['Adams', 'Baker', 'Clark', 'Davis', 'Evans', 'Foster'];
    for (const [f, family] of families.entries()) {
      const size = f < 4 ? 4 : 3;
      await enroll(
        request,
        workshopId,
        family,
        Array.from({ length: size }, (_, i) =>
          child(`${['Kit', 'Max', 'Noa', 'Pip'][i]} ${family}`, 6 + i, {
            photographyConsent: i % 2 === 0,
            hasDietaryRestrictions: i === 1,
            dietaryRestrictions: i === 1 ? 'Gluten-free' : '',
          }),
        ),
      );
    }
    await page.goto(`/admin/workshops/${workshopId}/roster`);
    await expect(page.getByRole('grid', { name: `Roster of ${title}` }).getByRole('row')).toHaveCount(26, {
      timeout: 20_000,
    });

    // Printed: only the sign-in sheet, on one Letter page, rendered to PNG to be looked at.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.sign-in-sheet')).toBeVisible();
    await expect(page.locator('.admin-bar')).toBeHidden();
    await expect(page.locator('.site-header')).toBeHidden();
    await expect(page.locator('.roster-screen')).toBeHidden();
    const sheet = page.locator('.sign-in-sheet');
    await expect(sheet).toContainText('Great Lakes School of Etiquette');
    await expect(sheet).toContainText(`Sign-in sheet: ${title}`);
    await expect(sheet.getByRole('columnheader', { name: 'Signature' })).toBeVisible();
    await expect(sheet.locator('tbody tr')).toHaveCount(25);
    await expect(sheet.locator('tbody tr').first()).toContainText('Peanut allergy');
    await expect(sheet.locator('tbody tr').nth(1)).toContainText('NO PHOTOS');
    const dir = SCREENSHOTS ? resolve('screenshots') : test.info().outputDir;
    mkdirSync(dir, { recursive: true });
    const pdf = join(dir, 'admin-roster-sign-in.pdf');
    await page.pdf({ path: pdf, format: 'Letter', preferCSSPageSize: true, printBackground: true });
    const info = execFileSync('pdfinfo', [pdf]).toString();
    expect(info).toMatch(/Pages:\s+1\b/);
    if (SCREENSHOTS) {
      execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', pdf, join(dir, 'admin-roster-sign-in')]);
    }
  });
});
