import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  E2E_ADMIN_KEY,
  OUTBOX,
  SCREENSHOT_WIDTHS,
  expectNoSeriousA11yViolations,
  htmlPart,
  outboxMessage,
  screenshot,
  toasts,
} from './fixtures.js';

const admin = { 'Admin-Key': E2E_ADMIN_KEY };
const DAY = 86_400_000;

/**
 * A free class a month ahead, made for this spec so no other spec's families get its messages. An
 * adult class: the schedule and a11y specs count on the season having no dining class ahead (their empty state).
 */
async function freeClass(request: APIRequestContext, title: string): Promise<string> {
  const date = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
  const res = await request.post('/api/admin/workshops', {
    headers: admin,
    data: {
      title,
      description: 'Conversation and table manners for adults.',
      category: 'adult',
      date: `${date}T10:00`,
      time: '10:00 AM - 12:00 PM',
      location: 'Legacy Commons, Plano',
      instructor: 'Margaret Ellison',
      price: 0,
      capacity: 20,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A parent books (free: confirmed at once). */
async function book(request: APIRequestContext, workshopId: string, email: string, participants = 1) {
  const res = await request.post(`/api/enroll/workshop/${workshopId}`, {
    data: {
      firstName: 'Eleanor',
      lastName: 'Vance',
      email,
      phone: '9725550100',
      participants,
      participantNames: participants === 2 ? 'Ada Vance, Grace Vance' : '',
      agreeToTerms: true,
      totalPrice: 0,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { enrollmentId: string }).enrollmentId;
}

async function signIn(page: Page) {
  await page.goto('/admin');
  await page.getByRole('textbox', { name: 'Admin Key' }).fill(E2E_ADMIN_KEY);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
}

test.describe('messages to a workshop’s families', () => {
  test('written from Workshops, confirmed with the number of families, sent once each and listed; axe clean; the e-mail looked at', async ({
    page,
    request,
  }) => {
    test.slow(); // axe twice, three e-mails, the e-mail in a page and the history, on a shared machine
    const stamp = Date.now();
    const title = `Teen Dining Workshop ${stamp}`;
    const workshopId = await freeClass(request, title);
    const parents = [`vance.${stamp}@example.com`, `moss.${stamp}@example.com`, `reed.${stamp}@example.com`];
    const twoChildren = await book(request, workshopId, parents[0]!, 2);
    await book(request, workshopId, parents[1]!);
    await book(request, workshopId, parents[2]!);

    await signIn(page);
    await page.getByRole('tab', { name: 'Workshops' }).click();
    await page.getByRole('button', { name: new RegExp(`^Messages to the families of ${title}`) }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^Messages: ${title}`) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('No message has been sent about this workshop yet.')).toBeVisible();

    // Nothing written: the fields say what is missing, and nothing is asked of the server.
    await dialog.getByRole('button', { name: 'Review message' }).click();
    await expect(dialog.getByText('Write a subject.')).toBeVisible();
    await expect(dialog.getByText('Write the message.')).toBeVisible();

    await dialog.getByRole('radio', { name: 'Booked families' }).check();
    await dialog.getByRole('textbox', { name: 'Subject' }).fill('Room change for Saturday');
    await dialog
      .getByRole('textbox', { name: 'Message' })
      .fill(
        'Dear families,\n\nThis Saturday we meet in the Garden Room, upstairs from the main hall.\n\nSee you there!',
      );
    await dialog.getByRole('button', { name: 'Review message' }).click();
    const confirm = dialog.getByRole('group', { name: 'Send to 3 families?' });
    await expect(confirm).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Send to 3 families?' })).toBeFocused();
    await expectNoSeriousA11yViolations(page, 'messages dialog, confirming');
    await screenshot(page, 'admin-messages-confirm', { widths: SCREENSHOT_WIDTHS, height: 900 });
    await screenshot(page, 'admin-messages-confirm-view', { widths: SCREENSHOT_WIDTHS, height: 900, fullPage: false });

    await dialog.getByRole('button', { name: 'Send to 3 families' }).click();
    await expect(toasts(page).filter({ hasText: 'Message sent to 3 families' })).toBeVisible();
    const list = dialog.getByRole('list', { name: `Messages about ${title}` });
    const item = list.getByRole('listitem').filter({ hasText: 'Room change for Saturday' });
    await expect(item).toContainText('Booked families');
    await expect(item).toContainText('By Owner');
    await expect(item).toContainText('Sent to 3 families', { timeout: 15_000 });
    await expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue('');

    await expectNoSeriousA11yViolations(page, 'messages dialog, sent');
    await screenshot(page, 'admin-messages-sent', { widths: SCREENSHOT_WIDTHS, height: 900 });
    await screenshot(page, 'admin-messages-sent-view', { widths: SCREENSHOT_WIDTHS, height: 900, fullPage: false });

    // One e-mail per family, to each of the three, with the booking link.
    for (const to of parents) {
      const eml = await outboxMessage('workshop-message-', (text) => text.includes(`To: ${to}`));
      expect(eml).toContain('Room change for Saturday');
      expect(eml).toMatch(/\/booking\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/);
    }
    const messages = (await (
      await request.get(`/api/admin/workshops/${workshopId}/messages`, { headers: admin })
    ).json()) as { sent: number; families: number }[];
    expect(messages).toEqual([expect.objectContaining({ families: 3, sent: 3, undeliverable: 0 })]);

    // The e-mail as the parent's mail program shows it.
    const file = (await readdir(OUTBOX)).find(
      (f) => f.startsWith('workshop-message-') && readFileSync(join(OUTBOX, f), 'utf8').includes(`To: ${parents[0]}`),
    );
    const html = htmlPart(readFileSync(join(OUTBOX, file!), 'utf8'));
    expect(html, 'the e-mail has an HTML part').toBeTruthy();
    const mail = await page.context().newPage();
    for (const width of [390, 1280]) {
      await mail.setViewportSize({ width, height: 900 });
      await mail.setContent(html!);
      await expect(mail.getByRole('heading', { level: 1, name: 'Room change for Saturday' })).toBeVisible();
      await expect(mail.getByRole('link', { name: 'Manage your booking' })).toBeVisible();
      expect(await mail.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(mail, 'emails/workshop-message-outbox', { scroll: false });
    }
    await mail.close();

    // The booking's history, as the administrator's record shows it: written by whom, then e-mailed.
    await page.goto(`/admin/enrollments/${twoChildren}`);
    const events = page.getByRole('list', { name: `Events of enrollment ${twoChildren}` }).getByRole('listitem');
    const written = events.filter({ hasText: 'Workshop message written' });
    await expect(written).toHaveCount(1);
    await expect(written).toContainText('by Owner');
    await expect(written).toContainText('Message "Room change for Saturday" written to the booked families');
    await expect(events.filter({ hasText: 'e-mailed to the parent' })).toHaveCount(1);
  });
});
