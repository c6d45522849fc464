import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../../support/app.js';

/**
 * The API's body limit (service/app.ts), 64 KB: a declared Content-Length is judged from the header
 * alone, a body without one (chunked) as it is read. Either way a body over the limit is a 413 in
 * words, and nothing is appended.
 */
const LIMIT = 64 * 1024;
const big = JSON.stringify({ firstName: 'x'.repeat(LIMIT) });

function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 8192) controller.enqueue(bytes.subarray(i, i + 8192));
      controller.close();
    },
  });
}

describe('request body limit', () => {
  it('given a declared length over the limit, when an enrollment is posted, then 413 in words and nothing is appended', async () => {
    const { app, eventStore } = await makeTestApp();
    const head = await eventStore.headPosition();

    const res = await app.request('/api/enroll/workshop/9', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(big)) },
      body: big,
    });

    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: 'The request is too large: send at most 64 KB.',
      code: 'payload_too_large',
    });
    expect(await eventStore.headPosition()).toBe(head);
  });

  it('given no declared length and a body over the limit, when it is posted in chunks, then 413 and nothing is appended', async () => {
    const { app, eventStore } = await makeTestApp();
    const head = await eventStore.headPosition();

    const res = await app.request('/api/enroll/workshop/9', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunked(big),
      duplex: 'half',
    } as RequestInit);

    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('payload_too_large');
    expect(await eventStore.headPosition()).toBe(head);
  });

  it('given a declared length within the limit, when the body is read, then the route judges it (400 naming the field)', async () => {
    const { app } = await makeTestApp();
    const body = JSON.stringify({ firstName: 'Ada', participants: 2 });

    const res = await app.request('/api/enroll/workshop/9', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      body,
    });

    expect(res.status).toBe(400);
    const answer = (await res.json()) as { code: string; issues: { path: string }[] };
    expect(answer.code).toBe('validation');
    expect(answer.issues.map((i) => i.path)).toContain('totalPrice');
  });
});
