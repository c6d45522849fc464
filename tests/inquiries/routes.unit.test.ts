import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../support/app.js';

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('POST /api/contact', () => {
  it('given a complete message, when posted, then 201 and one ContactMessageReceived is stored', async () => {
    const { app, eventStore } = await makeTestApp();
    const res = await app.request(
      '/api/contact',
      post('/api/contact', { fullname: 'Ada Parent', email: 'ada@example.com', message: 'Do you teach on Saturdays?' }),
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as { success: boolean; id: string; position: string };
    expect(body.success).toBe(true);
    const events = await eventStore.readStream(`inquiry-${body.id}`);
    expect(events.map((e) => e.type)).toEqual(['ContactMessageReceived']);
    expect(events[0]!.metadata.actor).toBe('visitor');
    expect(BigInt(body.position)).toBe(events[0]!.position);
  });

  it('given a missing message, when posted, then 400 names the field and nothing is stored', async () => {
    const { app, eventStore } = await makeTestApp();
    const before = await eventStore.headPosition();
    const res = await app.request(
      '/api/contact',
      post('/api/contact', { fullname: 'Ada', email: 'ada@example.com', message: '   ' }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'message: Message is required.' });
    expect(await eventStore.headPosition()).toBe(before);
  });

  it('given a malformed e-mail, when posted, then 400 says so', async () => {
    const { app } = await makeTestApp();
    const res = await app.request(
      '/api/contact',
      post('/api/contact', { fullname: 'Ada', email: 'not-an-email', message: 'Hi' }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/valid email/);
  });

  it('given a body that is not JSON, when posted, then 400 with a readable error', async () => {
    const { app } = await makeTestApp();
    const res = await app.request('/api/contact', post('/api/contact', '{"fullname":'));
    expect(res.status).toBe(400);
    expect(await res.json()).toHaveProperty('error');
  });

  it('given a body over the size limit, when posted, then 413 and nothing is stored', async () => {
    const { app, eventStore } = await makeTestApp();
    const before = await eventStore.headPosition();
    const huge = { fullname: 'Ada', email: 'ada@example.com', message: 'x'.repeat(200_000) };
    const res = await app.request('/api/contact', post('/api/contact', huge));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toMatch(/too large/);
    expect(await eventStore.headPosition()).toBe(before);
  });
});

describe('POST /api/consultation', () => {
  it('given the required fields, when posted, then 201 and one ConsultationRequested is stored', async () => {
    const { app, eventStore } = await makeTestApp();
    const res = await app.request(
      '/api/consultation',
      post('/api/consultation', {
        name: 'Grace',
        email: 'grace@example.com',
        preferredDate: 'May 25 at 2pm',
        discussionTopic: 'Team training',
        company: 'Acme',
      }),
    );
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [event] = await eventStore.readStream(`inquiry-${id}`);
    expect(event).toMatchObject({ type: 'ConsultationRequested', data: { request: { company: 'Acme', phone: '' } } });
  });

  it('given no preferred date, when posted, then 400 names it', async () => {
    const { app } = await makeTestApp();
    const res = await app.request(
      '/api/consultation',
      post('/api/consultation', { name: 'Grace', email: 'grace@example.com', discussionTopic: 'x' }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/preferredDate: Preferred date is required/);
  });
});

describe('unknown API paths', () => {
  it('given a path no route serves, then a JSON 404', async () => {
    const { app } = await makeTestApp();
    const res = await app.request('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(await res.json()).toMatchObject({ error: 'There is no API at GET /api/nothing-here.' });
  });
});
