import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { builtWeb } from '../../support/built-web.js';
import { adminCall } from '../admin/support.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import type { SsrPayload } from '../../../contracts/site/ssr.js';

// The public pages as the service answers them: rendered on the server from the read models, with
// the data the client hydrates from, the head tags search engines read, and HTTP caching.

let dist = '';
let t: TestApp;
beforeAll(() => {
  dist = builtWeb();
}, 180_000);
afterEach(() => t?.close());

async function start(env: Record<string, string> = {}) {
  t = await makeTestApp({ env, appOptions: { webDist: dist, hotReads: { checkpointMaxAgeMs: 0 } } });
}

/** Text as React writes it into HTML. */
const html = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;');

const firstScript = (page: string) => page.indexOf('<script');

/** Every public page with its heading and something only its data or its own text gives. */
const PAGES: Array<{ path: string; heading: string; shows: string[] }> = [
  { path: '/', heading: 'Great Lakes School of Etiquette', shows: ['Raising Gracious, Confident Children'] },
  { path: '/about', heading: 'About Great Lakes Etiquette', shows: ['Request a Consultation'] },
  { path: '/programs', heading: 'Our Programs', shows: ['Manners & Me', 'Executive Edge', 'Summer Etiquette Camp'] },
  { path: '/program/manners-and-me', heading: 'Manners & Me', shows: ["What You'll Learn", '$225'] },
  { path: '/contact', heading: 'Contact Us', shows: ['Send Message', '(972) 555-0142'] },
  {
    path: '/schedule',
    heading: 'Course Schedule',
    shows: ['Princess Tea Party', 'Global Chamber of Commerce Networking Event', 'Saturday, June 7, 2025', '$75'],
  },
  { path: '/scheduling', heading: 'Course Schedule', shows: ['Princess Tea Party'] },
  { path: '/events', heading: 'Events', shows: ['Princess Tea Party', 'Etiquette After Dark'] },
  { path: '/terms', heading: 'Enrollment Terms', shows: ['Contents'] },
  { path: '/privacy', heading: 'Privacy Notice', shows: ['Contents'] },
  { path: '/code-of-conduct', heading: 'Code of Conduct', shows: ['Contents'] },
  { path: '/photography-release', heading: 'Photography Release', shows: ['Contents'] },
];

describe('pages rendered on the server', () => {
  it('given each public page, then its heading and data are in the HTML before any script, with no "needs JavaScript" note', async () => {
    await start();
    for (const { path, heading, shows } of PAGES) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(200);
      // React separates adjacent texts with empty comments; they are not part of what is read.
      const page = (await res.text()).replace(/<!-- -->/g, '');
      const h1 = page.indexOf('<h1');
      expect(h1, path).toBeGreaterThan(0);
      expect(page.slice(h1, page.indexOf('</h1>', h1)), path).toContain(html(heading));
      for (const text of [heading, ...shows]) {
        const at = page.indexOf(html(text));
        expect(at, `${path}: ${text}`).toBeGreaterThan(0);
        expect(at, `${path}: ${text} before any script`).toBeLessThan(firstScript(page));
      }
      expect(page, path).not.toContain('needs JavaScript');
      expect(page, path).not.toContain('Loading page');
    }
  });

  it('given the schedule, then its list island carries the upcoming workshops as the API answers them', async () => {
    await start();
    const page = await (await t.app.request('/schedule')).text();
    const json = /<script type="application\/json" id="ssr-data">([^<]*)<\/script>/.exec(page)?.[1];
    const payload = JSON.parse(json!) as SsrPayload;
    const api = (await (await t.app.request('/api/workshops')).json()) as Workshop[];
    const list = payload.islands?.find((i) => i.name === 'ScheduleList');
    const upcoming = api.filter((w) => Date.parse(w.date) > Date.parse(payload.now));
    expect(upcoming.length).toBeGreaterThan(0);
    expect((list?.props as { workshops: Workshop[] }).workshops).toEqual(upcoming);
    expect(payload.queries).toBeUndefined();
    // No PUBLIC_URL on loopback: the local server's address (PORT 3000), never the request's Host (issue 22).
    expect(payload.origin).toBe('http://localhost:3000');
    expect(Date.parse(payload.now)).not.toBeNaN();
  });

  it('given a rendered page, then it runs no inline script: only the built module and JSON data blocks', async () => {
    await start();
    for (const path of ['/', '/schedule', '/events', '/program/manners-and-me', '/no-such-page']) {
      const page = await (await t.app.request(path)).text();
      const scripts = page.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const tag of scripts)
        expect(tag, path).toMatch(/type="module"[^>]*src="\/assets\/|type="application\/(ld\+)?json"/);
      expect(page, path).not.toMatch(/\$RC\(|<template id="B:/);
    }
  });

  it('given a lazy page, then its own CSS is inline in the head and its chunk preloaded, so it is styled without JavaScript or a second request', async () => {
    await start();
    const page = await (await t.app.request('/about')).text();
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toMatch(/<style data-href="\/assets\/AboutPage-[\w-]+\.css">\.[\s\S]+?<\/style>/);
    expect(head).not.toMatch(/<link rel="stylesheet"(?![^>]*\bdisabled\b)[^>]*>/);
    expect(head).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/AboutPage-[\w-]+\.js">/);
    expect(page).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);
    for (const css of head.match(/\/assets\/[\w-]+\.css/g)!) expect((await t.app.request(css)).status, css).toBe(200);
  });

  it('given a reading page (home, programs, a program, policies), then it loads only its islands: React and the header and carousel chunks, not the app, its router or its data layer', async () => {
    await start();
    const page = await (await t.app.request('/')).text();
    const payload = JSON.parse(
      page.match(/<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/)![1]!,
    ) as SsrPayload;
    expect(payload.islands?.map((i) => i.name)).toEqual(['Header', 'HeroCarousel', 'NewsletterSignup']);
    expect(payload.islands?.[0]?.props).toEqual({ pathname: '/', search: '' });
    expect(payload.queries).toBeUndefined();
    expect(page).toMatch(/<script type="module" crossorigin src="\/assets\/islands-[\w-]+\.js">/);
    expect(page).not.toMatch(/src="\/assets\/index-/);
    // Only the tiny entry comes with the page: React and the islands are fetched once it has painted.
    const preloaded = [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
    expect(preloaded.some((f) => /\/islands-/.test(f))).toBe(true);
    expect(
      preloaded.some((f) => /\/(react|Header|HeroCarousel|NewsletterSignup|index|HomePage|SchedulePage)-/.test(f)),
    ).toBe(false);
    // Each island's root holds the HTML React renders for it alone (ids under its prefix).
    for (const island of payload.islands!) expect(page).toContain(`<div data-island="${island.id}" class="island">`);
    expect(page).toMatch(/<button[^>]*aria-controls="_Header[^"]*"/);
    for (const path of ['/programs', '/program/manners-and-me', '/terms', '/privacy', '/no-such-page', '/events'])
      expect(await (await t.app.request(path)).text(), path).toMatch(/src="\/assets\/islands-/);
  });

  it('given the schedule asked with filters, then its calendar and list are islands that wait (for a touch, for the screen), rendered for the filters of the address', async () => {
    await start();
    const page = await (await t.app.request('/schedule?category=summer')).text();
    const payload = JSON.parse(
      page.match(/<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/)![1]!,
    ) as SsrPayload;
    expect(payload.islands?.map((i) => [i.name, i.hydrate])).toEqual([
      ['Header', 'load'],
      ['ScheduleDatePicker', 'interaction'],
      ['ScheduleList', 'visible'],
      ['NewsletterSignup', 'visible'],
    ]);
    const list = payload.islands![2]!;
    const props = list.props as { workshops: { category: string }[]; search: string };
    expect(props.search).toBe('?category=summer');
    expect(props.workshops.length).toBeGreaterThan(3);
    // The list's HTML is the filtered view: the badge, the count and only summer camps' cards.
    const html = page.slice(page.indexOf(`data-island="${list.id}"`));
    const summer = props.workshops.filter((w) => w.category === 'summer').length;
    expect(html).toContain('Category: <!-- -->Summer');
    expect(html).toContain(`${summer}<!-- --> workshops found`);
    expect(html.match(/class="workshop-card"/g)).toHaveLength(summer);
    expect(html).toMatch(/<div[^>]*aria-selected="true"[^>]*role="tab"[^>]*>Summer Camp</);
    expect(page).toMatch(/<script type="module" crossorigin src="\/assets\/islands-[\w-]+\.js">/);
  });

  it('given an unknown path or program, then 404 with the Not Found view rendered', async () => {
    await start();
    const page = await t.app.request('/no-such-page');
    expect(page.status).toBe(404);
    const body = await page.text();
    expect(body).toContain('<h1>Page Not Found</h1>');
    expect(body).toContain('<title>Page Not Found | Great Lakes Etiquette</title>');

    const program = await t.app.request('/program/no-such-program');
    expect(program.status).toBe(404);
    expect(await program.text()).toContain('<h1>Program Not Found</h1>');

    await adminCall(t.app, 'DELETE', '/api/admin/programs/1');
    await t.settle();
    const removed = await t.app.request('/program/manners-and-me');
    expect(removed.status).toBe(404);
    expect(await removed.text()).toContain('<h1>Program Not Found</h1>');
  });

  it('given an admin or payment page, then the client-rendered shell as before', async () => {
    await start();
    for (const path of ['/admin', '/payment-success']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(200);
      const page = await res.text();
      expect(page, path).toContain('<div id="root"></div>');
      expect(page, path).not.toContain('id="ssr-data"');
      expect(res.headers.get('Cache-Control'), path).toBe('no-cache');
    }
  });

  it("given a checkout with its enrollment in the address, then its heading is the server's, its payment one island (not the app), answered private, no-store, and the enrollment is nowhere in the page", async () => {
    await start();
    const enrollmentId = 'b7c1d2e3-aaaa-4bbb-8ccc-1234567890ab';
    const res = await t.app.request(`/checkout/9?participants=2&enrollmentId=${enrollmentId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('Content-Security-Policy')).toMatch(/js\.stripe\.com/);
    const page = (await res.text()).replace(/<!-- -->/g, '');
    expect(page).toContain('<h1>Complete Your Enrollment</h1>');
    expect(page).toContain('Etiquette After Dark');
    const payload = JSON.parse(
      page.match(/<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/)![1]!,
    ) as SsrPayload;
    expect(payload.islands?.map((i) => [i.name, i.hydrate])).toEqual([
      ['Header', 'load'],
      ['CheckoutView', 'load'],
      ['NewsletterSignup', 'visible'],
    ]);
    expect(page).toMatch(/src="\/assets\/islands-/);
    expect(page).not.toMatch(/src="\/assets\/index-/);
    expect(page).not.toContain(enrollmentId);
    // Another family's checkout of the same workshop: the same page, with nothing of its address.
    const other = await t.app.request('/checkout/9?participants=1&enrollmentId=another-family');
    expect(other.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await other.text()).not.toContain('another-family');
  });

  it('given the server build folder, then it is not served to browsers', async () => {
    await start();
    for (const path of ['/server/entry-server.js', '/.vite/manifest.json']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Content-Type'), path).toMatch(/^text\/html/);
    }
  });
});

describe('what search engines read', () => {
  const headOf = (page: string) => page.slice(0, page.indexOf('</head>'));
  const tag = (head: string, pattern: RegExp) => pattern.exec(head)?.[1];
  const jsonLd = (page: string) =>
    [...page.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as unknown,
    );

  it('given PUBLIC_URL, then every public page has one title, description and absolute canonical address of its own', async () => {
    await start({ PUBLIC_URL: 'https://school.example' });
    const seen = new Set<string>();
    for (const { path } of PAGES) {
      const head = headOf(await (await t.app.request(path)).text());
      expect(head.match(/<title>/g), path).toHaveLength(1);
      expect(head.match(/<meta name="description"/g), path).toHaveLength(1);
      const canonical = tag(head, /<link rel="canonical" href="([^"]+)"/);
      expect(canonical, path).toBe(`https://school.example${path === '/scheduling' ? '/schedule' : path}`);
      const description = tag(head, /<meta name="description" content="([^"]+)"/)!;
      expect(description.length, path).toBeGreaterThan(40);
      if (path !== '/scheduling') {
        expect(seen.has(description), `${path} has a description of its own`).toBe(false);
        seen.add(description);
      }
    }
  });

  it('given a program page, then Open Graph and Twitter card tags name the page and an absolute image', async () => {
    await start({ PUBLIC_URL: 'https://school.example' });
    const head = headOf(await (await t.app.request('/program/manners-and-me')).text());
    expect(tag(head, /<title>([^<]+)<\/title>/)).toBe('Manners &amp; Me | Great Lakes Etiquette');
    expect(tag(head, /<meta property="og:title" content="([^"]+)"/)).toBe('Manners &amp; Me');
    expect(tag(head, /<meta property="og:url" content="([^"]+)"/)).toBe(
      'https://school.example/program/manners-and-me',
    );
    expect(tag(head, /<meta property="og:image" content="([^"]+)"/)).toBe(
      'https://school.example/images/programs/manners-and-me.png',
    );
    expect(tag(head, /<meta property="og:image:width" content="([^"]+)"/)).toBe('1200');
    expect(tag(head, /<meta property="og:image:height" content="([^"]+)"/)).toBe('630');
    expect(tag(head, /<meta property="og:image:type" content="([^"]+)"/)).toBe('image/png');
    // The picture the tags name is there, as they say it is.
    const picture = await t.app.request('/images/programs/manners-and-me.png');
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(tag(head, /<meta property="og:type" content="([^"]+)"/)).toBe('article');
    expect(tag(head, /<meta property="og:description" content="([^"]+)"/)).toMatch(/^Manners &amp; Me: /);
    expect(tag(head, /<meta name="twitter:card" content="([^"]+)"/)).toBe('summary_large_image');
    expect(tag(head, /<meta name="twitter:image" content="([^"]+)"/)).toBe(
      'https://school.example/images/programs/manners-and-me.png',
    );
  });

  it('given each page a parent shares (home, schedule, events, gift cards, the location and the policies), then Open Graph and Twitter cards name it with an absolute picture that is there', async () => {
    await start({ PUBLIC_URL: 'https://school.example' });
    const shared = [
      '/',
      '/about',
      '/programs',
      '/contact',
      '/schedule',
      '/events',
      '/gift-cards',
      '/terms',
      '/privacy',
      '/code-of-conduct',
      '/photography-release',
    ];
    const pictures = new Set<string>();
    for (const path of shared) {
      const head = headOf(await (await t.app.request(path)).text());
      expect(tag(head, /<meta property="og:url" content="([^"]+)"/), path).toBe(`https://school.example${path}`);
      expect(tag(head, /<meta property="og:title" content="([^"]+)"/), path).toBeTruthy();
      expect(tag(head, /<meta property="og:description" content="([^"]+)"/), path).toBe(
        tag(head, /<meta name="description" content="([^"]+)"/),
      );
      expect(tag(head, /<meta property="og:site_name" content="([^"]+)"/), path).toBe(
        'Great Lakes School of Etiquette',
      );
      const image = tag(head, /<meta property="og:image" content="([^"]+)"/)!;
      expect(image, path).toMatch(/^https:\/\/school\.example\/images\/[\w/-]+\.png$/);
      expect(tag(head, /<meta property="og:image:alt" content="([^"]+)"/), path).toBeTruthy();
      expect(tag(head, /<meta name="twitter:card" content="([^"]+)"/), path).toBe('summary_large_image');
      expect(tag(head, /<meta name="twitter:image" content="([^"]+)"/), path).toBe(image);
      pictures.add(image.replace('https://school.example', ''));
    }
    for (const picture of pictures) {
      const res = await t.app.request(picture);
      expect([picture, res.status, res.headers.get('content-type')]).toEqual([picture, 200, 'image/png']);
      const png = new Uint8Array(await res.arrayBuffer());
      // 1200 x 630, as the tags say (the PNG's header holds its width and height).
      const view = new DataView(png.buffer);
      expect([view.getUint32(16), view.getUint32(20)], picture).toEqual([1200, 630]);
    }
  });

  it('given the home page, then a LocalBusiness with where it is on a map and a logo that is there', async () => {
    await start({ PUBLIC_URL: 'https://school.example' });
    const [business] = jsonLd(await (await t.app.request('/')).text()) as Array<Record<string, unknown>>;
    expect(business).toMatchObject({
      geo: { '@type': 'GeoCoordinates', latitude: 33.0737, longitude: -96.8221 },
      logo: 'https://school.example/images/logo.png',
    });
    const logo = await t.app.request('/images/logo.png');
    expect([logo.status, logo.headers.get('content-type')]).toEqual([200, 'image/png']);
    const view = new DataView((await logo.arrayBuffer()) as ArrayBuffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([512, 512]);
  });

  it('given the home page, then a LocalBusiness with the school’s address, telephone and e-mail', async () => {
    await start({ PUBLIC_URL: 'https://school.example' });
    const [business] = jsonLd(await (await t.app.request('/')).text()) as Array<Record<string, unknown>>;
    expect(business).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Great Lakes School of Etiquette',
      url: 'https://school.example/',
      telephone: '+19725550142',
      email: 'hello@greatlakesetiquette.com',
      address: { '@type': 'PostalAddress', addressLocality: 'Plano', addressRegion: 'TX', postalCode: '75024' },
    });
  });

  it('given the schedule and the events page, then one JSON-LD Event per upcoming workshop, with its offer', async () => {
    await start({ PUBLIC_URL: 'https://school.example' });
    const workshops = (await (await t.app.request('/api/workshops')).json()) as Workshop[];
    for (const path of ['/schedule', '/events']) {
      const [events] = jsonLd(await (await t.app.request(path)).text()) as Array<Array<Record<string, unknown>>>;
      // The test clock stands before the season: every workshop is upcoming.
      expect(events!.map((e) => e.name).sort(), path).toEqual(workshops.map((w) => w.title).sort());
      const tea = events!.find((e) => e.name === 'Princess Tea Party');
      expect(tea, path).toMatchObject({
        '@type': 'Event',
        startDate: '2025-06-07T12:30:00-05:00',
        endDate: '2025-06-07T14:00:00-05:00',
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        location: { '@type': 'Place', address: { '@type': 'PostalAddress', streetAddress: expect.any(String) } },
        offers: { price: 75, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      });
      expect((tea!.offers as { url: string }).url, path).toMatch(/^https:\/\/school\.example\/enroll\/\d+$/);
    }
  });
});

describe('caching and compression of rendered pages', () => {
  it('given a rendered page, then a strong ETag, a short public max-age, and 304 when it is asked again unchanged', async () => {
    await start();
    const first = await t.app.request('/schedule');
    const etag = first.headers.get('ETag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=10, stale-while-revalidate=60');
    expect(first.headers.get('Vary')).toMatch(/Accept-Encoding/);
    const again = await t.app.request('/schedule', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('given the catalogue changes, then the page is rendered again with a new ETag and the new data', async () => {
    await start();
    const first = await t.app.request('/schedule');
    const etag = first.headers.get('ETag')!;
    expect((await adminCall(t.app, 'DELETE', '/api/admin/workshops/10')).status).toBe(200);
    await t.settle();
    const after = await t.app.request('/schedule', { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('ETag')).not.toBe(etag);
    expect(await after.text()).not.toContain('Global Chamber of Commerce Networking Event');
  });

  it('given br or gzip, then the rendered page decodes to the same bytes as the plain answer', async () => {
    await start();
    const plain = Buffer.from(await (await t.app.request('/events')).arrayBuffer());
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.app.request('/events', { headers: { 'Accept-Encoding': encoding } });
      expect(res.headers.get('Content-Encoding')).toBe(encoding);
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.length).toBeLessThan(plain.length / 3);
      expect(decode(body).equals(plain)).toBe(true);
    }
  });
});
