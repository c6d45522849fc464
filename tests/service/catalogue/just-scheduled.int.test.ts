import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { SEED_WORKSHOPS } from '../../../service/catalogue/seed-workshops.js';
import { makeTestApp } from '../../support/app.js';

/**
 * A workshop scheduled a moment ago, before the read models have it: the office shares its link at
 * once, and a parent who opens it must not be told it does not exist. The answer looks again once
 * the projections hold everything written when the request came.
 */
describe('a workshop scheduled a moment ago', () => {
  it('given the workshop just appended, when its page and its API are asked for at once, then 200, not "not found"', async () => {
    const { app, eventStore, settle } = await makeTestApp({ appOptions: { webDist: 'dist' } });
    await settle();
    // The catalogue is read (and kept in memory) before the new workshop exists.
    expect((await app.request('/api/workshops/just-now')).status).toBe(404);

    const workshop = {
      ...SEED_WORKSHOPS[8]!,
      id: 'just-now',
      title: 'Just Scheduled',
      date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    };
    const metadata = { correlationId: 'c', causationId: 'c', actor: 'admin' as const, at: new Date().toISOString() };
    await eventStore.append(
      workshopStream('just-now'),
      [{ id: randomUUID(), type: 'WorkshopScheduled', data: { workshop }, metadata }],
      'no_stream',
    );

    const [api, page] = await Promise.all([app.request('/api/workshops/just-now'), app.request('/enroll/just-now')]);
    expect(api.status).toBe(200);
    expect(((await api.json()) as { title: string }).title).toBe('Just Scheduled');
    expect(page.status).toBe(200);
  });

  it('given no such workshop, when it is asked for, then still 404 in words', async () => {
    const { app } = await makeTestApp();
    const res = await app.request('/api/workshops/never-was');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toMatch(/Workshop Not Found/);
  });
});
