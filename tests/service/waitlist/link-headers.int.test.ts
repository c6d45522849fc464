import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { makeWebDist, type WebDist } from '../../support/web-dist.js';

/**
 * The offer e-mail links to `/enroll/<workshopId>?offer=<token>` and `/waitlist/leave?token=<token>`
 * (service/waitlist/offer-email-reactor.ts); those pages call `GET /api/workshops/:id/waitlist/offer?token=`
 * and `POST /api/waitlist/leave`. A token in an address must not leave in a Referer (to a linked
 * site, or to an image or font host) nor be kept by a cache: every one of those answers carries
 * `Referrer-Policy: no-referrer` and `Cache-Control: no-store`, as the booking pages do.
 */

let t: TestApp;
let web: WebDist;
beforeAll(async () => {
  web = makeWebDist();
  t = await makeTestApp({ appOptions: { webDist: web.dir } });
});
afterAll(async () => {
  await t.close();
  web.remove();
});

const TOKEN = 'dG9rZW4tdGhhdC1uYW1lcy1ub3RoaW5n';

function expectSecretLinkHeaders(res: Response, where: string) {
  expect(res.headers.get('referrer-policy'), `${where}: Referrer-Policy`).toBe('no-referrer');
  expect(res.headers.get('cache-control'), `${where}: Cache-Control`).toMatch(/(^|[\s,])no-store($|[\s,])/);
}

describe('offer and leave links', () => {
  it('given the pages an offer e-mail links to, when they are opened, then they answer no-referrer and no-store', async () => {
    for (const path of [`/enroll/1?offer=${TOKEN}`, `/waitlist/leave?token=${TOKEN}.1.abc`]) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expectSecretLinkHeaders(res, path);
    }
  });

  it('given the API calls those pages make, when they answer (found or not, accepted or refused), then they answer no-referrer and no-store', async () => {
    const offer = await t.app.request(`/api/workshops/1/waitlist/offer?token=${TOKEN}`);
    expect(offer.status).toBe(404);
    expectSecretLinkHeaders(offer, 'GET offer');
    const leave = await t.app.request('/api/waitlist/leave', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'not-a-leave-token' }),
    });
    expect(leave.status).toBe(400);
    expectSecretLinkHeaders(leave, 'POST leave');
  });

  it('given the enroll page without an offer, then it keeps the site’s usual referrer policy and revalidated caching', async () => {
    const res = await t.app.request('/enroll/1');
    expect(res.status).toBe(200);
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });
});
