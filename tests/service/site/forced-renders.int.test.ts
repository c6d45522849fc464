import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { BEFORE_SPEC_SEASON, makeTestApp, type TestApp } from '../../support/app.js';
import { builtWeb } from '../../support/built-web.js';
import { countingWebDist, type CountingWebDist } from '../../support/counting-renderer.js';

// Issue 22: renders that cannot be forced. A query string the page does not read, or a Host header
// of the requester's choosing, must not make the service render a page anew; renders past what the
// server takes at once wait in a short queue, and past that are refused with 503.

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

async function start(env: Record<string, string> = {}) {
  web = countingWebDist(dist);
  // A page is rendered anew each minute (its sale states are decided per minute); a clock standing
  // still keeps a slow run from crossing a minute between two requests the test compares.
  t = await makeTestApp({
    env,
    clock: () => new Date(BEFORE_SPEC_SEASON),
    appOptions: { webDist: web.dir, hotReads: { checkpointMaxAgeMs: 0 } },
  });
}

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.request(url, { headers });
  return { res, text: await res.text() };
};

const dataOf = (page: string) =>
  JSON.parse(/<script type="application\/json" id="ssr-data">([^<]*)<\/script>/.exec(page)![1]!) as {
    origin: string;
    islands: Array<{ name: string; props: { search?: string } }>;
  };

describe('the page cache key', () => {
  it('given the schedule rendered once, when it is asked with random query strings, then the render count does not grow and each answer is the bare page', async () => {
    await start();
    const bare = await get('/schedule');
    expect(bare.res.status).toBe(200);
    expect(web.renders()).toBe(1);
    for (let i = 0; i < 20; i++) {
      const { res, text } = await get(`/schedule?x=${randomUUID()}&utm_source=${i}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('ETag')).toBe(bare.res.headers.get('ETag'));
      expect(text).toBe(bare.text);
    }
    expect(web.renders()).toBe(1);
  });

  it('given the schedule’s own filters in any order, beside unknown parameters, then one render per filtered view, and values the page ignores are the bare page', async () => {
    await start();
    const teen = await get('/schedule?date=2025-06-07&category=teen&x=1');
    expect(teen.text).toContain('Category: <!-- -->Teen');
    expect(teen.text).toContain('Date: <!-- -->Saturday, June 7, 2025');
    expect(dataOf(teen.text).islands.find((i) => i.name === 'ScheduleList')?.props.search).toBe(
      '?category=teen&date=2025-06-07',
    );
    expect(web.renders()).toBe(1);
    const again = await get('/schedule?category=teen&date=2025-06-07&y=2');
    expect(again.text).toBe(teen.text);
    expect(web.renders()).toBe(1);

    const bare = await get('/schedule');
    expect(web.renders()).toBe(2);
    for (const query of ['?category=nope', '?date=2025-02-30', '?category=', '?date=tomorrow&category=Teen'])
      expect((await get(`/schedule${query}`)).text, query).toBe(bare.text);
    expect(web.renders()).toBe(2);
  });

  it('given a page that reads no query (home, a program, the terms), then any query string is the bare page', async () => {
    await start();
    for (const path of ['/', '/program/manners-and-me', '/terms']) {
      const bare = await get(path);
      const before = web.renders();
      expect((await get(`${path}?category=teen&date=2025-06-07&q=${randomUUID()}`)).text, path).toBe(bare.text);
      expect(web.renders(), path).toBe(before);
    }
  });

  it('given the contact form sent without JavaScript, then `?sent=contact` still shows the thank-you panel', async () => {
    await start();
    const { text } = await get('/contact?sent=contact&ref=mail');
    expect(text).toContain('Thank You!');
    expect(text).toContain('Send Another Message');
    expect((await get('/contact?sent=other')).text).not.toContain('Thank You!');
  });
});

describe('the site’s origin', () => {
  const origins = (page: string) => [
    /<link rel="canonical" href="([^"]+)"/.exec(page)?.[1],
    /<meta property="og:url" content="([^"]+)"/.exec(page)?.[1],
    /<meta property="og:image" content="([^"]+)"/.exec(page)?.[1],
    dataOf(page).origin,
  ];

  it('given PUBLIC_URL, when a request comes with a forged Host, then canonical, og tags, page data, JSON-LD, sitemap and robots.txt name PUBLIC_URL, and no new render is made', async () => {
    await start({ PUBLIC_URL: 'https://school.example' });
    await get('/program/manners-and-me');
    const renders = web.renders();
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const { text } = await get('http://evil.example/program/manners-and-me', forged);
    expect(text).not.toContain('evil.example');
    for (const url of origins(text)) expect(url).toMatch(/^https:\/\/school\.example(\/|$)/);
    expect(web.renders()).toBe(renders);

    const schedule = await get('http://evil.example/schedule', forged);
    expect(schedule.text).not.toContain('evil.example');
    expect(schedule.text).toContain('"url":"https://school.example/enroll/');
    for (const path of ['/robots.txt', '/sitemap.xml']) {
      const answer = await get(`http://evil.example${path}`, forged);
      expect(answer.text, path).not.toContain('evil.example');
      expect(answer.text, path).toContain('https://school.example/');
    }
  });

  it('given no PUBLIC_URL on loopback, when a request comes with a forged Host, then the pages, sitemap and robots.txt name http://localhost:<PORT>', async () => {
    await start({ PORT: '4321' });
    const forged = { host: 'evil.example' };
    const { text } = await get('http://evil.example/program/manners-and-me', forged);
    expect(text).not.toContain('evil.example');
    for (const url of origins(text)) expect(url).toMatch(/^http:\/\/localhost:4321(\/|$)/);
    const robots = await get('http://evil.example/robots.txt', forged);
    expect(robots.text).toContain('Sitemap: http://localhost:4321/sitemap.xml');
    const sitemap = await get('http://evil.example/sitemap.xml', forged);
    expect(sitemap.text).toContain('<loc>http://localhost:4321/</loc>');
    expect(sitemap.text).not.toContain('evil.example');
  });
});

describe('renders at once', () => {
  // Thirteen pages nobody has asked for yet: each needs a render of its own.
  const PATHS = [
    '/',
    '/about',
    '/programs',
    '/program/manners-and-me',
    '/contact',
    '/schedule',
    '/events',
    '/terms',
    '/privacy',
    '/code-of-conduct',
    '/photography-release',
    '/schedule?category=teen',
    '/events?category=adult',
  ];

  it('given renders held, when thirteen new pages are asked at once, then two render, eight wait, three are told 503 with Retry-After and a short page; the waiting ones are answered once renders go on', async () => {
    await start();
    const release = web.hold();
    const answers = PATHS.map((path) => Promise.resolve(t.app.request(path)));
    const settled = new Map<number, Response>();
    answers.forEach((p, i) => void p.then((res) => settled.set(i, res)));
    await expect.poll(() => settled.size, { timeout: 10_000 }).toBe(3);
    const busy = [...settled.values()];
    for (const res of busy) {
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
      const text = await res.text();
      expect(text).toContain('busy');
      expect(text.length).toBeLessThan(2_000);
    }
    expect(web.renders()).toBe(2);

    release();
    const all = await Promise.all(answers);
    expect(all.filter((res) => res.status === 200)).toHaveLength(10);
    expect(web.renders()).toBe(10);
  });

  it('given one page asked by many at once before it is kept, then it is rendered once for all of them', async () => {
    await start();
    const release = web.hold();
    const answers = Array.from({ length: 30 }, () => Promise.resolve(t.app.request('/events?category=teen')));
    await expect.poll(() => web.renders(), { timeout: 10_000 }).toBe(1);
    release();
    const all = await Promise.all(answers);
    expect(all.every((res) => res.status === 200)).toBe(true);
    expect(web.renders()).toBe(1);
  });
});
