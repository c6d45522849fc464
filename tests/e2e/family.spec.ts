import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ADMIN_SIGNED_IN,
  E2E_ADMIN_KEY,
  SCREENSHOT_WIDTHS,
  allIslandsLive,
  expectNoSeriousA11yViolations,
  outboxMessage,
  schoolWallClock,
  screenshot,
} from './fixtures.js';

/** Workshop 2: a summer camp (stricter form, signatures asked) that no other spec books. */
const CAMP = '2';

const FAMILY_DETAILS = {
  firstName: 'Eleanor',
  lastName: 'Whitfield',
  phone: '9725550100',
  emergencyContact1Name: 'James Whitfield',
  emergencyContact1Phone: '9725550101',
  emergencyContact1Relationship: 'Father',
  emergencyContact2Name: 'Ruth Porter',
  emergencyContact2Phone: '9725550102',
  emergencyContact2Relationship: 'Grandmother',
  pickupAdults: [{ name: 'Ruth Porter', relationship: 'Grandmother', phone: '9725550102' }],
};

/** The path of the newest sign-in link e-mailed to `email` (the link names the server's own host). */
async function signInPath(email: string): Promise<string> {
  const mail = await outboxMessage('sign-in-', (text) => text.includes(`To: ${email}`));
  return /\/account\/sign-in\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}/.exec(mail)![0];
}

/** axe, then a screenshot at each width; back at `width` after. */
async function lookAt(page: Page, name: string, width: number) {
  await expectNoSeriousA11yViolations(page, `on ${name}`);
  for (const w of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width: w, height: 844 });
    await screenshot(page, name);
  }
  await page.setViewportSize({ width, height: 844 });
}

/** A child added with the family page's dialog; the date of birth typed into its month, day and year. */
async function addChild(page: Page, child: { name: string; born: string; grade: string; diet?: string }) {
  await page.getByRole('button', { name: 'Add a child' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a child' });
  await dialog.getByRole('textbox', { name: 'Full name' }).fill(child.name);
  const [y, m, d] = child.born.split('-');
  await dialog.getByRole('spinbutton', { name: /month/i }).click();
  await page.keyboard.type(`${m}${d}${y}`);
  await dialog.getByRole('textbox', { name: 'Grade' }).fill(child.grade);
  await dialog.getByRole('textbox', { name: 'School' }).fill('Hedgcoxe Elementary');
  if (child.diet) {
    await dialog.getByText('Has dietary restrictions or allergies').click();
    await dialog.getByRole('textbox', { name: 'Please describe them' }).fill(child.diet);
  }
  await dialog.getByRole('button', { name: 'Add child' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 3, name: child.name })).toBeVisible();
}

test.describe('families', () => {
  test('at 390 px: sign in from the e-mailed link, add two children, enroll both in a camp with two clicks and a signature each, see the booking on the family page; axe clean', async ({
    page,
    baseURL,
  }) => {
    test.slow(); // a whole journey, with axe and screenshots on each new screen
    await page.setViewportSize({ width: 390, height: 844 });
    const email = `family.${Date.now()}@example.com`;

    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your family page' })).toBeVisible();
    await lookAt(page, 'family-sign-in', 390);
    await page.getByRole('textbox', { name: 'Your e-mail address' }).fill(email);
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await expect(page.getByRole('status')).toContainText('we have sent a link to sign in');

    // The link from the outbox: opening it signs no one in; the button does.
    await page.goto(await signInPath(email));
    await expect(page.getByRole('button', { name: 'Continue to my family page' })).toBeVisible();
    await lookAt(page, 'family-sign-in-link', 390);
    await page.getByRole('button', { name: 'Continue to my family page' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My family' })).toBeVisible();

    // The family's contacts through the API, as the page would save them (same cookie, same origin).
    const saved = await page.request.put('/api/account/household', {
      headers: { origin: baseURL! },
      data: FAMILY_DETAILS,
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'The Whitfield family' })).toBeVisible();

    await addChild(page, { name: 'Lily Whitfield', born: '2016-05-10', grade: '4th' });
    await addChild(page, { name: 'Max Whitfield', born: '2018-09-02', grade: '2nd', diet: 'Dairy allergy' });

    await page.goto(`/enroll/${CAMP}`);
    await allIslandsLive(page);
    await expect(page.getByRole('heading', { name: 'Who is coming?' })).toBeVisible();
    // Two clicks, then a signature for each child.
    await page.getByText('Lily Whitfield', { exact: true }).click();
    await page.getByText('Max Whitfield', { exact: true }).click();
    // Corrected on the spot, saved to Max's details (the button says so).
    await page.getByRole('button', { name: 'Correct Max Whitfield’s details' }).click();
    const correction = page.getByRole('group', { name: 'Correct Max Whitfield’s details' });
    await correction.getByRole('textbox', { name: 'Please describe them' }).fill('Dairy and egg allergy');
    await correction.getByRole('button', { name: 'Save to Max Whitfield’s details' }).click();
    await expect(page.getByText(/Dairy and egg allergy/)).toBeVisible();
    await page.getByRole('textbox', { name: 'Sign for Lily Whitfield: your full name' }).fill('Eleanor Whitfield');
    await page.getByRole('textbox', { name: 'Sign for Max Whitfield: your full name' }).fill('Eleanor Whitfield');
    await page.getByText('I agree to the terms and conditions of enrollment').click();
    await lookAt(page, 'family-enroll', 390);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/${CAMP}\\?`));

    await page.goto('/account');
    const bookings = page.getByRole('region', { name: 'Bookings' });
    await expect(bookings.getByRole('listitem')).toHaveCount(1);
    await expect(bookings.getByRole('listitem')).toContainText('Lily Whitfield, Max Whitfield');
    await expect(bookings.getByRole('link', { name: /Open booking/ })).toBeVisible();
    const signed = page.getByRole('region', { name: 'Signatures' });
    await expect(signed).toContainText('signed by Eleanor Whitfield');
    // The header (its menu folded at this width) says "My family" now.
    await expect(page.locator('.site-nav a[href="/account"]')).toHaveText('My family');
    await lookAt(page, 'family-page-booked', 390);

    // The family erases its own data: confirmed in a dialog, then signed out on every device.
    await page.getByRole('button', { name: 'Erase our family’s data' }).click();
    const erase = page.getByRole('dialog', { name: 'Erase our family’s data?' });
    await erase.getByRole('button', { name: 'Erase our data' }).click();
    const erased = page.getByRole('dialog', { name: 'Your family’s data is erased' });
    await expect(erased.getByRole('status')).toContainText('you are signed out on every device');
    await lookAt(page, 'family-erased', 390);
    await erased.getByRole('link', { name: 'Back to the home page' }).click();
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your family page' })).toBeVisible();
  });

  test('at 390 px: a first sign-in is welcomed, not welcomed back (nor is a used link); a date of birth reads in words; the signature starts empty for the parent to type', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const email = `first.sign-in.${Date.now()}@example.com`;
    const headers = { origin: baseURL! };
    expect((await page.request.post('/api/account/sign-in', { headers, data: { email } })).status()).toBe(202);
    const link = await signInPath(email);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome');
    await page.getByRole('button', { name: 'Continue to my family page' }).click();
    await expect(page).toHaveURL(/\/account$/);
    // The same link again: used, it says so, and welcomes nobody back.
    await page.goto(link);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Welcome back/);

    expect((await page.request.put('/api/account/household', { headers, data: FAMILY_DETAILS })).status()).toBe(200);
    const child = await page.request.post('/api/account/children', {
      headers,
      data: { name: 'Lily Whitfield', dateOfBirth: '2016-05-10', grade: '4th', school: 'Hedgcoxe Elementary' },
    });
    expect(child.status()).toBe(201);
    await page.goto('/account');
    const children = page.getByRole('region', { name: 'Children' });
    await expect(children).toContainText('born May 10, 2016');
    await expect(children).not.toContainText('2016-05-10');
    const signatures = page.getByRole('region', { name: 'Signatures' });
    await expect(signatures.getByRole('textbox', { name: /Your full name/ })).toHaveValue('');
    await lookAt(page, 'family-first-page', 390);
  });

  test('an invited parent opens the e-mailed link: the page names the address and the family, and nobody joins until "Join the Whitfield family’s page" is pressed ("Start my own" beside it); axe clean', async ({
    page,
    request,
    baseURL,
  }) => {
    const inviter = `inviter.${Date.now()}@example.com`;
    const invited = `invited.${Date.now()}@example.com`;
    await signIn(request, inviter, baseURL!);
    const headers = { origin: baseURL! };
    expect((await request.put('/api/account/household', { headers, data: FAMILY_DETAILS })).status()).toBe(200);
    const invitation = await request.post('/api/account/parents', { headers, data: { email: invited } });
    expect(invitation.status(), await invitation.text()).toBe(201);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(await signInPath(invited));
    await expect(page.getByRole('heading', { level: 1, name: 'You are invited' })).toBeVisible();
    await expect(page.getByText('You are signing in as i…@example.com.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Join the Whitfield family’s page?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start my own' })).toBeVisible();
    await lookAt(page, 'family-join-choice', 390);
    await page.getByRole('button', { name: 'Join the Whitfield family’s page' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'The Whitfield family' })).toBeVisible();
    const parents = page.getByRole('region', { name: 'Parents' });
    await expect(parents.getByRole('listitem')).toHaveCount(2);
    await expect(parents).toContainText(inviter);
    await lookAt(page, 'family-joined', 390);
  });

  test.describe('the roster reads the family', () => {
    test.use(ADMIN_SIGNED_IN);

    test('the instructor records by keyboard who collected each child; a name not on the list takes a second step and is flagged', async ({
      page,
      request,
      baseURL,
    }) => {
      test.slow(); // a family set up through the API, then the roster with axe and screenshots
      const origin = { origin: baseURL! };
      const email = `pickup.${Date.now()}@example.com`;
      const title = `Manners Morning ${Date.now()}`;
      // Today, starting in a few minutes: pick-up is recorded from the session's day.
      const start = schoolWallClock(new Date(Date.now() + 5 * 60_000));
      const created = await request.post('/api/admin/workshops', {
        headers: { 'Admin-Key': E2E_ADMIN_KEY },
        data: {
          title,
          description: 'Table manners for young children.',
          category: 'children',
          date: start,
          endTime:
            start.slice(11) < '23:00'
              ? `${String(Number(start.slice(11, 13)) + 1).padStart(2, '0')}${start.slice(13)}`
              : '23:59',
          location: 'Legacy Commons, Plano',
          instructor: 'Margaret Ellison',
          price: 0,
          capacity: 10,
        },
      });
      const workshopId = ((await created.json()) as { id: string }).id;
      await signIn(request, email, baseURL!);
      expect((await request.put('/api/account/household', { headers: origin, data: FAMILY_DETAILS })).status()).toBe(
        200,
      );
      const ids = [];
      for (const [name, dateOfBirth] of [
        ['Lily Whitfield', '2016-05-10'],
        ['Max Whitfield', '2018-09-02'],
      ]) {
        const res = await request.post('/api/account/children', {
          headers: origin,
          data: { name, dateOfBirth, grade: '2nd', school: 'Hedgcoxe Elementary', medicalNotes: 'Asthma inhaler' },
        });
        ids.push(((await res.json()) as { id: string }).id);
      }
      const enrolled = await request.post(`/api/enroll/workshop/${workshopId}`, {
        headers: origin,
        data: {
          childIds: ids,
          signatures: ids.map((childId) => ({ childId, signedName: 'Eleanor Whitfield' })),
          agreeToTerms: true,
          totalPrice: 0,
        },
      });
      expect(enrolled.status(), await enrolled.text()).toBe(201);

      await page.goto(`/admin/workshops/${workshopId}/roster`);
      const table = page.getByRole('grid', { name: `Roster of ${title}` });
      await expect(table.getByRole('row')).toHaveCount(3, { timeout: 20_000 });
      const lily = table.getByRole('row', { name: /Lily Whitfield/ });
      await expect(lily).toContainText('Asthma inhaler');
      await expect(lily).toContainText('✓ Code of Conduct');

      // Keyboard only, below the table: Tab to Lily's grandmother's name, Enter.
      await page.getByRole('heading', { name: 'End of class: who collected each child' }).scrollIntoViewIfNeeded();
      await page.getByRole('link', { name: '← All workshops' }).focus();
      await tabTo(page, page.getByRole('button', { name: 'Lily Whitfield collected by Ruth Porter (Grandmother)' }));
      await page.keyboard.press('Enter');
      await expect(lily).toContainText('collected at');
      // Pressed by mistake? Taken back by keyboard: focus lands on her buttons again, and it is recorded afresh.
      const undo = page.getByRole('button', { name: 'Undo: Lily Whitfield collected by Ruth Porter' });
      await tabTo(page, undo);
      await page.keyboard.press('Enter');
      await expect(lily).not.toContainText('collected at');
      await expect(page.getByRole('button', { name: 'Lily Whitfield collected by someone else' })).toBeFocused();
      await page.getByRole('button', { name: 'Lily Whitfield collected by Ruth Porter (Grandmother)' }).focus();
      await page.keyboard.press('Enter');
      await expect(lily).toContainText('collected at');

      // Max: Tab to "Someone else…", a name not on the list, then the confirming step.
      await tabTo(page, page.getByRole('button', { name: 'Max Whitfield collected by someone else' }));
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Who collected Max Whitfield?' });
      await page.keyboard.type('Tom Neighbour');
      await page.keyboard.press('Enter');
      await expect(dialog.getByRole('alert')).toContainText('not on this family');
      await dialog.getByRole('button', { name: 'Confirm: Tom Neighbour collected Max Whitfield' }).focus();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(table.getByRole('row', { name: /Max Whitfield/ })).toContainText('Tom Neighbour: not on the list');

      await lookAt(page, 'family-roster-pickup', 1280);
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('.sign-in-sheet').getByRole('columnheader', { name: 'Signed out' })).toBeVisible();
      await screenshot(page, 'family-roster-sheet');
    });
  });
});

/** Presses Tab until `target` has the focus. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>) {
  for (let i = 0; i < 20 && !(await target.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

/** Signs `request` in as the parent of `email`: the link from the outbox, used once. */
async function signIn(request: APIRequestContext, email: string, baseURL: string) {
  const headers = { origin: baseURL };
  expect((await request.post('/api/account/sign-in', { headers, data: { email } })).status()).toBe(202);
  const token = (await signInPath(email)).split('/').pop()!;
  expect((await request.post('/api/account/sign-in/verify', { headers, data: { token } })).status()).toBe(200);
}
