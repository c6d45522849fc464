import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { builtWeb } from '../../support/built-web.js';

// The program page's upcoming classes and the schedule narrowed to one program, rendered on the
// server from the read models (the page manifest names their reads and the `program` parameter).

let dist = '';
let t: TestApp;
beforeAll(() => {
  dist = builtWeb();
}, 180_000);
afterEach(() => t?.close());

const page = async (path: string) => {
  const res = await t.app.request(path);
  expect(res.status, path).toBe(200);
  return (await res.text()).replace(/<!-- -->/g, '').replace(/&amp;/g, '&');
};
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as unknown);

describe('courses on the server-rendered pages', () => {
  it('given Manners & Me, then its page lists the two upcoming terms with their dates in words, seats and price, and is a Course in JSON-LD', async () => {
    t = await makeTestApp({ appOptions: { webDist: dist, hotReads: { checkpointMaxAgeMs: 0 } } });
    const html = await page('/program/manners-and-me');
    expect(html).toContain('Upcoming classes');
    expect(html).toContain('4 Saturdays, August 2 – August 23, 2025, 10:00 – 11:30 AM');
    expect(html).toContain('4 Tuesdays, August 5 – August 26, 2025, 4:30 – 6:00 PM');
    expect(html).toContain('12 seats left');
    expect(html).toContain('href="/enroll/11"');
    const course = jsonLd(html).find((d) => (d as { '@type': string })['@type'] === 'Course') as {
      hasCourseInstance: { subEvent: unknown[] }[];
    };
    expect(course.hasCourseInstance).toHaveLength(2);
    expect(course.hasCourseInstance[0]!.subEvent).toHaveLength(4);
  });

  it('given a program with no offering ahead, then "No upcoming classes — ask us" with the contact link', async () => {
    t = await makeTestApp({ appOptions: { webDist: dist, hotReads: { checkpointMaxAgeMs: 0 } } });
    // Etiquette After Dark's two evenings are in 2025; in 2026 nothing is ahead.
    t.deps.clock = () => new Date('2026-01-15T12:00:00Z');
    const html = await page('/program/etiquette-after-dark');
    expect(html).toMatch(/No upcoming classes — <a[^>]*href="\/contact"[^>]*>ask us<\/a>/);
  });

  it('given /schedule?program=manners-and-me, then only its offerings are rendered', async () => {
    t = await makeTestApp({ appOptions: { webDist: dist, hotReads: { checkpointMaxAgeMs: 0 } } });
    const html = await page('/schedule?program=manners-and-me');
    expect(html).toContain('Showing the classes of');
    expect(html).toContain('id="workshop-11-title"');
    expect(html).toContain('id="workshop-12-title"');
    expect(html).not.toContain('id="workshop-4-title"');
    expect(html).toContain('2 workshops found');
  });
});
