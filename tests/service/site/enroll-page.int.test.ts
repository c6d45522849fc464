import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { BEFORE_SPEC_SEASON, makeTestApp, type TestApp } from '../../support/app.js';
import { builtWeb } from '../../support/built-web.js';
import { countingWebDist, type CountingWebDist } from '../../support/counting-renderer.js';
import type { SsrPayload } from '../../../contracts/site/ssr.js';
import type { AccountView } from '../../../contracts/account/api.js';
import { makeAccountApp } from '../account/support.js';

// Issue 23, item 5: the money path's first page is the server's HTML with its workshop (the form
// usable before any script, only its island hydrating), and addresses that name nothing share one
// Not Found render each kind, so random paths cannot make the server render at will.

let dist = '';
let web: CountingWebDist;
let t: TestApp;
beforeAll(() => {
  dist = builtWeb();
}, 180_000);
afterEach(async () => {
  await t?.close();
  web?.remove();
});

// Renders are kept per minute: a clock held still keeps a slow run from crossing into the next one.
const STILL = () => BEFORE_SPEC_SEASON;

async function start() {
  web = countingWebDist(dist);
  t = await makeTestApp({ clock: STILL, appOptions: { webDist: web.dir, hotReads: { checkpointMaxAgeMs: 0 } } });
}

const get = async (url: string) => {
  const res = await t.app.request(url);
  return { res, text: await res.text() };
};

const payloadOf = (page: string) =>
  JSON.parse(/<script type="application\/json" id="ssr-data">([^<]*)<\/script>/.exec(page)![1]!) as SsrPayload;

describe('the enroll page as the server renders it', () => {
  it('given a seeded workshop, then its heading, summary and every field of the form are in the HTML before any script, and only its island hydrates', async () => {
    await start();
    const { res, text } = await get('/enroll/4');
    expect(res.status).toBe(200);
    // The same for everyone, but checked again each time: a sign-in meanwhile gets the family's own copy.
    expect(res.headers.get('Cache-Control')).toBe('private, no-cache');
    const beforeScripts = text.slice(0, text.indexOf('<script'));
    expect(beforeScripts).toContain('<h1>Enroll: <!-- -->Princess Tea Party</h1>');
    expect(beforeScripts).toContain('<dt>Date &amp; time</dt>');
    expect(beforeScripts).toContain('$75.00');
    for (const name of ['firstName', 'lastName', 'email', 'phone'])
      expect(beforeScripts, name).toMatch(new RegExp(`<input[^>]*name="${name}"`));
    expect(beforeScripts).toMatch(/<button[^>]*type="submit"[^>]*>Continue to Payment<\/button>/);
    expect(text).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/enroll\/4"\/>/);

    const payload = payloadOf(text);
    expect(payload.islands?.map((i) => [i.name, i.hydrate])).toEqual([
      ['Header', 'load'],
      ['EnrollView', 'interaction'],
      ['NewsletterSignup', 'visible'],
    ]);
    const api = (await (await t.app.request('/api/workshops/4')).json()) as unknown;
    // The island prices as the server will: the school's sibling discount and the render's time (for a deposit).
    expect(payload.islands?.[1]?.props).toEqual({
      workshop: api,
      siblingDiscountPercent: 0,
      renderedAt: expect.any(String),
    });
    expect(payload.queries).toBeUndefined();
    // The islands' small entry, not the whole app.
    expect(text).toMatch(/<script type="module" crossorigin src="\/assets\/islands-[\w-]+\.js">/);
    expect(text).not.toMatch(/src="\/assets\/index-/);
  });

  it('given a waitlist offer link, then the same page without the token, kept by no cache, and no new render', async () => {
    await start();
    const bare = await get('/enroll/4');
    const renders = web.renders();
    const token = `offer-${randomUUID()}`;
    const offered = await get(`/enroll/4?offer=${token}`);
    expect(offered.res.status).toBe(200);
    expect(offered.res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(offered.text).not.toContain(token);
    expect(offered.text).toBe(bare.text);
    expect(web.renders()).toBe(renders);
  });

  it('given a signed-in parent, then the page is her family’s form from the first byte, rendered for her alone and kept by no cache; without her cookie, the page everyone gets', async () => {
    web = countingWebDist(dist);
    const a = await makeAccountApp({
      clock: STILL,
      appOptions: { webDist: web.dir, hotReads: { checkpointMaxAgeMs: 0 } },
    });
    t = a;
    const cookie = await a.signIn('nora.castellanos@example.com');
    await a.saveHousehold(cookie, { firstName: 'Nora', lastName: 'Castellanos' });
    await a.addChild(cookie, { name: 'Sofia Castellanos' });
    await a.settle();
    const everyone = await get('/enroll/4');
    const renders = web.renders();

    const hers = await t.app.request('/enroll/4', { headers: { cookie } });
    expect(hers.status).toBe(200);
    expect(hers.headers.get('Cache-Control')).toBe('private, no-store');
    // A page's render writes nothing: no session slid, no cookie set.
    expect(hers.headers.get('Set-Cookie')).toBeNull();
    const text = await hers.text();
    const beforeScripts = text.slice(0, text.indexOf('<script'));
    expect(beforeScripts).toContain('Who is coming?');
    expect(beforeScripts).toContain('Sofia Castellanos');
    expect(beforeScripts).toContain('nora.castellanos@example.com');
    expect(beforeScripts).not.toMatch(/<input[^>]*name="firstName"/);
    const family = (payloadOf(text).islands?.[1]?.props as { family?: AccountView }).family;
    expect(family?.children.map((c) => c.name)).toEqual(['Sofia Castellanos']);

    // Rendered for her each time, never kept; the page everyone gets is still the one kept.
    await t.app.request('/enroll/4', { headers: { cookie } });
    expect(web.renders()).toBe(renders + 2);
    const again = await get('/enroll/4');
    expect(again.text).toBe(everyone.text);
    expect(again.text).not.toContain('Sofia Castellanos');
    expect(web.renders()).toBe(renders + 2);
    // A cookie that names no session is anyone's.
    const stranger = await t.app.request('/enroll/4', { headers: { cookie: `family_session=${'x'.repeat(43)}` } });
    expect(await stranger.text()).toBe(everyone.text);
  });

  it('given a workshop nobody has, then 404 with Workshop Not Found and no canonical address', async () => {
    await start();
    const { res, text } = await get('/enroll/no-such-workshop');
    expect(res.status).toBe(404);
    expect(text).toContain('<h1>Workshop Not Found</h1>');
    expect(text).not.toContain('rel="canonical"');
    expect(text).not.toContain('no-such-workshop');
  });
});

describe('addresses that name nothing', () => {
  it('given random unknown paths, then each answers 404 with the one Page Not Found render', async () => {
    await start();
    const first = await get(`/no-such-page-${randomUUID()}`);
    expect(first.res.status).toBe(404);
    expect(first.text).toContain('<h1>Page Not Found</h1>');
    const renders = web.renders();
    for (let i = 0; i < 20; i++) {
      const path = `/no-such-page-${randomUUID()}${i % 2 ? `/deeper?x=${i}` : ''}`;
      const { res, text } = await get(path);
      expect(res.status, path).toBe(404);
      expect(text, path).toBe(first.text);
      expect(text, path).not.toContain(path.slice(1, 20));
    }
    expect(web.renders()).toBe(renders);
  });

  it('given random workshop and program ids, then one Not Found render for each kind, kept apart from the page not there', async () => {
    await start();
    await get('/no-such-page');
    const renders = web.renders();
    for (let i = 0; i < 10; i++) {
      const workshop = await get(`/enroll/${randomUUID()}`);
      expect(workshop.res.status).toBe(404);
      expect(workshop.text).toContain('<h1>Workshop Not Found</h1>');
      const program = await get(`/program/${randomUUID()}`);
      expect(program.res.status).toBe(404);
      expect(program.text).toContain('<h1>Program Not Found</h1>');
    }
    expect(web.renders()).toBe(renders + 2);
  });
});
