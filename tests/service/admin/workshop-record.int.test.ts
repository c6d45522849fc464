import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from './support.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { schoolWallClock } from '../../../web/admin/adminFormat.js';
import { MemoryMailer } from '../../support/memory-mailer.js';
import { baseForm } from '../../support/enrollment-forms.js';

let t: TestApp;
afterEach(() => t?.close());

const schedule = async (position?: string) =>
  (await (await t.app.request(`/api/workshops${position ? `?minPosition=${position}` : ''}`)).json()) as Workshop[];

/** What the admin form sends for a workshop as it stands (web/admin/WorkshopFormDialog.tsx, valuesOf). */
const formOf = (w: Workshop) => ({
  title: w.title,
  description: w.description,
  category: w.category,
  date: schoolWallClock(w.date),
  time: w.time,
  location: w.location,
  price: w.price,
  capacity: w.capacity,
  enrollmentClosesAt: w.enrollmentClosesAt ? schoolWallClock(w.enrollmentClosesAt) : '',
  priceTiers: w.priceTiers ?? [],
  instructor: w.instructor,
  duration: w.duration,
  ageRange: w.ageRange ?? '',
  attire: w.attire ?? '',
  longDescription: w.longDescription ?? '',
  additionalInfo: w.additionalInfo ?? [],
  note: w.note ?? '',
  spotsRemaining: w.spotsLeft,
});

/** The specification's form: only its nine fields. */
const specFormOf = (w: Workshop) => ({
  title: w.title,
  description: w.description,
  category: w.category,
  date: w.date,
  time: w.time,
  location: w.location,
  price: w.price,
  capacity: w.capacity,
  spotsRemaining: w.spotsLeft,
});

const RECORD_FIELDS = [
  'instructor',
  'duration',
  'ageRange',
  'attire',
  'longDescription',
  'additionalInfo',
  'note',
  'priceTiers',
  'enrollmentClosesAt',
] as const;

describe('complete workshop records from the admin form', () => {
  it.each([
    ['the admin form', formOf],
    ["the specification's form", specFormOf],
  ])(
    'given the seeded dinner, when an administrator changes only its title through %s, then every other field the seed set is kept',
    async (_name, bodyOf) => {
      t = await makeTestApp();
      const dinner = (await schedule()).find((w) => w.id === '6')!;
      // The seed gives the dinner every field the form now holds.
      expect(dinner).toMatchObject({ ageRange: '18+', attire: 'Black attire', note: 'Single: $150 / Couple: $250' });
      expect(dinner.additionalInfo?.length).toBeGreaterThan(0);

      const res = await adminCall(t.app, 'PUT', '/api/admin/workshops/6', {
        body: { ...bodyOf(dinner), title: 'Etiquette After Dark - Winter Dinner' },
      });
      expect(res.status).toBe(200);
      const edited = (await schedule(((await res.json()) as { position: string }).position)).find((w) => w.id === '6')!;
      expect(edited.title).toBe('Etiquette After Dark - Winter Dinner');
      const pick = (w: Workshop) => Object.fromEntries(RECORD_FIELDS.map((f) => [f, w[f]]));
      expect(pick(edited)).toEqual(pick(dinner));
      expect(edited.date).toBe(dinner.date);
    },
  );

  it('given a new workshop with every field, when created and then edited to clear the optional ones, then the schedule shows each step', async () => {
    t = await makeTestApp();
    const body = {
      title: 'Holiday Tea',
      description: 'A festive afternoon tea.',
      category: 'tea-party',
      date: '2025-12-13T14:00',
      time: '2:00 PM - 3:30 PM',
      location: 'Legacy Commons, Plano',
      price: 85,
      capacity: 12,
      instructor: 'Clara Whitmore',
      duration: '1.5 hours',
      ageRange: '5-12',
      attire: 'Holiday best',
      longDescription: 'Carols, scones and a table set for the season.\nEach child takes home a card.',
      additionalInfo: [
        { label: 'Menu', value: 'Scones, sandwiches and cocoa' },
        { label: 'Parking', value: 'Free in the east lot' },
      ],
      note: 'Bring a wrapped gift for the exchange',
    };
    const created = await adminCall(t.app, 'POST', '/api/admin/workshops', { body });
    expect(created.status).toBe(201);
    const { id, position } = (await created.json()) as { id: string; position: string };
    const listed = (await schedule(position)).find((w) => w.id === id)!;
    expect(listed).toMatchObject({
      instructor: 'Clara Whitmore',
      duration: '1.5 hours',
      ageRange: '5-12',
      attire: 'Holiday best',
      longDescription: body.longDescription,
      additionalInfo: body.additionalInfo,
      note: body.note,
    });

    const cleared = await adminCall(t.app, 'PUT', `/api/admin/workshops/${id}`, {
      body: { ...body, ageRange: '', attire: '', note: '', longDescription: '', additionalInfo: [] },
    });
    expect(cleared.status).toBe(200);
    const after = (await schedule(((await cleared.json()) as { position: string }).position)).find((w) => w.id === id)!;
    expect(after).toMatchObject({ instructor: 'Clara Whitmore', duration: '1.5 hours' });
    for (const f of ['ageRange', 'attire', 'note', 'longDescription', 'additionalInfo'] as const)
      expect(after[f]).toBeUndefined();
  });

  it('given a new workshop without the record fields, then the owner teaches it and nothing else is set', async () => {
    t = await makeTestApp();
    const created = await adminCall(t.app, 'POST', '/api/admin/workshops', {
      body: {
        title: 'Table Manners',
        description: 'Forks and knives.',
        category: 'children',
        date: '2025-11-01T10:00',
        time: '10:00 AM',
        location: 'Plano',
        price: 40,
        capacity: 10,
      },
    });
    const { id, position } = (await created.json()) as { id: string; position: string };
    expect((await schedule(position)).find((w) => w.id === id)).toMatchObject({
      instructor: 'Margaret Ellison',
      duration: '',
    });
  });

  it.each([
    [{ instructor: 'x'.repeat(201) }, /^instructor: Instructor must be at most 200 characters/],
    [{ ageRange: 'Ages\n5-12' }, /^ageRange: Age range cannot contain line breaks/],
    [{ additionalInfo: [{ label: '', value: 'Tea' }] }, /^additionalInfo\.0\.label: Label is required/],
    [{ additionalInfo: [{ label: 'Menu', value: '' }] }, /^additionalInfo\.0\.value: Value is required/],
    [
      {
        additionalInfo: [
          { label: 'Menu', value: 'Tea' },
          { label: 'menu', value: 'Scones' },
        ],
      },
      /^additionalInfo\.1\.label: Additional information 2: "menu" is already a label/,
    ],
    [{ additionalInfo: 'Menu: tea' }, /^additionalInfo: /],
    [{ note: 'x'.repeat(301) }, /^note: Note must be at most 300 characters/],
    [{ longDescription: 'x'.repeat(10_001) }, /^longDescription: Long description must be at most 10000 characters/],
  ])(
    'given a bad record field %j, when the dinner is saved, then 400 naming the field and nothing appended',
    async (bad, message) => {
      t = await makeTestApp();
      const dinner = (await schedule()).find((w) => w.id === '6')!;
      const before = await t.eventStore.readStream(workshopStream('6'));
      const res = await adminCall(t.app, 'PUT', '/api/admin/workshops/6', { body: { ...formOf(dinner), ...bad } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
      expect(await t.eventStore.readStream(workshopStream('6'))).toHaveLength(before.length);
    },
  );

  it('given a workshop whose instructor and attire an administrator set, when a parent enrolls, then the confirmation e-mail shows them', async () => {
    const mailer = new MemoryMailer();
    t = await makeTestApp({ reactors: true, extra: () => ({ mailer }) });
    const created = await adminCall(t.app, 'POST', '/api/admin/workshops', {
      body: {
        title: 'Business Lunch',
        description: 'Lunch with a client.',
        category: 'business',
        date: '2025-10-02T12:00',
        time: '12:00 PM - 1:30 PM',
        location: 'Plano',
        price: 0,
        capacity: 10,
        instructor: 'Clara Whitmore',
        attire: 'Business formal',
      },
    });
    const { id } = (await created.json()) as { id: string };
    const enrolled = await t.app.request(`/api/enroll/workshop/${id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...baseForm(), workshopId: id, totalPrice: 0 }),
    });
    expect(enrolled.status).toBe(201);
    await t.settle();
    const mail = mailer.sent.find((m) => m.subject.includes('Business Lunch'))!;
    expect(mail.text).toContain('Attire: Business formal.');
    expect(mail.html).toContain('Clara Whitmore');
  });
});
