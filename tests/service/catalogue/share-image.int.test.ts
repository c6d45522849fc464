import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../../support/app.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('GET /images/programs/<name>.png (the program share picture)', () => {
  it('given a program illustration, when its PNG is fetched, then a 1200x630 PNG, cacheable for long', async () => {
    const { app } = await makeTestApp({ seed: false });
    const res = await app.request('/images/programs/manners-and-me.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d{6,}/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    // The first chunk is IHDR: width and height, big-endian, right after its length and name.
    const ihdr = new DataView(bytes.buffer, bytes.byteOffset + 8);
    expect(String.fromCharCode(...bytes.subarray(12, 16))).toBe('IHDR');
    expect([ihdr.getUint32(8), ihdr.getUint32(12)]).toEqual([1200, 630]);

    const again = await app.request('/images/programs/manners-and-me.png');
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it.each(['no-such-program.png', '..%2F..%2Fpackage.png'])('given %s, then 404', async (file) => {
    const { app } = await makeTestApp({ seed: false });
    const res = await app.request(`/images/programs/${file}`);
    expect(res.status).toBe(404);
  });
});
