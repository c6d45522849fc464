import type { WorkshopData } from '../../contracts/catalogue/workshop.js';
import { oneSessionOf, sameDayAt } from '../../contracts/catalogue/sessions.js';
import { ADDRESS_ONE_LINE, SCHOOL } from '../../contracts/core/school.js';
import { dayRange, repeatedSessions } from './season.js';
import { PLANO_LOCATION_ID } from '../locations/seed-location.js';

/** The programs (service/catalogue/seed-programs.ts) the seeded workshops are offerings of. */
const PROGRAM = {
  mannersAndMe: '1',
  summerCamp: '2',
  executiveEdge: '3',
  prepareToLaunch: '4',
  princessTea: '5',
  tweensTeens: '7',
  teaPartyBoysGirls: '9',
  afterDark: '10',
} as const;

/**
 * The ten workshops of the specifications. Where the two specifications disagree on capacity
 * (tea parties 10 or 15, dinner 20 or 25), the enrollment side's figures are used: that is the
 * list seats are sold from. Times are in the school's zone (America/Chicago, CDT = UTC-5 in summer).
 */
const camp = (id: string, date: string): WorkshopData => ({
  id,
  title: "Children's Etiquette Camp",
  description: 'Four mornings of manners, dining skills and confidence for ages 7-12.',
  longDescription:
    `Our most popular summer program: ${dayRange(date, 4)}, 90 minutes a day.\n\n` +
    'Day 1: Introductions, greetings and first impressions.\nDay 2: Table manners with a full place setting.\n' +
    'Day 3: Kindness, respect and good sportsmanship.\nDay 4: Graduation luncheon and certificate ceremony.',
  additionalInfo: [
    { label: 'Schedule', value: 'Monday to Thursday, 10:00 AM - 11:30 AM' },
    { label: 'Includes', value: 'Workbook, snacks and a certificate on the final day' },
  ],
  date,
  time: '10:00 AM - 11:30 AM',
  location: ADDRESS_ONE_LINE,
  locationId: PLANO_LOCATION_ID,
  instructor: SCHOOL.owner,
  duration: '4 days (90 minutes a day)',
  category: 'summer',
  ageRange: '7-12',
  attire: 'Casual',
  price: 250,
  capacity: 18,
  programId: PROGRAM.summerCamp,
  // What its description says: four daily sessions, Monday to Thursday, 90 minutes each.
  sessions: repeatedSessions(date, 4, 1, '11:30'),
});

const princessTea = (id: string, date: string, ageRange: string): WorkshopData => ({
  id,
  title: 'Princess Tea Party',
  description: 'An enchanting afternoon tea where little royals learn tea-party manners.',
  longDescription:
    'Guests are welcomed with a curtsy, learn to hold a teacup and use a napkin, and practise polite conversation over tea sandwiches and sweets.\n\nTiaras welcome.',
  additionalInfo: [{ label: 'Includes', value: 'Tea, sandwiches, sweets and a keepsake photo' }],
  date,
  time: '12:30 PM - 2:00 PM',
  location: ADDRESS_ONE_LINE,
  locationId: PLANO_LOCATION_ID,
  instructor: SCHOOL.owner,
  duration: '1.5 hours',
  category: 'tea-party',
  ageRange,
  attire: 'Dressy but not formal',
  price: 75,
  capacity: 15,
  programId: PROGRAM.princessTea,
  sessions: [oneSessionOf({ date, time: '12:30 PM - 2:00 PM' })],
});

const oneDate = (w: Omit<WorkshopData, 'sessions'>): WorkshopData => ({ ...w, sessions: [oneSessionOf(w)] });

/**
 * The workshops the school is seeded with, each on the date `on` gives its id: the
 * specifications' ten, then one course of each program they leave without one (below).
 */
export const seedWorkshopRecords = (on: (id: string) => string): WorkshopData[] => [
  camp('1', on('1')),
  camp('2', on('2')),
  camp('3', on('3')),
  princessTea('4', on('4'), '5-9'),
  princessTea('5', on('5'), '6-10'),
  oneDate({
    id: '6',
    title: 'Etiquette After Dark - Dinner',
    description: 'A four-course dinner with a gentle lesson in fine-dining etiquette.',
    longDescription:
      'An elegant evening for adults: a four-course meal served with instruction in American and continental dining styles, toasts and table conversation.\n\nCome alone or bring someone special.',
    additionalInfo: [{ label: 'Menu', value: 'Four courses; tell us about dietary needs when you enroll' }],
    date: on('6'),
    time: '7:00 PM - 9:00 PM',
    location: ADDRESS_ONE_LINE,
    locationId: PLANO_LOCATION_ID,
    instructor: SCHOOL.owner,
    duration: '2 hours',
    category: 'adult',
    ageRange: '18+',
    attire: 'Black attire',
    price: 150,
    note: 'Single: $150 / Couple: $250',
    priceTiers: [{ participants: 2, totalPrice: 250 }],
    capacity: 25,
    programId: PROGRAM.afterDark,
  }),
  oneDate({
    id: '7',
    title: 'Tea Party (Boys & Girls)',
    description: 'A lively tea party where boys and girls practise table manners together.',
    longDescription: 'Games, tea and treats that teach passing, serving and polite conversation.',
    date: on('7'),
    time: '12:30 PM - 2:00 PM',
    location: ADDRESS_ONE_LINE,
    locationId: PLANO_LOCATION_ID,
    instructor: SCHOOL.owner,
    duration: '1.5 hours',
    category: 'tea-party',
    ageRange: '6-10',
    attire: 'Dressy casual',
    price: 80,
    capacity: 15,
    programId: PROGRAM.teaPartyBoysGirls,
  }),
  oneDate({
    id: '8',
    title: 'Manners & Me Training',
    description: 'A half-day camp of essential manners, with lunch and a certificate.',
    longDescription:
      'A focused half day covering greetings, table manners and thank-you notes.\nLunch is served as a practice meal, and every child receives a certificate.',
    additionalInfo: [{ label: 'Includes', value: 'Lunch and a certificate' }],
    date: on('8'),
    time: '10:00 AM - 1:00 PM',
    location: ADDRESS_ONE_LINE,
    locationId: PLANO_LOCATION_ID,
    instructor: SCHOOL.owner,
    duration: '3 hours',
    category: 'children',
    ageRange: '7-12',
    attire: 'Dressy attire requested',
    price: 150,
    capacity: 12,
  }),
  oneDate({
    id: '9',
    title: 'Etiquette After Dark',
    description: 'Dining etiquette for grown-ups over a relaxed evening meal.',
    longDescription:
      'An evening of cocktails-hour conversation, a plated meal and polished dining skills.\nFor guests 21 and over.',
    additionalInfo: [{ label: 'Includes', value: 'Meal included' }],
    date: on('9'),
    time: '6:00 PM - 8:00 PM',
    location: ADDRESS_ONE_LINE,
    locationId: PLANO_LOCATION_ID,
    instructor: SCHOOL.owner,
    duration: '2 hours',
    category: 'adult',
    ageRange: '21+',
    attire: 'Cocktail or business formal',
    price: 130,
    capacity: 16,
    programId: PROGRAM.afterDark,
  }),
  oneDate({
    id: '10',
    title: 'Global Chamber of Commerce Networking Event',
    description: 'A free networking evening for business people, open to the public.',
    longDescription:
      'Meet local professionals, practise your introduction and enjoy light refreshments.\nFree and open to the public.',
    additionalInfo: [{ label: 'Refreshments', value: 'Light refreshments served' }],
    date: on('10'),
    time: '5:00 PM - 7:00 PM',
    location: ADDRESS_ONE_LINE,
    locationId: PLANO_LOCATION_ID,
    instructor: SCHOOL.owner,
    duration: '2 hours',
    category: 'business',
    ageRange: 'All ages',
    attire: 'Business casual',
    price: 0,
    capacity: 50,
  }),
  ...courses(on),
];

const courseBase = {
  location: ADDRESS_ONE_LINE,
  locationId: PLANO_LOCATION_ID,
  instructor: SCHOOL.owner,
} as const;

/**
 * One upcoming offering of each non-private program the specification's list leaves without one,
 * at the program's price and group size, and a second Manners & Me term (a make-up in another
 * offering of the same program needs one).
 */
const courses = (on: (id: string) => string): WorkshopData[] => [
  {
    ...courseBase,
    id: '11',
    programId: PROGRAM.mannersAndMe,
    title: 'Manners & Me',
    description: 'Four Saturday mornings of greetings, table manners and kind words for ages 6-10.',
    longDescription:
      'Week 1: Greetings, introductions and eye contact.\nWeek 2: Table manners with a real place setting.\nWeek 3: Thank-you notes and kind words.\nWeek 4: Sharing, taking turns and a celebration tea.',
    date: on('11'),
    time: '10:00 AM - 11:30 AM',
    duration: '4 weeks (90 minutes a week)',
    category: 'children',
    ageRange: '6-10',
    attire: 'Casual',
    price: 225,
    capacity: 12,
    sessions: repeatedSessions(on('11'), 4, 7, '11:30'),
    // A family that finds the class after the first Saturday may still join for the rest, pro rata.
    lateJoinUntilSession: 2,
  },
  {
    ...courseBase,
    id: '12',
    programId: PROGRAM.mannersAndMe,
    title: 'Manners & Me (Tuesday afternoons)',
    description: 'The four-week Manners & Me course on Tuesday afternoons after school, for ages 6-10.',
    longDescription:
      'The same four lessons as the Saturday class, after school: greetings, table manners, thank-you notes and sharing.',
    date: on('12'),
    time: '4:30 PM - 6:00 PM',
    duration: '4 weeks (90 minutes a week)',
    category: 'children',
    ageRange: '6-10',
    attire: 'Casual',
    price: 225,
    capacity: 12,
    sessions: repeatedSessions(on('12'), 4, 7, '18:00'),
  },
  {
    ...courseBase,
    id: '13',
    programId: PROGRAM.tweensTeens,
    title: 'Etiquette for Tweens & Teens',
    description: 'Four Wednesday evenings of social confidence, dining skills and digital manners for ages 11-17.',
    date: on('13'),
    time: '6:00 PM - 7:30 PM',
    duration: '4 weeks (90 minutes a week)',
    category: 'teen',
    ageRange: '11-17',
    attire: 'Smart casual',
    price: 250,
    capacity: 20,
    sessions: repeatedSessions(on('13'), 4, 7, '19:30'),
  },
  {
    ...courseBase,
    id: '14',
    programId: PROGRAM.prepareToLaunch,
    title: 'Prepare to Launch',
    description: 'Five Thursday evenings that ready older teens for interviews, college and first jobs.',
    date: on('14'),
    time: '6:00 PM - 7:30 PM',
    duration: '5 weeks (90 minutes a week)',
    category: 'teen',
    ageRange: '15-18',
    attire: 'Business casual',
    price: 300,
    capacity: 20,
    sessions: repeatedSessions(on('14'), 5, 7, '19:30'),
  },
  {
    ...courseBase,
    id: '15',
    programId: PROGRAM.executiveEdge,
    title: 'Executive Edge',
    description: 'A four-hour morning of business etiquette, dining and presence for professionals.',
    date: on('15'),
    time: '9:00 AM - 1:00 PM',
    duration: '4 hours',
    category: 'business',
    ageRange: 'Adults',
    attire: 'Business attire',
    price: 495,
    capacity: 15,
    sessions: [{ startsAt: on('15'), endsAt: sameDayAt(on('15'), '13:00') }],
  },
];
