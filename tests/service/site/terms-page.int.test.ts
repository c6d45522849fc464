import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { builtWeb } from '../../support/built-web.js';

// Issue 37, item 13: the Enrollment Terms state every money policy from the configuration, as the
// cancellation window already was: deposits, make-up credits, gift cards, family credit, and where
// each part of a refund goes.

let dist = '';
let t: TestApp;
beforeAll(() => {
  dist = builtWeb();
}, 180_000);
afterEach(() => t?.close());

/** The words of one section of the page (its heading's id), tags and React's empty comments dropped. */
const section = (page: string, id: string) => {
  const start = page.indexOf(`id="${id}"`);
  expect(start, id).toBeGreaterThan(0);
  const end = page.indexOf('<section', start + 1);
  return page
    .slice(start, end < 0 ? undefined : end)
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
};

describe('the Enrollment Terms as the server renders them', () => {
  it('given MAKEUP_VALID_DAYS=45, then deposits, make-up credits, gift cards, family credit and where refunds go are each stated, with the configured numbers', async () => {
    t = await makeTestApp({
      env: { MAKEUP_VALID_DAYS: '45', CANCELLATION_FULL_REFUND_DAYS: '10' },
      appOptions: { webDist: dist },
    });
    const page = await (await t.app.request('/terms')).text();
    expect(section(page, 'deposits')).toMatch(/rest is due 14 days before the first session/);
    expect(section(page, 'makeups')).toMatch(/valid for 45 days after the session you miss/);
    expect(section(page, 'gift-cards')).toMatch(/from \$25 to \$500/);
    expect(section(page, 'family-credit')).toMatch(/used first at your next checkout/);
    const refunds = section(page, 'cancellation');
    expect(refunds).toMatch(/Cancel at least 10 days before/);
    // Each part of a refund goes back where it came from, not always to the card.
    expect(refunds).toMatch(/card's part goes back to the card/);
    expect(refunds).toMatch(/gift card's part goes back onto the gift card/);
    expect(refunds).toMatch(/family credit's part goes back to your family credit/);
    expect(refunds).not.toMatch(/Refunds go back to the card you paid with/);
  });
});
