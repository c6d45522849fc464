import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from '../admin/support.js';
import type { Program } from '../../../contracts/catalogue/program.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';

let t: TestApp;
afterEach(() => t?.close());

describe('robots.txt and sitemap.xml', () => {
  it('given PUBLIC_URL, then robots.txt allows the site, keeps out admin, API and payment pages, and names the sitemap', async () => {
    t = await makeTestApp({ env: { PUBLIC_URL: 'https://school.example' } });
    const res = await t.app.request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/admin', '/api/', '/checkout/', '/payment-success', '/payment-test', '/test-charge'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain('Sitemap: https://school.example/sitemap.xml');
  });

  it('given the catalogue, then sitemap.xml lists the public pages, every program by slug and every workshop', async () => {
    t = await makeTestApp({ env: { PUBLIC_URL: 'https://school.example/' } });
    const res = await t.app.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const programs = (await (await t.app.request('/api/programs')).json()) as Program[];
    const workshops = (await (await t.app.request('/api/workshops')).json()) as Workshop[];
    const origin = 'https://school.example';
    expect(locs).toEqual(
      expect.arrayContaining([
        `${origin}/`,
        `${origin}/about`,
        `${origin}/programs`,
        `${origin}/schedule`,
        `${origin}/contact`,
        ...programs.map((p) => `${origin}/program/${p.slug}`),
        ...workshops.map((w) => `${origin}/enroll/${w.id}`),
      ]),
    );
    expect(locs.some((l) => /admin|checkout|payment|test/.test(l!))).toBe(false);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('given a workshop removed, then the sitemap no longer lists it', async () => {
    t = await makeTestApp({
      env: { PUBLIC_URL: 'https://school.example' },
      appOptions: { hotReads: { checkpointMaxAgeMs: 0 } },
    });
    expect(await (await t.app.request('/sitemap.xml')).text()).toContain('/enroll/4</loc>');
    expect((await adminCall(t.app, 'DELETE', '/api/admin/workshops/4')).status).toBe(200);
    await t.settle();
    expect(await (await t.app.request('/sitemap.xml')).text()).not.toContain('/enroll/4</loc>');
  });
});
