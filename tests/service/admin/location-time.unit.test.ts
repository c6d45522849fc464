import { describe, expect, it } from 'vitest';
import { newWorkshop } from '../../../service/admin/catalogue-commands.js';
import { toSchoolInstant } from '../../../service/admin/school-time.js';
import { endTimeOf, zonedRangeText } from '../../../contracts/catalogue/workshop-time.js';
import { oneSessionOf } from '../../../contracts/catalogue/sessions.js';
import { courseDatesInWords, timeRangeWords } from '../../../contracts/catalogue/session-words.js';
import type { AdminWorkshopInput } from '../../../contracts/admin/catalogue-forms.js';
import { itemFacts } from '../../../service/mail/templates/format.js';

const DENVER = 'America/Denver';
const CHICAGO = 'America/Chicago';

// In 2027 the US clocks go forward on Sunday March 14 and back on Sunday November 7.
describe('a wall-clock time read on a location’s clock (issue 41 item 3)', () => {
  it('given El Paso (Mountain time), when 10:00 is typed the day before and the day the clocks go forward, then each has that day’s offset', () => {
    expect(toSchoolInstant('2027-03-13T10:00', 'date', DENVER)).toBe('2027-03-13T10:00:00-07:00');
    expect(toSchoolInstant('2027-03-14T10:00', 'date', DENVER)).toBe('2027-03-14T10:00:00-06:00');
  });

  it('given Plano and El Paso, when the same 10:00 is typed on the day the clocks go back, then they are an hour apart as instants', () => {
    const plano = toSchoolInstant('2027-11-07T10:00', 'date', CHICAGO);
    const elPaso = toSchoolInstant('2027-11-07T10:00', 'date', DENVER);
    expect(plano).toBe('2027-11-07T10:00:00-06:00');
    expect(elPaso).toBe('2027-11-07T10:00:00-07:00');
    expect(Date.parse(elPaso) - Date.parse(plano)).toBe(3_600_000);
  });

  it('given a time the clocks skip, when it is typed, then it reads as the time after the change', () => {
    expect(toSchoolInstant('2027-03-14T02:30', 'date', DENVER)).toBe('2027-03-14T03:30:00-06:00');
  });

  it('given no zone, when a time is typed, then it is on the school’s clock as before', () => {
    expect(toSchoolInstant('2027-03-14T10:00')).toBe('2027-03-14T10:00:00-05:00');
  });
});

describe('a time range as the schedule shows it', () => {
  it('given a session at El Paso, then it names its zone; at Plano it reads as before', () => {
    expect(zonedRangeText('2027-03-14T10:00:00-06:00', '2027-03-14T11:30:00-06:00', DENVER)).toBe(
      '10:00 AM - 11:30 AM MT',
    );
    expect(zonedRangeText('2027-03-14T10:00:00-05:00', '2027-03-14T11:30:00-05:00', CHICAGO)).toBe(
      '10:00 AM - 11:30 AM',
    );
  });

  it('given a labelled range, then its end is still read, on the zone’s clock', () => {
    expect(endTimeOf('10:00 AM - 11:30 AM MT')).toBe('11:30');
    expect(
      oneSessionOf({ date: '2027-03-14T10:00:00-06:00', time: '10:00 AM - 11:30 AM MT', timeZone: DENVER }),
    ).toEqual({
      startsAt: '2027-03-14T10:00:00-06:00',
      endsAt: '2027-03-14T11:30:00-06:00',
    });
  });
});

describe('sessions in words, as cards, dialogs, e-mails and receipts say them', () => {
  const late = { startsAt: '2027-03-14T23:00:00-06:00', endsAt: '2027-03-14T23:30:00-06:00' };

  it('given a late session at El Paso, then its day and time are El Paso’s and say which, where the school’s clock is an hour on and a day later', () => {
    expect(timeRangeWords(late, DENVER)).toBe('11:00 – 11:30 PM MT');
    expect(courseDatesInWords([late], DENVER)).toBe('Sunday, March 14, 2027, 11:00 – 11:30 PM MT');
    expect(courseDatesInWords([late])).toBe('Monday, March 15, 2027, 12:00 – 12:30 AM');
  });
});

describe('an e-mail’s facts of a course at El Paso', () => {
  it('given its sessions on El Paso’s clock, then each session line is on it and says which', () => {
    const sessions = [
      { startsAt: '2027-03-13T10:00:00-07:00', endsAt: '2027-03-13T11:30:00-07:00' },
      { startsAt: '2027-03-14T10:00:00-06:00', endsAt: '2027-03-14T11:30:00-06:00' },
    ];
    const facts = itemFacts({
      kind: 'workshop',
      title: 'Manners & Me',
      date: sessions[0]!.startsAt,
      time: '10:00 AM - 11:30 AM MT',
      location: '100 N Mesa St, El Paso, TX 79901',
      attire: '',
      instructor: 'Margaret Ellison',
      sessions,
      timeZone: DENVER,
    });
    expect(Object.fromEntries(facts).Sessions).toBe(
      'Session 1: Saturday, March 13, 2027, 10:00 – 11:30 AM MT; Session 2: Sunday, March 14, 2027, 10:00 – 11:30 AM MT',
    );
  });
});

describe('a workshop scheduled at a location in another zone', () => {
  const form = {
    title: 'Table Manners',
    description: 'Dining etiquette for children.',
    category: 'children',
    date: '2027-03-14T10:00',
    endTime: '11:30',
    locationId: 'el-paso',
    price: 95,
    capacity: 10,
  } as AdminWorkshopInput;

  it('given the form’s wall-clock start and end, when it is scheduled at El Paso, then its times are on El Paso’s clock and say so', () => {
    const w = newWorkshop('w1', form, { placeText: '1 Main St, El Paso, TX 79901', timeZone: DENVER });
    expect(w.date).toBe('2027-03-14T10:00:00-06:00');
    expect(w.sessions).toEqual([{ startsAt: '2027-03-14T10:00:00-06:00', endsAt: '2027-03-14T11:30:00-06:00' }]);
    expect(w.time).toBe('10:00 AM - 11:30 AM MT');
    expect(w.timeZone).toBe(DENVER);
  });

  it('given a course’s sessions and a closing time, then each is read on El Paso’s clock', () => {
    const w = newWorkshop(
      'w2',
      {
        ...form,
        date: undefined,
        endTime: undefined,
        sessions: [
          { startsAt: '2027-03-13T10:00', endsAt: '2027-03-13T11:30' },
          { startsAt: '2027-03-14T10:00', endsAt: '2027-03-14T11:30' },
        ],
        enrollmentClosesAt: '2027-03-12T18:00',
      } as AdminWorkshopInput,
      { timeZone: DENVER },
    );
    expect(w.sessions.map((s) => s.startsAt)).toEqual(['2027-03-13T10:00:00-07:00', '2027-03-14T10:00:00-06:00']);
    expect(w.enrollmentClosesAt).toBe('2027-03-12T18:00:00-07:00');
    expect(w.time).toBe('10:00 AM - 11:30 AM MT');
  });

  it('given the school’s own zone, then the record carries no zone and reads as before', () => {
    const w = newWorkshop('w3', form, { timeZone: CHICAGO });
    expect(w.date).toBe('2027-03-14T10:00:00-05:00');
    expect(w.time).toBe('10:00 AM - 11:30 AM');
    expect(w).not.toHaveProperty('timeZone');
  });
});
