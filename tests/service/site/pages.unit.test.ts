import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { makeWebDist, type WebDist } from '../../support/web-dist.js';
import { adminCall } from '../admin/support.js';

let t: TestApp;
let web: WebDist;
afterEach(async () => {
  await t?.close();
  web?.remove();
});

async function start(env: Record<string, string> = {}) {
  web = makeWebDist();
  t = await makeTestApp({ env, appOptions: { webDist: web.dir, hotReads: { checkpointMaxAgeMs: 0 } } });
}

describe('page status codes', () => {
  it('given the site, when a known page is opened, then 200 with the app HTML', async () => {
    await start();
    for (const path of ['/', '/about', '/programs', '/schedule', '/contact', '/ABOUT/', '/admin', '/checkout/1']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(web.html);
    }
  });

  it('given a path the site does not have, then 404 with the same HTML (the client shows Not Found)', async () => {
    await start();
    for (const path of ['/no-such-page', '/about/more', '/program', '/programs/executive-edge/x']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(await res.text()).toBe(web.html);
    }
  });

  it('given a program slug, then 200 when the program exists and 404 when not', async () => {
    await start();
    expect((await t.app.request('/program/executive-edge')).status).toBe(200);
    expect((await t.app.request('/program/no-such-program')).status).toBe(404);
  });

  it('given a workshop, when it is removed, then its enroll page and its checkout turn from 200 to 404', async () => {
    await start();
    const id = '4';
    for (const page of ['enroll', 'checkout']) expect((await t.app.request(`/${page}/${id}`)).status, page).toBe(200);
    expect((await adminCall(t.app, 'DELETE', `/api/admin/workshops/${id}`)).status).toBe(200);
    await t.settle();
    for (const page of ['enroll', 'checkout']) {
      expect((await t.app.request(`/${page}/${id}`)).status, page).toBe(404);
      expect((await t.app.request(`/${page}/no-such-workshop`)).status, page).toBe(404);
    }
  });
});
