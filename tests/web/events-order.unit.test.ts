import { describe, expect, it } from 'vitest';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { eventsFor } from '../../web/catalogue/eventsFilters.js';
import { SEED_WORKSHOPS } from '../../service/catalogue/seed-workshops.js';

const workshop = (id: string, date: string, category: Workshop['category'] = 'adult'): Workshop => ({
  ...SEED_WORKSHOPS.find((w) => w.id === '9')!,
  id,
  title: `Evening ${id}`,
  category,
  date,
  sessions: [{ startsAt: date, endsAt: date }],
  spotsLeft: 10,
  seatsTaken: 0,
});

describe('the events screen’s order', () => {
  const now = new Date('2025-07-01T12:00:00-05:00');
  const list = [
    workshop('last-spring', '2025-04-12T18:00:00-05:00'),
    workshop('next-winter', '2025-12-06T18:00:00-06:00'),
    workshop('next-week', '2025-07-08T18:00:00-05:00', 'children'),
    workshop('last-week', '2025-06-24T18:00:00-05:00'),
    workshop('next-month', '2025-08-02T18:00:00-05:00'),
  ];

  it('given past and upcoming events, then it starts with the nearest one to come, then the rest to come, then the past, latest first', () => {
    expect(eventsFor(list, 'all', null, now).map((w) => w.id)).toEqual([
      'next-week',
      'next-month',
      'next-winter',
      'last-week',
      'last-spring',
    ]);
  });

  it('given a category or a day, then the same order within it', () => {
    expect(eventsFor(list, 'adult', null, now).map((w) => w.id)).toEqual([
      'next-month',
      'next-winter',
      'last-week',
      'last-spring',
    ]);
    expect(eventsFor(list, 'all', '2025-06-24', now).map((w) => w.id)).toEqual(['last-week']);
  });
});
