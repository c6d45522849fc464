import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { builtWeb } from '../../support/built-web.js';
import { adminCall } from '../admin/support.js';
import { EL_PASO } from './support.js';

// A page per location (issue 41 item 4): GET /api/locations/:slug, and /locations/<slug> rendered
// by the server from the locations and schedule read models, in the sitemap.

let dist = '';
let t: TestApp;
beforeAll(() => {
  dist = builtWeb();
}, 300_000);
afterEach(() => t?.close());

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, '').replace(/&amp;/g, '&');

describe('GET /api/locations/:slug', () => {
  it('given El Paso opened, when a visitor asks for it by slug, then it answers its address, hours, zone and rooms without the office notes', async () => {
    t = await makeTestApp({ seed: false });
    const opened = (await (await adminCall(t.app, 'POST', '/api/admin/locations', { body: EL_PASO })).json()) as {
      position: string;
    };

    const res = await t.app.request(`/api/locations/el-paso?minPosition=${opened.position}`);

    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'El Paso',
      slug: 'el-paso',
      timeZone: 'America/Denver',
      address: EL_PASO.address,
      hours: EL_PASO.hours,
      rooms: [expect.objectContaining({ name: 'Salon' }), expect.objectContaining({ name: 'Tea Room' })],
    });
    expect(body).not.toHaveProperty('notes');
  });

  it('given no such location, then 404 with words; a slug that cannot be one is 400 naming it', async () => {
    t = await makeTestApp({ seed: false });

    const missing = await t.app.request('/api/locations/nowhere');
    const bad = await t.app.request('/api/locations/Not_A_Slug');

    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toContain('could not find that location');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain('slug');
  });
});

describe('the location page', () => {
  it('given the seeded Plano location, then /locations/plano shows its address with a map link, hours and upcoming classes, and is a LocalBusiness in JSON-LD; the sitemap and the contact page list it', async () => {
    t = await makeTestApp({ appOptions: { webDist: dist, hotReads: { checkpointMaxAgeMs: 0 } } });

    const res = await t.app.request('/locations/plano');

    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain('5800 Legacy Drive');
    expect(html).toContain('https://www.google.com/maps/search/?api=1');
    expect(html).toContain('Upcoming classes');
    expect(html).toContain('href="/enroll/');
    const business = jsonLd(html).find((d) => d['@id'] === `${new URL(String(d.url)).origin}/locations/plano#location`);
    expect(business).toMatchObject({
      '@type': 'LocalBusiness',
      address: expect.objectContaining({ addressLocality: 'Plano', addressRegion: 'TX' }),
      openingHoursSpecification: expect.arrayContaining([expect.objectContaining({ dayOfWeek: 'Monday' })]),
    });
    expect(await (await t.app.request('/sitemap.xml')).text()).toContain('/locations/plano</loc>');
    expect(await text(await t.app.request('/contact'))).toMatch(/<a[^>]*href="\/locations\/plano"[^>]*>Plano<\/a>/);
  });

  it('given a class at El Paso beside Plano’s, then /schedule?location=el-paso and /events?location=el-paso render El Paso’s class only, with the location picker, and the El Paso page lists it on El Paso’s clock', async () => {
    t = await makeTestApp({ appOptions: { webDist: dist, hotReads: { checkpointMaxAgeMs: 0 } } });
    const { id: locationId } = (await (
      await adminCall(t.app, 'POST', '/api/admin/locations', { body: EL_PASO })
    ).json()) as { id: string };
    const saved = (await (
      await adminCall(t.app, 'POST', '/api/admin/workshops', {
        body: {
          title: 'Desert Tea',
          description: 'An afternoon tea.',
          category: 'tea-party',
          date: '2025-09-13T14:00',
          endTime: '15:30',
          price: 60,
          capacity: 8,
          locationId,
        },
      })
    ).json()) as { id: string; position: string };
    await t.app.request(`/api/workshops/${saved.id}?minPosition=${saved.position}`);
    await t.app.request(`/api/locations/el-paso?minPosition=${saved.position}`);

    const schedule = await text(await t.app.request('/schedule?location=el-paso'));
    const page = await text(await t.app.request('/locations/el-paso'));
    const events = await text(await t.app.request('/events?location=el-paso'));

    expect(schedule).toContain('Showing the classes at <strong>El Paso</strong>');
    expect(schedule).toContain(`id="workshop-${saved.id}-title"`);
    expect(schedule).not.toContain('id="workshop-4-title"');
    expect(schedule).toContain('href="/schedule?location=plano"');
    expect(events).toContain('Showing the classes at <strong>El Paso</strong>');
    expect(events).toContain('Desert Tea');
    expect(events).not.toContain('Princess Tea Party');
    expect(page).toContain('Desert Tea');
    expect(page).toContain('Saturday, September 13, 2025, 2:00 – 3:30 PM MT');
    expect(page).toContain('Hours (MT)');
  });

  it('given Manners & Me taught at Plano and at El Paso, then its program page groups its upcoming classes under each location', async () => {
    t = await makeTestApp({ appOptions: { webDist: dist, hotReads: { checkpointMaxAgeMs: 0 } } });
    const { id: locationId } = (await (
      await adminCall(t.app, 'POST', '/api/admin/locations', { body: EL_PASO })
    ).json()) as { id: string };
    const saved = await adminCall(t.app, 'POST', '/api/admin/workshops', {
      body: {
        title: 'Manners & Me (El Paso)',
        description: 'Ages 6-10.',
        category: 'children',
        date: '2025-09-13T10:00',
        endTime: '11:30',
        price: 225,
        capacity: 8,
        locationId,
        programId: '1',
      },
    });
    expect(saved.status).toBe(201);
    await t.settle();

    const html = await text(await t.app.request('/program/manners-and-me'));

    // In the order of each place's first class: Plano's terms begin in August.
    const plano = html.indexOf('>At Plano</h3>');
    const elPaso = html.indexOf('>At El Paso</h3>');
    expect(plano).toBeGreaterThan(0);
    expect(elPaso).toBeGreaterThan(plano);
    expect(html.indexOf('Manners & Me (El Paso)')).toBeGreaterThan(elPaso);
  });

  it('given no such location, then its page answers 404', async () => {
    t = await makeTestApp({ appOptions: { webDist: dist, hotReads: { checkpointMaxAgeMs: 0 } } });

    const res = await t.app.request('/locations/nowhere');

    expect(res.status).toBe(404);
    expect(await text(res)).toContain('Location Not Found');
  });
});
