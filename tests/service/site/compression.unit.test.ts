import { afterEach, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { makeWebDist, type WebDist } from '../../support/web-dist.js';
import { Hono } from 'hono';
import { compressAnswers } from '../../../service/core/compression.js';

let t: TestApp;
let web: WebDist;
afterEach(async () => {
  await t?.close();
  web?.remove();
});

const decode: Record<string, (b: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

/** The same path asked plainly and in each encoding: every encoded body decodes to the plain bytes. */
async function expectSameBytes(request: (headers: Record<string, string>) => Response | Promise<Response>) {
  const plain = await request({});
  expect(plain.headers.get('Content-Encoding')).toBeNull();
  const plainBytes = await bytesOf(plain);
  for (const encoding of ['br', 'gzip']) {
    const res = await request({ 'Accept-Encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip;q=1, br;q=0' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe(encoding);
    expect(res.headers.get('Vary')).toMatch(/Accept-Encoding/i);
    const body = await bytesOf(res);
    expect(Number(res.headers.get('Content-Length'))).toBe(body.length);
    expect(body.length).toBeLessThan(plainBytes.length);
    expect(decode[encoding]!(body).equals(plainBytes)).toBe(true);
  }
  return plainBytes;
}

describe('compression', () => {
  it('given a hot read, then br and gzip decode to the plain bytes, each with its own ETag', async () => {
    t = await makeTestApp();
    await expectSameBytes((headers) => t.app.request('/api/workshops', { headers }));
    const tags = await Promise.all(
      ['', 'br', 'gzip'].map(async (e) =>
        (await t.app.request('/api/workshops', { headers: { 'Accept-Encoding': e } })).headers.get('ETag')!,
      ),
    );
    expect(new Set(tags).size).toBe(3);
  });

  it('given an answer over 1 KB that is not kept in memory, then it is compressed on the fly', async () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Parent ${i}` }));
    const app = new Hono().use(compressAnswers()).get('/rows', (c) => c.json(rows));
    const plain = await expectSameBytes((headers) => app.request('/rows', { headers }));
    expect(JSON.parse(plain.toString())).toEqual(rows);
  });

  it('given a tiny answer, then it is sent as it is', async () => {
    t = await makeTestApp();
    const res = await t.app.request('/api/workshops/999', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Encoding')).toBeNull();
  });

  it('given the HTML shell, then br and gzip decode to it, and its ETag gives 304', async () => {
    web = makeWebDist();
    t = await makeTestApp({ appOptions: { webDist: web.dir } });
    const plain = await expectSameBytes((headers) => t.app.request('/schedule', { headers }));
    expect(plain.toString()).toBe(web.html);
    const first = await t.app.request('/', { headers: { 'Accept-Encoding': 'br' } });
    expect(first.headers.get('Cache-Control')).toBe('no-cache');
    const again = await t.app.request('/', {
      headers: { 'Accept-Encoding': 'br', 'If-None-Match': first.headers.get('ETag')! },
    });
    expect(again.status).toBe(304);
  });

  it('given a precompressed asset, then the .br or .gz file is sent with its encoding, length, Vary and immutable caching', async () => {
    web = makeWebDist();
    t = await makeTestApp({ appOptions: { webDist: web.dir } });
    const plain = await expectSameBytes((headers) => t.app.request(web.script.path, { headers }));
    expect(plain.equals(web.script.bytes)).toBe(true);
    const res = await t.app.request(web.script.path, { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('Content-Type')).toMatch(/javascript/);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
  });
});
