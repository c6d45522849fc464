import { expect, test } from '@playwright/test';
import { renderEmail, type EmailKind } from '../../service/mail/templates/index.js';
import { EMAIL_SAMPLES } from '../support/email-samples.js';
import { screenshot } from './fixtures.js';

// Every message as a phone's mail app shows it: the HTML part in Chromium at 390 px, written to
// screenshots/emails/ (SCREENSHOTS=1; not committed) to be looked at. No server needed: the renderer
// runs here, and one page shows each message in turn.

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

test('every e-mail at 390 px fits the width, is headed once, and reads without zooming', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const { name, kind, props } of variants) {
    const { html, subject } = await renderEmail(kind, props as never);
    await page.setContent(html);
    await expect(page.getByRole('heading', { level: 1 }), name).toHaveCount(1);
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(390);
    // Body text at 16 px and more, so it reads without zooming (a sign-in link knows no name: "Hello,").
    const size = await page.getByText(/^(Dear |Hello,$)/).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size, name).toBeGreaterThanOrEqual(16);
    expect(subject.length, name).toBeGreaterThan(0);
    await screenshot(page, `emails/${name}`, { scroll: false });
  }
});
