import { describe, expect, it } from 'vitest';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import { ADDRESS_ONE_LINE } from '../../../contracts/core/school.js';
import { SEED_PROGRAMS } from '../../../service/catalogue/seed-programs.js';
import { NO_RATINGS, publicProgram } from '../../../contracts/catalogue/rating.js';
import { SEED_WORKSHOPS } from '../../../service/catalogue/seed-workshops.js';
import { jsonForScript } from '../../../contracts/site/ssr.js';
import {
  availabilityOf,
  localBusiness,
  programCourse,
  workshopEnd,
  workshopEvent,
  workshopEvents,
} from '../../../contracts/site/structured-data.js';

const workshop = (over: Partial<Workshop> = {}): Workshop => ({
  id: '4',
  title: 'Princess Tea Party',
  description: 'A tea party for young royals.',
  date: '2025-06-07T12:30:00-05:00',
  time: '12:30 PM - 2:00 PM',
  location: ADDRESS_ONE_LINE,
  instructor: 'Margaret Ellison',
  duration: '1.5 hours',
  category: 'tea-party',
  ageRange: '5-9',
  price: 75,
  capacity: 15,
  spotsLeft: 15,
  seatsTaken: 0,
  sessions: [{ startsAt: over.date ?? '2025-06-07T12:30:00-05:00', endsAt: '2025-06-07T14:00:00-05:00' }],
  ...over,
});
const BEFORE = new Date('2025-05-01T12:00:00Z');

describe('JSON-LD for search engines', () => {
  it('given a workshop, then an Event with its start, end, place, organizer and an offer in dollars', () => {
    expect(workshopEvent(workshop(), 'https://school.example', BEFORE)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Princess Tea Party',
      description: 'A tea party for young royals.',
      startDate: '2025-06-07T12:30:00-05:00',
      endDate: '2025-06-07T14:00:00-05:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Great Lakes School of Etiquette',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '5800 Legacy Drive, Suite 120, Legacy Commons Shopping Centre',
          addressLocality: 'Plano',
          addressRegion: 'TX',
          postalCode: '75024',
          addressCountry: 'US',
        },
      },
      performer: { '@type': 'Person', name: 'Margaret Ellison' },
      organizer: { '@type': 'Organization', name: 'Great Lakes School of Etiquette', url: 'https://school.example/' },
      offers: {
        '@type': 'Offer',
        url: 'https://school.example/enroll/4',
        price: 75,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        validThrough: '2025-06-07T17:30:00.000Z',
      },
      typicalAgeRange: '5-9',
    });
  });

  it('given a camp over four days, then it ends on the fourth day at the end of its daily time', () => {
    const camp = workshop({
      date: '2025-06-23T10:00:00-05:00',
      time: '10:00 AM - 11:30 AM',
      duration: '4 days (90 minutes a day)',
    });
    expect(workshopEnd(camp)).toBe('2025-06-26T11:30:00-05:00');
  });

  it('given a winter evening, then the end carries the standard-time offset', () => {
    const dinner = workshop({ date: '2025-12-06T19:00:00-06:00', time: '7:00 PM - 9:00 PM', duration: '2 hours' });
    expect(workshopEnd(dinner)).toBe('2025-12-06T21:00:00-06:00');
  });

  it('given a time with no end, then no end date is made up', () => {
    expect(workshopEnd(workshop({ time: '11:30 PM' }))).toBeUndefined();
    expect(workshopEvent(workshop({ time: '' }), 'https://s', BEFORE)).not.toHaveProperty('endDate');
  });

  it('given seats and the sales window, then the availability says what a parent can do', () => {
    expect(availabilityOf(workshop({ spotsLeft: 9 }), BEFORE)).toBe('https://schema.org/InStock');
    expect(availabilityOf(workshop({ spotsLeft: 2 }), BEFORE)).toBe('https://schema.org/LimitedAvailability');
    expect(availabilityOf(workshop({ spotsLeft: 0 }), BEFORE)).toBe('https://schema.org/SoldOut');
    expect(availabilityOf(workshop({ enrollmentClosesAt: '2025-04-30T12:00:00-05:00' }), BEFORE)).toBe(
      'https://schema.org/Discontinued',
    );
  });

  it('given sales closed early with no seats left, then Discontinued: closed says more than full, since no seat freed will sell', () => {
    const closedAndFull = workshop({ spotsLeft: 0, enrollmentClosesAt: '2025-04-30T12:00:00-05:00' });
    expect(availabilityOf(closedAndFull, BEFORE)).toBe('https://schema.org/Discontinued');
  });

  it('given a workshop that has begun, then Discontinued', () => {
    expect(availabilityOf(workshop(), new Date('2025-06-07T17:30:00Z'))).toBe('https://schema.org/Discontinued');
    expect(availabilityOf(workshop(), new Date('2025-06-07T17:29:59Z'))).toBe('https://schema.org/InStock');
  });

  it('given sales that open after now, then PreOrder, and InStock from the opening instant on', () => {
    const opening = workshop({ scheduledAt: '2025-05-02T09:00:00.000Z' });
    expect(availabilityOf(opening, BEFORE)).toBe('https://schema.org/PreOrder');
    expect(availabilityOf(opening, new Date('2025-05-02T09:00:00.000Z'))).toBe('https://schema.org/InStock');
  });

  it('given a workshop whose sales opened at its publication, then the offer is valid from then until sales close', () => {
    const w = workshop({ scheduledAt: '2025-04-20T15:00:00.000Z', enrollmentClosesAt: '2025-06-05T17:00:00-05:00' });
    expect(workshopEvent(w, 'https://example.org', BEFORE).offers).toMatchObject({
      validFrom: '2025-04-20T15:00:00.000Z',
      validThrough: '2025-06-05T22:00:00.000Z',
      availability: 'https://schema.org/InStock',
    });
  });

  it('given a workshop projected before its publication time was kept, then no validFrom is made up', () => {
    expect(workshopEvent(workshop(), 'https://example.org', BEFORE).offers).not.toHaveProperty('validFrom');
  });

  it('given a place other than the school, then its own words, not the school’s address', () => {
    const away = workshopEvent(workshop({ location: 'The Grand Hotel, Dallas' }), 'https://s', BEFORE);
    expect(away.location).toEqual({
      '@type': 'Place',
      name: 'The Grand Hotel, Dallas',
      address: 'The Grand Hotel, Dallas',
    });
  });

  it('given past and upcoming workshops, then only the upcoming ones are listed', () => {
    const list = [workshop({ id: '1', date: '2025-04-01T10:00:00-05:00' }), workshop({ id: '2' })];
    expect(workshopEvents(list, 'https://s', BEFORE).map((e) => (e.offers as { url: string }).url)).toEqual([
      'https://s/enroll/2',
    ]);
  });

  it('given the school, then a LocalBusiness with its hours as schema.org writes them, where it is on a map, and its logo', () => {
    expect(localBusiness('https://school.example')).toMatchObject({
      '@type': 'LocalBusiness',
      url: 'https://school.example/',
      openingHours: ['Mo-Fr 09:00-17:00', 'Sa 09:00-13:00'],
      geo: { '@type': 'GeoCoordinates', latitude: expect.any(Number), longitude: expect.any(Number) },
      logo: 'https://school.example/images/logo.png',
      image: 'https://school.example/images/logo.png',
    });
    const { geo } = localBusiness('https://school.example') as { geo: { latitude: number; longitude: number } };
    // Plano, Texas: a point in town, not a guess elsewhere.
    expect(geo.latitude).toBeGreaterThan(32.95);
    expect(geo.latitude).toBeLessThan(33.15);
    expect(geo.longitude).toBeGreaterThan(-96.9);
    expect(geo.longitude).toBeLessThan(-96.6);
  });

  it('given text that would close the script element, then it is escaped and still parses to the same value', () => {
    const value = { name: '</script><script>alert(1)</script> <!-- \u2028' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/<|\u2028/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('JSON-LD of a program page', () => {
  it('given Manners & Me with two upcoming terms and a past one, then a Course with a CourseInstance per upcoming term, each session a subEvent', () => {
    const program = publicProgram(
      SEED_PROGRAMS.find((p) => p.id === '1')!,
      NO_RATINGS,
    );
    const listed = SEED_WORKSHOPS.map((w) => ({ ...w, spotsLeft: w.capacity, seatsTaken: 0 }));
    const past = {
      ...listed.find((w) => w.id === '12')!,
      id: 'old',
      sessions: [{ startsAt: '2025-04-01T16:30:00-05:00', endsAt: '2025-04-01T18:00:00-05:00' }],
      date: '2025-04-01T16:30:00-05:00',
    };
    const course = programCourse(program, [...listed, past], 'https://school.example', BEFORE);
    expect(course).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: 'Manners & Me',
      url: 'https://school.example/program/manners-and-me',
      provider: { '@type': 'Organization' },
    });
    const instances = course.hasCourseInstance as Record<string, unknown>[];
    expect(instances.map((i) => i.name)).toEqual(['Manners & Me', 'Manners & Me (Tuesday afternoons)']);
    expect(instances[0]).toMatchObject({
      '@type': 'CourseInstance',
      courseMode: 'Onsite',
      startDate: '2025-08-02T10:00:00-05:00',
      endDate: '2025-08-23T11:30:00-05:00',
      offers: { '@type': 'Offer', price: 225, priceCurrency: 'USD', url: 'https://school.example/enroll/11' },
      // What course rich results ask of an instance: its length and pace.
      courseSchedule: {
        '@type': 'Schedule',
        repeatFrequency: 'Weekly',
        repeatCount: 4,
        duration: 'PT1H30M',
        startDate: '2025-08-02',
        endDate: '2025-08-23',
        startTime: '10:00',
        endTime: '11:30',
        scheduleTimezone: 'America/Chicago',
      },
    });
    // And of the course: what it costs, as an offer.
    expect(course.offers).toEqual({
      '@type': 'Offer',
      category: 'Paid',
      price: 225,
      priceCurrency: 'USD',
      url: 'https://school.example/program/manners-and-me',
    });
    const sessions = instances[0]!.subEvent as Record<string, unknown>[];
    expect(sessions).toHaveLength(4);
    expect(sessions[1]).toMatchObject({
      '@type': 'Event',
      name: 'Manners & Me, session 2 of 4',
      startDate: '2025-08-09T10:00:00-05:00',
      endDate: '2025-08-09T11:30:00-05:00',
    });
    // Safe inside a script element, as every JSON-LD block of the site.
    expect(jsonForScript(course)).not.toContain('<');
  });

  it('given a camp on four days in a row, a one-morning class and sessions at odd intervals, then daily, once, and the hours in all', () => {
    const program = publicProgram(
      SEED_PROGRAMS.find((p) => p.id === '1')!,
      NO_RATINGS,
    );
    const base = { ...SEED_WORKSHOPS.find((w) => w.id === '11')!, spotsLeft: 5, seatsTaken: 0, programId: program.id };
    const at = (day: string, from: string, to: string) => ({
      startsAt: `2025-08-${day}T${from}:00-05:00`,
      endsAt: `2025-08-${day}T${to}:00-05:00`,
    });
    const camp = { ...base, id: 'camp', sessions: ['04', '05', '06', '07'].map((d) => at(d, '09:00', '12:00')) };
    const once = { ...base, id: 'once', sessions: [at('09', '09:00', '13:00')] };
    const odd = {
      ...base,
      id: 'odd',
      sessions: [at('11', '10:00', '11:00'), at('13', '10:00', '11:00'), at('20', '10:00', '11:00')],
    };
    const schedules = (
      programCourse(program, [camp, once, odd], 'https://s', BEFORE).hasCourseInstance as {
        courseSchedule?: Record<string, unknown>;
        courseWorkload?: string;
      }[]
    ).map((i) => i.courseSchedule ?? i.courseWorkload);
    expect(schedules[0]).toMatchObject({ repeatFrequency: 'Daily', repeatCount: 4, duration: 'PT3H' });
    expect(schedules[1]).toMatchObject({ repeatFrequency: 'Daily', repeatCount: 1, duration: 'PT4H' });
    expect(schedules[2]).toBe('PT3H');
  });

  it('given a free program, then its offer says so', () => {
    const program = {
      ...publicProgram(
        SEED_PROGRAMS.find((p) => p.id === '1')!,
        NO_RATINGS,
      ),
      price: 0,
    };
    expect((programCourse(program, [], 'https://s', BEFORE).offers as { category: string }).category).toBe('Free');
  });
});
