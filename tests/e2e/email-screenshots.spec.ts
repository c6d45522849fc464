import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { renderEmail, type EmailKind } from '../../service/mail/templates/index.js';
import { EMAIL_SAMPLES } from '../support/email-samples.js';

// Every message as a phone's mail app shows it: the HTML part in Chromium at 390 px, written to
// screenshots/emails/ (not committed) to be looked at. No server needed: the renderer runs here.

const variants: { name: string; kind: EmailKind; props: object }[] = [
  ...(Object.keys(EMAIL_SAMPLES) as EmailKind[]).map((kind) => ({ name: kind, kind, props: EMAIL_SAMPLES[kind] })),
  {
    name: 'confirmation-inside-window',
    kind: 'confirmation',
    props: {
      ...EMAIL_SAMPLES.confirmation,
      isFree: true,
      amountCents: 0,
      paymentMethod: 'Free Enrollment',
      noReminderWithinHours: 48,
    },
  },
];

test.describe('e-mails at 390 px', () => {
  for (const { name, kind, props } of variants) {
    test(`${name}: fits the width, headed once, and is written to screenshots/emails`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const { html, subject } = await renderEmail(kind, props as never);
      await page.setContent(html);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      // Nothing wider than the phone: no sideways scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // Body text at 16 px and more, so it reads without zooming.
      const size = await page.getByText(/^Dear /).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(size).toBeGreaterThanOrEqual(16);
      expect(subject.length).toBeGreaterThan(0);
      mkdirSync('screenshots/emails', { recursive: true });
      await page.screenshot({ path: `screenshots/emails/${name}-390.png`, fullPage: true });
    });
  }
});
