import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from './support.js';
import type { ErrorBody } from '../../../contracts/core/errors.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';

/**
 * Given the admin workshop form, when its date is outside 1900-2200 or carries an offset with
 * seconds, then the answer is a 400 naming `date` (never a 500) and nothing is appended.
 */

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const form = (date: string) => ({
  title: 'Holiday Tea',
  description: 'Tea.',
  category: 'tea-party',
  date,
  time: '2:00 PM - 3:30 PM',
  location: 'Plano',
  price: 10,
  capacity: 5,
});

describe('admin dates', () => {
  it.each([
    ['1800-01-01T12:00', 'a year from 1900 to 2200'],
    ['1883-11-18T12:00', 'a year from 1900 to 2200'],
    ['0001-01-01T00:00', 'a year from 1900 to 2200'],
    ['1899-12-31T23:59:59Z', 'a year from 1900 to 2200'],
    ['2201-01-01T00:00Z', 'a year from 1900 to 2200'],
    ['9999-12-31T23:59', 'a year from 1900 to 2200'],
    ['2025-06-07T12:30+05:30:15', 'UTC offset in whole minutes'],
    ['2025-06-07T12:30:00-05:50:36', 'UTC offset in whole minutes'],
    ['2025-02-30T10:00', 'not a real date'],
    ['2025-06-07 12:30', 'must look like 2025-06-07T12:30'],
  ])('given %s, when a workshop is created, then 400 names date (%s) and nothing is appended', async (date, words) => {
    const before = await t.eventStore.headPosition();
    const res = await adminCall(t.app, 'POST', '/api/admin/workshops', { body: form(date) });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.code).toBe('validation');
    expect(body.issues?.map((i) => i.path)).toEqual(['date']);
    expect(body.error).toMatch(/^date: /);
    expect(body.error).toContain(words);
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('given an existing workshop, when it is edited to a date in 1800, then 400 names date and the workshop keeps its date', async () => {
    const before = await t.eventStore.headPosition();
    const res = await adminCall(t.app, 'PUT', '/api/admin/workshops/4', { body: form('1800-06-07T12:30') });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).issues?.[0]?.path).toBe('date');
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it.each([
    ['1900-01-01T00:00', '1900-01-01T00:00:00-06:00'],
    ['2200-12-31T23:59', '2200-12-31T23:59:00-06:00'],
    ['2025-06-07T17:30:00Z', '2025-06-07T12:30:00-05:00'],
    ['2025-06-07T12:30+05:30', '2025-06-07T02:00:00-05:00'],
  ])(
    'given the edge or an offset in whole minutes (%s), when a workshop is created, then it is scheduled at %s',
    async (date, stored) => {
      const res = await adminCall(t.app, 'POST', '/api/admin/workshops', { body: form(date) });
      expect(res.status).toBe(201);
      const { id, position } = (await res.json()) as { id: string; position: string };
      const schedule = (await (await t.app.request(`/api/workshops?minPosition=${position}`)).json()) as Workshop[];
      expect(schedule.find((w) => w.id === id)?.date).toBe(stored);
    },
  );
});
