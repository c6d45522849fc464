import type { WorkshopData } from '../../contracts/catalogue/workshop.js';
import { ADDRESS_ONE_LINE, SCHOOL } from '../../contracts/core/school.js';

/**
 * The ten workshops of the specifications. Where the two specifications disagree on capacity
 * (tea parties 10 or 15, dinner 20 or 25), the enrollment side's figures are used: that is the
 * list seats are sold from. Times are in the school's zone (America/Chicago, CDT = UTC-5 in summer).
 */
const camp = (id: string, date: string, dates: string): WorkshopData => ({
  id,
  title: "Children's Etiquette Camp",
  description: 'Four mornings of manners, dining skills and confidence for ages 7-12.',
  longDescription:
    `Our most popular summer program: ${dates}, 90 minutes a day.\n\n` +
    'Day 1: Introductions, greetings and first impressions.\nDay 2: Table manners with a full place setting.\n' +
    'Day 3: Kindness, respect and good sportsmanship.\nDay 4: Graduation luncheon and certificate ceremony.',
  additionalInfo: [
    { label: 'Schedule', value: 'Monday to Thursday, 10:00 AM - 11:30 AM' },
    { label: 'Includes', value: 'Workbook, snacks and a certificate on the final day' },
  ],
  date,
  time: '10:00 AM - 11:30 AM',
  location: ADDRESS_ONE_LINE,
  instructor: SCHOOL.owner,
  duration: '4 days (90 minutes a day)',
  category: 'summer',
  ageRange: '7-12',
  attire: 'Casual',
  price: 250,
  capacity: 18,
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
  instructor: SCHOOL.owner,
  duration: '1.5 hours',
  category: 'tea-party',
  ageRange,
  attire: 'Dressy but not formal',
  price: 75,
  capacity: 15,
});

export const SEED_WORKSHOPS: WorkshopData[] = [
  camp('1', '2025-06-23T10:00:00-05:00', 'June 23-26'),
  camp('2', '2025-07-07T10:00:00-05:00', 'July 7-10'),
  camp('3', '2025-07-21T10:00:00-05:00', 'July 21-24'),
  princessTea('4', '2025-06-07T12:30:00-05:00', '5-9'),
  princessTea('5', '2025-06-28T12:30:00-05:00', '6-10'),
  {
    id: '6',
    title: 'Etiquette After Dark - Dinner',
    description: 'A four-course dinner with a gentle lesson in fine-dining etiquette.',
    longDescription:
      'An elegant evening for adults: a four-course meal served with instruction in American and continental dining styles, toasts and table conversation.\n\nCome alone or bring someone special.',
    additionalInfo: [{ label: 'Menu', value: 'Four courses; tell us about dietary needs when you enroll' }],
    date: '2025-07-19T19:00:00-05:00',
    time: '7:00 PM - 9:00 PM',
    location: ADDRESS_ONE_LINE,
    instructor: SCHOOL.owner,
    duration: '2 hours',
    category: 'adult',
    ageRange: '18+',
    attire: 'Black attire',
    price: 150,
    note: 'Single: $150 / Couple: $250',
    capacity: 25,
  },
  {
    id: '7',
    title: 'Tea Party (Boys & Girls)',
    description: 'A lively tea party where boys and girls practise table manners together.',
    longDescription: 'Games, tea and treats that teach passing, serving and polite conversation.',
    date: '2025-09-13T12:30:00-05:00',
    time: '12:30 PM - 2:00 PM',
    location: ADDRESS_ONE_LINE,
    instructor: SCHOOL.owner,
    duration: '1.5 hours',
    category: 'tea-party',
    ageRange: '6-10',
    attire: 'Dressy casual',
    price: 80,
    capacity: 15,
  },
  {
    id: '8',
    title: 'Manners & Me Training',
    description: 'A half-day camp of essential manners, with lunch and a certificate.',
    longDescription:
      'A focused half day covering greetings, table manners and thank-you notes.\nLunch is served as a practice meal, and every child receives a certificate.',
    additionalInfo: [{ label: 'Includes', value: 'Lunch and a certificate' }],
    date: '2025-09-20T10:00:00-05:00',
    time: '10:00 AM - 1:00 PM',
    location: ADDRESS_ONE_LINE,
    instructor: SCHOOL.owner,
    duration: '3 hours',
    category: 'children',
    ageRange: '7-12',
    attire: 'Dressy attire requested',
    price: 150,
    capacity: 12,
  },
  {
    id: '9',
    title: 'Etiquette After Dark',
    description: 'Dining etiquette for grown-ups over a relaxed evening meal.',
    longDescription:
      'An evening of cocktails-hour conversation, a plated meal and polished dining skills.\nFor guests 21 and over.',
    additionalInfo: [{ label: 'Includes', value: 'Meal included' }],
    date: '2025-09-27T18:00:00-05:00',
    time: '6:00 PM - 8:00 PM',
    location: ADDRESS_ONE_LINE,
    instructor: SCHOOL.owner,
    duration: '2 hours',
    category: 'adult',
    ageRange: '21+',
    attire: 'Cocktail or business formal',
    price: 130,
    capacity: 16,
  },
  {
    id: '10',
    title: 'Global Chamber of Commerce Networking Event',
    description: 'A free networking evening for business people, open to the public.',
    longDescription:
      'Meet local professionals, practise your introduction and enjoy light refreshments.\nFree and open to the public.',
    additionalInfo: [{ label: 'Refreshments', value: 'Light refreshments served' }],
    date: '2025-08-19T17:00:00-05:00',
    time: '5:00 PM - 7:00 PM',
    location: ADDRESS_ONE_LINE,
    instructor: SCHOOL.owner,
    duration: '2 hours',
    category: 'business',
    ageRange: 'All ages',
    attire: 'Business casual',
    price: 0,
    capacity: 50,
  },
];
